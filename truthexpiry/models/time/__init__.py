"""Time as data: windows and what a question says about time, the change listings, transitions
and what is coming, the overview, and change notices."""

"""Reading what a question says about time: dates, periods, windows, and follow-ups about time."""

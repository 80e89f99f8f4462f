"""`python -m truthexpiry records import`: a table of records (CSV or JSON Lines) turned into a
validated lifecycle dataset."""

"""The words the worker says, shared by Slack and the command line: notices, what a response
says about time, single changes, and example questions. Plain text around data; Block Kit is
laid out from these in `listeners/views/`, and the command line prints them as they are."""

"""Pure rendering for Slack: responses and catalogs in, Block Kit dicts out.

Nothing here calls Slack or does I/O; listeners post what these functions return.
"""

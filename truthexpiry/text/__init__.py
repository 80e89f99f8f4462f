"""Text as the domain reads it: tokens and sentences, the word tables, Slack markup and
JSON input.
"""

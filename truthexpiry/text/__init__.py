"""Text as the domain reads it: tokens and sentences, the word tables and JSON input."""

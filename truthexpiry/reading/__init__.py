"""Reading claims, value questions and change subjects out of text, by the catalog's vocabulary."""

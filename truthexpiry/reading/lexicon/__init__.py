"""The catalog's words as reading uses them: the words of names, the catalog's phrases and their
matching index (built once per catalog version), and the screen that spares a message's sentences
about nothing the question asked."""

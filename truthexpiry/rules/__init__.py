"""The deterministic rules: the labeler, scope resolution, source precedence and owner evidence."""

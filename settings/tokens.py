"""The shape of a token in the settings: usable as an HTTP header, not a placeholder.

`MIN_BEARER_TOKEN_LENGTH` is the shortest bearer token the lifecycle MCP server accepts; the
worker holds the token it sends to the same rule, so `app.py --check` catches a token the server
would refuse. Messages name the rule broken, never the value.
"""

from __future__ import annotations

MIN_BEARER_TOKEN_LENGTH = 16
TOKEN_CHARACTERS = frozenset(map(chr, range(0x21, 0x7F)))  # visible ASCII: header-safe
# Words that `.env.sample` and similar templates put where a token belongs (`xoxb-your-...`);
# a real Slack token's dash-separated parts are digits and random letters, never these.
_PLACEHOLDER_PARTS = frozenset({"your", "changeme", "placeholder", "example", "xxx", "...", "…"})


def character_problem(value: str) -> str | None:
    """Why `value` cannot be sent as a token, or None: spaces and non-ASCII are refused."""
    if set(value) <= TOKEN_CHARACTERS:
        return None
    if any(character.isspace() for character in value):
        return "has a space or other whitespace inside it"
    return "has characters outside visible ASCII"


def is_placeholder(value: str) -> bool:
    """True for a template's stand-in (`xoxb-your-bot-token`), not a real token."""
    return bool(_PLACEHOLDER_PARTS & set(value.lower().split("-")))


def bearer_token_problem(value: str) -> str | None:
    """Why the lifecycle server would refuse `value` as a bearer token, or None."""
    if len(value) < MIN_BEARER_TOKEN_LENGTH:
        return f"is shorter than {MIN_BEARER_TOKEN_LENGTH} characters"
    return character_problem(value)

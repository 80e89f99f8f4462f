"""Slack message markup reduced to plain text, for search queries and for claim extraction.

Slack writes references as `<...>`: users `<@U123>` or `<@U123|ana>`, channels `<#C123|general>`,
links `<https://x>` or `<https://x|label>`, special commands `<!here>`, `<!subteam^S1|@eng>` and
`<!date^1700000000^{date}|Nov 14>`. It escapes `&`, `<` and `>` as `&amp;`, `&lt;` and `&gt;`,
marks emphasis with `*bold*`, `_italic_`, `~strike~` and backticks, quotes with a leading `>`,
and writes emoji as `:name:`.

`plain_text` keeps every readable part (labels, names, bare link targets) so claims and ticket
references survive; `query_text` keeps only what a person typed as words: link labels, no
mentions, channels, commands or bare URLs. Both drop emoji and emphasis marks, and bound their
work by cutting the input first.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

# Regex work per text is bounded: callers cut content to a few thousand characters anyway.
MAX_INPUT_CHARS = 20_000

_REFERENCE = re.compile(r"<([^<>\n]{1,2000})>")
# `:tada:`, `:+1:`, `:skin-tone-2:`; never the digits of a time such as `10:30:00`.
_EMOJI = re.compile(r"(?<![0-9A-Za-z]):(?=[a-z0-9_+'-]{0,100}[a-z])[a-z0-9_+'-]{1,100}:")
_EMPHASIS = re.compile(r"(?<!\w)([*_~])(?=\S)([^\n]{0,300}?\S)\1(?!\w)")
_CODE_TICKS = re.compile(r"`+")
_QUOTE = re.compile(r"(?m)^[ \t]*&gt;[ \t]?")
_SPACES = re.compile(r"[ \t\u00a0]+")


def plain_text(text: str) -> str:
    """Readable text of a Slack message: `<@U1|ana> see <https://x/PROD-1>` -> `@ana see
    https://x/PROD-1`."""
    return _strip(text, _readable_reference)


def query_text(text: str) -> str:
    """The words a person typed: mentions, channels, commands, bare URLs and emoji removed,
    link labels kept."""
    return _strip(text, _typed_reference)


def _strip(text: str, reference: Callable[[re.Match[str]], str]) -> str:
    cut = _QUOTE.sub("", text[:MAX_INPUT_CHARS])
    # References first, entities after: an escaped `&lt;@U1&gt;` is literal text, not a mention.
    cut = html.unescape(_REFERENCE.sub(reference, cut))
    cut = _EMOJI.sub(" ", cut)
    cut = _EMPHASIS.sub(r"\2", cut)
    cut = _CODE_TICKS.sub("", cut)
    return "\n".join(_SPACES.sub(" ", line).strip() for line in cut.splitlines()).strip()


def _readable_reference(match: re.Match[str]) -> str:
    target, _, label = match.group(1).partition("|")
    if target.startswith(("@", "#")):
        return f"{target[0]}{label}" if label and not label.startswith(target[0]) else label
    if target.startswith("!"):
        return label
    return label or target


def _typed_reference(match: re.Match[str]) -> str:
    target, _, label = match.group(1).partition("|")
    if target.startswith(("@", "#", "!")):
        return " "
    return f" {label} " if label else " "

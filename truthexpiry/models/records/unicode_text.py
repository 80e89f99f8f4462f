"""Unicode hygiene for text that comes from outside: files, the command line, Slack.

Identifiers (record IDs, entities, attributes, scope keys and values) must not be able to
look like another identifier while being different: they are NFKC-normalised (full-width
letters read as ASCII ones), may not carry invisible or direction-changing characters
(zero-width spaces and joiners, bidi overrides, the byte-order mark: Unicode categories Cf and
Cs, and control characters), and may not mix letters of two scripts (`report_export` spelled
with a Cyrillic `e`). Chinese, Japanese and Korean letters may stand beside those of one other
script, as in `api制限`.

`valid_text` makes any text encodable as UTF-8: bytes that arrived as surrogates (an undecodable
command-line argument) or lone surrogates from a JSON escape become U+FFFD.
"""

from __future__ import annotations

import re
import unicodedata

_SURROGATES = re.compile("[\ud800-\udfff]")
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_PLAIN = re.compile(r"^[\x21-\x7e]+$")
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
# Letters of these scripts mix with one other script without looking like it.
_EAST_ASIAN = frozenset(
    {"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "HANGUL", "BOPOMOFO", "IDEOGRAPHIC"}
)
_SHOWN = 40  # characters of an offending identifier quoted in a message


def valid_text(text: str) -> str:
    """`text`, with every surrogate code point replaced by U+FFFD so that it encodes as UTF-8."""
    if text.isascii():
        return text
    return _SURROGATES.sub("\ufffd", text)


def shown(text: str, limit: int = _SHOWN) -> str:
    """A short quotation for an error message: at most `limit` characters, non-ASCII escaped
    (`'\\u0421-100'`) so that a look-alike or an invisible character is visible."""
    cut = text[:limit]
    return ascii(cut) + ("\u2026" if len(text) > limit else "")


def plain_or_shown(name: str) -> str:
    """A name as it is when it is short printable ASCII, else quoted by `shown`."""
    if len(name) <= _SHOWN and _PLAIN.match(name):
        return name
    return shown(name)


def nfkc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def identifier_problem(text: str) -> str | None:
    """Why `text` (already NFKC-normalised) cannot be an identifier, or None when it can."""
    if text.isascii():
        return "has a control character" if _ASCII_CONTROL.search(text) else None
    hidden = _first_hidden(text)
    if hidden is not None:
        return f"has an invisible or control character (U+{ord(hidden):04X})"
    scripts = letter_scripts(text) - _EAST_ASIAN
    if len(scripts) > 1:
        return f"mixes letters of different scripts ({', '.join(sorted(scripts)).lower()})"
    return None


def _first_hidden(text: str) -> str | None:
    for character in text:
        if unicodedata.category(character) in _HIDDEN_CATEGORIES and not character.isspace():
            return character
    return None


def letter_scripts(text: str) -> set[str]:
    """The scripts of the letters in `text`, named by the first word of each letter's Unicode
    name (`LATIN`, `CYRILLIC`, `GREEK`, `CJK`...)."""
    scripts = set()
    for character in text:
        if character.isascii():
            if character.isalpha():
                scripts.add("LATIN")
        elif unicodedata.category(character).startswith("L"):
            scripts.add(unicodedata.name(character, "UNKNOWN").split(" ", 1)[0])
    return scripts

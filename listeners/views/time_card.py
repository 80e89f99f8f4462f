"""The part of a reply card about time: the changes in a window or inside a period, or what is
coming, in the wording the command line uses too (`time_words`), and the report's flags.

Bounded by construction, whatever the records hold: every piece of data is escaped and clipped
(`inline`), headings and notes are clipped, each line names at most `_MOST` values and record
IDs, at most `MAX_TIME_LINES` lines are listed within `MAX_TIME_CHARS` characters, packed into
sections under Slack's 3,000, and the lines left out are counted ("…and 12 more changes not
shown"), never dropped silently.
"""

from __future__ import annotations

from listeners.views.blocks import MAX_TEXT, Block, clip_mrkdwn, context, inline, packed, section
from truthexpiry.models.answering.requests import TruthExpiryResponse
from wording.change_words import TimeLine
from wording.time_words import time_words

MAX_TIME_LINES = 20
MAX_TIME_CHARS = 5000  # of the card's 10,000: the claims found in Slack keep the rest
_SECTION = MAX_TEXT - 100
_VALUE = 80
_FALLBACK_VALUE = 60
_MOST = 3
_FALLBACK_LINES = 5
_HEADING = 600  # a heading or a note naming many subjects or scope values is clipped
_NARROW = "ask about one subject or a shorter window to see them all."


def quote(text: str) -> str:
    """A piece of data in a card: escaped, clipped."""
    return inline(text, _VALUE)


def time_blocks(response: TruthExpiryResponse) -> list[Block]:
    """The sections that list changes or what is coming, and the flags; [] for a response with
    nothing to say about time."""
    words = time_words(response, quote, _MOST, MAX_TIME_LINES)
    if words is None:
        return []
    mark = ":warning: " if response.time is not None and response.time.unavailable else ""
    heading = f"{mark}*{clip_mrkdwn(words.heading, _HEADING)}*" + (":" if words.lines else ".")
    lines = [line_text(line) for line in words.lines]
    shown, spent = 0, len(heading)
    for line in lines:
        if spent + 1 + len(line) > MAX_TIME_CHARS:
            break
        shown, spent = shown + 1, spent + 1 + len(line)
    blocks = [section("\n".join(chunk)) for chunk in packed([heading, *lines[:shown]], _SECTION)]
    notes = [clip_mrkdwn(note, _HEADING) for note in words.notes]
    if left := words.left + len(lines) - shown:
        noun = ("record" if words.coming else "change") + ("s" if left != 1 else "")
        notes.insert(0, f"\u2026and {left} more {noun} not shown: {_NARROW}")
    if notes:
        blocks.append(context(*(f":information_source: {n}" for n in notes)))
    return blocks


def line_text(line: TimeLine) -> str:
    """`• *2026-05-12* · *Report export availability · plan=starter*: enabled → disabled ·
    LC-101`."""
    return f"\u2022 *{line.day}* · *{line.subject}*: {line.change} · {line.records}"


def time_fallback(response: TruthExpiryResponse) -> list[str]:
    """The same, as plain lines for the fallback text: the heading, the first lines, a count
    of the rest, the flags."""
    words = time_words(response, _fallback_quote, _MOST, _FALLBACK_LINES)
    if words is None:
        return []
    lines = [words.heading + (":" if words.lines else "."), *map(_plain, words.lines)]
    if words.left:
        lines.append(f"\u2026and {words.left} more.")
    return [*lines, *words.notes]


def _fallback_quote(text: str) -> str:
    return inline(text, _FALLBACK_VALUE)


def _plain(line: TimeLine) -> str:
    return f"{line.day} {line.subject}: {line.change} ({line.records})"

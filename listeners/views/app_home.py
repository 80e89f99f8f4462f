"""The App Home tab: what TruthExpiry does, recent and coming changes, how to ask, what the
labels mean, what it can check.

"What it can check" lists the catalog's topics, one line per checkable attribute with the
scope values its records use, packed into as few sections as fit; a catalog too large for
Slack's 100 blocks ends with a count of the topics left out.
"""

from __future__ import annotations

from typing import Any

from listeners.views.blocks import (
    MAX_TEXT,
    MAX_VIEW_BLOCKS,
    Block,
    clip_mrkdwn,
    context,
    divider,
    header,
    inline,
    packed,
    section,
)
from listeners.views.changes import overview_blocks
from listeners.views.messages import WHERE_I_ANSWER
from listeners.views.statuses import MEANING, badge
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.status import Status
from truthexpiry.models.time.change_overview import ChangeOverview
from wording.examples import example_questions

_TOPIC = 600
_SECTION = MAX_TEXT - 100
_EXAMPLES = 3

_INTRO = (
    "*Similarity is not validity.* A Slack message that sounds like the answer may already be "
    "out of date. TruthExpiry finds what people said in public channels, turns it into "
    "concrete claims, and checks each claim against the authoritative lifecycle records with "
    "fixed rules. A language model may help read the messages; it never decides what is true."
)

_HOW_TO_ASK = (
    "\u2022 *Mention me* in a public channel with your question; I reply in the thread.\n"
    "\u2022 *Send me a direct message* with the same kind of question.\n"
    "\u2022 *Open me in the assistant panel* and pick a suggested prompt or type a question.\n"
    "\u2022 *Check this message*: on any message in a public channel, open the message "
    "menu (\u22ee) and choose *Check this message* to label the claims it makes.\n"
    "I only read public channels, and I keep nothing you ask or what I find."
)

_LABELS = "\n".join(f"{badge(status)}: {MEANING[status]}" for status in Status)


def elsewhere_view() -> dict[str, Any]:
    """The Home tab for someone from another team: where the app answers, and nothing else."""
    return {"type": "home", "blocks": [header("TruthExpiry"), section(f":lock: {WHERE_I_ANSWER}")]}


def home_view(
    catalog: Catalog,
    *,
    dataset_version: str,
    authority: AuthorityPolicy | None = None,
    changes: ChangeOverview | None = None,
    changes_unavailable: bool = False,
) -> dict[str, Any]:
    """The view for `views.publish`: `{"type": "home", "blocks": [...]}`, at most 100 blocks.
    With an authority policy, a section says which sources win and whose word counts. With
    `changes`, "Recent changes" and "Coming up" follow the introduction; with
    `changes_unavailable`, a note says they could not be read."""
    shown = changes is not None or changes_unavailable
    head = [
        header("TruthExpiry"),
        section(_INTRO),
        divider(),
        *([*overview_blocks(changes), divider()] if shown else []),
        header("How to ask"),
        section(_HOW_TO_ASK + _examples(catalog)),
        divider(),
        header("What the labels mean"),
        section(_LABELS),
        divider(),
        *_authority_blocks(authority),
        header("What I can check"),
    ]
    foot = [context(f"Lifecycle dataset: {inline(dataset_version, 200)}")]
    topics = _topic_blocks(catalog, MAX_VIEW_BLOCKS - len(head) - len(foot))
    return {"type": "home", "blocks": [*head, *topics, *foot]}


def _authority_blocks(authority: AuthorityPolicy | None) -> list[Block]:
    if authority is None:
        return []
    lines = "\n".join(f"\u2022 {inline(line, 500)}" for line in authority.summary())
    return [header("Authority policy"), section(clip_mrkdwn(lines, _SECTION)), divider()]


def _examples(catalog: Catalog) -> str:
    examples = example_questions(catalog, _EXAMPLES)
    if not examples:
        return ""
    asked = ", ".join(f"\u201c{inline(e.question, 200)}\u201d" for e in examples)
    return f"\nFor example: {asked}"


def _topic_blocks(catalog: Catalog, room: int) -> list[Block]:
    lines = [_topic(info, catalog) for _, info in sorted(catalog.attributes.items())]
    if not lines:
        return [section("Nothing yet: the lifecycle records name no topics.")]
    chunks = packed(lines, _SECTION)
    if len(chunks) <= room:
        return [section("\n".join(chunk)) for chunk in chunks]
    kept = chunks[: room - 1]  # one block left for the count of what is left out
    left = len(lines) - sum(len(chunk) for chunk in kept)
    return [
        *(section("\n".join(chunk)) for chunk in kept),
        context(f"\u2026and {left} more topic{'s' if left != 1 else ''} not shown."),
    ]


def _topic(info: AttributeInfo, catalog: Catalog) -> str:
    """`• *Report export* availability — plan: enterprise, starter; region: global`."""
    entity = catalog.entities.get(info.entity)
    name = f"*{inline(entity.label if entity else info.entity, 150)}* {inline(info.label, 150)}"
    scopes = "; ".join(
        f"{inline(key, 60)}: {inline(', '.join(values), 200)}"
        for key, values in sorted(info.scope_values.items())
    )
    description = info.description or (entity.description if entity else None)
    line = f"\u2022 {name}" + (f" \u2014 {scopes}" if scopes else "")
    if description:
        line += f"\n    {inline(description, 200)}"
    return clip_mrkdwn(line, _TOPIC)

"""Short replies for everything that is not a verdict: outages, refusals, progress, prompts.

Each reply says what happened and what the reader can do, in words a user understands; none
repeats what the user wrote, names an internal error, or shows a token.
"""

from __future__ import annotations

from listeners.views.blocks import Reply, context, section
from truthexpiry.models.records.catalog import Catalog
from wording.examples import example_questions

MAX_PROMPTS = 4  # Slack shows at most four suggested prompts

WORKING_STATUS = "is checking the lifecycle records\u2026"  # "TruthExpiry is checking…"

GREETING = (
    "Hi! Ask me whether something you read in Slack is still true, for example whether a "
    "feature is on for a plan or what a limit is. I check what people said against the "
    "lifecycle records and label each claim CURRENT, SUPERSEDED, CONFLICTING or UNVERIFIED."
)


def _reply(emoji: str, text: str) -> Reply:
    return Reply(text, [section(f"{emoji} {text}")])


def restarting() -> Reply:
    return _reply(
        ":arrows_counterclockwise:",
        "I was restarting and could not finish this one. Please ask again.",
    )


def too_long(limit: int) -> Reply:
    return _reply(
        ":scissors:",
        f"That is too long for me to check (over {limit:,} characters). "
        "Please ask about one thing at a time.",
    )


def not_public() -> Reply:
    """A shortcut on a message outside the public channels only this workspace can read."""
    return _reply(
        ":lock:",
        "I can only check messages in public channels that only this workspace's people can "
        "read, so I left this one alone.",
    )


WHERE_I_ANSWER = (
    "I answer only this workspace's own people: in public channels that only they can read, "
    "in a direct message with me, or in my assistant panel. I don't answer in private "
    "channels, group DMs or channels shared with other organisations."
)


def not_answered_here() -> Reply:
    """Somewhere the app does not answer, or someone from another team: where it answers,
    nothing searched or checked."""
    return _reply(":lock:", WHERE_I_ANSWER)


def thread_too_long(reply: Reply) -> Reply:
    """`reply` with a note that the follow-up was answered on its own: the thread was too long
    to read back to an earlier question."""
    note = (
        "This thread is too long for me to read back to your earlier questions, so I "
        "answered this message on its own. Ask the whole question to be sure."
    )
    return Reply(f"{reply.text}\n{note}", [*reply.blocks, context(f":scroll: {note}")])


def internal_error() -> Reply:
    return _reply(
        ":x:",
        "Something went wrong on my side and I could not check this. Please ask again; "
        "if it keeps happening, tell the team that runs TruthExpiry.",
    )


def suggested_prompts(catalog: Catalog) -> list[dict[str, str]]:
    """Prompts for a new assistant thread: `{"title", "message"}`, at most four, each a
    question the app can answer about the catalog's topics."""
    return [
        {"title": e.title, "message": e.question} for e in example_questions(catalog, MAX_PROMPTS)
    ]

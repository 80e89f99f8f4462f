"""Records made directly on hot paths instead of with `dataclasses.replace` keep every field:
each field set to a value of its own, the direct construction equals `replace`."""

from __future__ import annotations

from dataclasses import fields, replace
from types import SimpleNamespace
from typing import Any

from truthexpiry.models.answering.verdicts import Resolution, Verdict
from truthexpiry.models.status import Status
from truthexpiry.rules.resolution import _settled
from truthexpiry.services.request_run import with_subject


def _every_field_set(kind: type[Any], **given: object) -> Any:
    """An instance of `kind` with a distinct stand-in in every field not `given`."""
    values = {f.name: given.get(f.name, f"<{f.name}>") for f in fields(kind)}
    return kind(**values)


def test_a_verdict_with_its_subject_keeps_every_other_field() -> None:
    verdict = _every_field_set(Verdict)

    made = with_subject(verdict, "SSO login availability", "Because.")

    assert made == replace(verdict, subject="SSO login availability", explanation="Because.")


def test_a_settled_resolution_keeps_every_field_of_its_base() -> None:
    base = _every_field_set(Resolution, pending=())
    current = (SimpleNamespace(value="enabled"),)

    made = _settled(base, current, "It is on.")  # type: ignore[arg-type]

    assert made == replace(
        base,
        current=current,
        current_values=("enabled",),
        status=Status.CURRENT,
        explanation="It is on.",
    )

"""The models' hand-written shortcuts give what the enum would have."""

from __future__ import annotations

from truthexpiry.models.records.lifecycle import LifecycleState


def test_only_shipped_and_effective_states_are_authoritative() -> None:
    authoritative = {s for s in LifecycleState if s.is_authoritative}
    assert authoritative == {LifecycleState.SHIPPED, LifecycleState.EFFECTIVE}

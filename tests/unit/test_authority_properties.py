"""Invariants of the authority policy over generated histories and messages (hypothesis)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import AS_OF, KEY, claim, record
from tests.unit.test_labeler_properties import VALUES, histories
from truthexpiry.models.answering.claims import Claim, ClaimSource
from truthexpiry.models.answering.messages import MessageRef
from truthexpiry.models.records.authority import AuthorityPolicy, OwnerRule
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label
from truthexpiry.rules.owners import OwnerEvidence
from truthexpiry.rules.precedence import distinct_values
from truthexpiry.rules.resolution import resolve

PROPERTY = settings(deadline=None)
SOURCES = ("billing", "jira", "wiki")
RULE = OwnerRule(KEY.entity, None, frozenset({"U0OWNER"}), frozenset({"C0PROD"}), 30)
OWNERS_ONLY = AuthorityPolicy(owners=(RULE,))


def _owner_claim(
    value: str, *, days_ago: int = 1, channel: str = "C0PROD", author: str = "U0OWNER"
) -> Claim:
    said = datetime(AS_OF.year, AS_OF.month, AS_OF.day, 12, tzinfo=UTC) - timedelta(days=days_ago)
    ref = MessageRef(str(said.timestamp()), channel, "https://example.slack.com/p1", (), author)
    return claim(value, source=ClaimSource.MESSAGE, message=ref)


@PROPERTY
@given(histories())
def test_without_precedence_resolution_is_identical_to_no_policy(
    history: list[LifecycleRecord],
) -> None:
    plain = resolve(KEY, history, AS_OF)

    assert resolve(KEY, history, AS_OF, AuthorityPolicy()) == plain
    assert resolve(KEY, history, AS_OF, OWNERS_ONLY) == plain


@PROPERTY
@given(
    st.lists(st.tuples(st.sampled_from(SOURCES), st.sampled_from(VALUES)), min_size=1, max_size=6),
    st.permutations(SOURCES),
)
def test_a_same_date_disagreement_resolves_to_the_first_ranked_source_when_it_agrees(
    drawn: list[tuple[str, str]], order: list[str]
) -> None:
    records = [record(f"R-{i}", v, "2025-01-01", source=s) for i, (s, v) in enumerate(drawn)]
    resolution = resolve(KEY, records, AS_OF, AuthorityPolicy(precedence=tuple(order)))

    preferred = next(s for s in order if any(r.source == s for r in records))
    theirs = [r for r in records if r.source == preferred]
    if len(distinct_values(records)) == 1:
        assert resolution.status is Status.CURRENT
    elif len(distinct_values(theirs)) == 1:
        assert resolution.status is Status.CURRENT
        assert {r.source for r in resolution.current} == {preferred}
        assert resolution.current_values == (theirs[0].value,)
    else:
        assert resolution.status is Status.CONFLICTING


@PROPERTY
@given(histories(), st.sampled_from(VALUES), st.sampled_from(VALUES))
def test_owner_evidence_never_beats_an_authoritative_record(
    history: list[LifecycleRecord], owner_value: str, stated: str
) -> None:
    resolution = resolve(KEY, history, AS_OF, OWNERS_ONLY)
    owners = OwnerEvidence(OWNERS_ONLY, AS_OF)
    owners.add(KEY, _owner_claim(owner_value))

    plain = label(claim(stated), resolution)
    reviewed = label(claim(stated), resolution, owners=owners.word_on(KEY))

    if any(r.is_authoritative_on(AS_OF) for r in history):
        assert (reviewed.status, reviewed.current_values) == (plain.status, plain.current_values)
    else:
        assert reviewed.status in (Status.CURRENT, Status.UNVERIFIED)


@PROPERTY
@given(
    st.integers(-40, 80),
    st.sampled_from(["C0PROD", "C0RANDOM"]),
    st.sampled_from(["U0OWNER", "U0OTHER", "W0OWNER"]),
)
def test_owner_evidence_counts_only_in_its_channel_window_and_owner_list(
    days_ago: int, channel: str, author: str
) -> None:
    owners = OwnerEvidence(OWNERS_ONLY, AS_OF)
    resolution = resolve(KEY, [], AS_OF)
    owners.add(KEY, _owner_claim("enabled", days_ago=days_ago, channel=channel, author=author))

    reviewed = label(claim("on"), resolution, owners=owners.word_on(KEY))

    counts = channel == "C0PROD" and author == "U0OWNER" and 0 <= days_ago <= 30
    assert (reviewed.status is Status.CURRENT) == counts

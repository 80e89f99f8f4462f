"""The request-scoped part of the pipeline: resolving scopes, fetching each key's records once,
labelling claims and answering value questions for one question, then discarded. Judged on a
date other than `today`, explanations are worded for that date (`time/dated.py`).

A claim's key is resolved once per request however often it is asked for (owner evidence, then
the verdict), and a key made only of catalog words is kept per catalog version (`CatalogKeys`):
normalising the same identifiers for every request was a third of the labelling's time. Each
catalog attribute's description (the subject of its verdicts) is kept there too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from truthexpiry.models.answering.claims import Claim, ValueQuery
from truthexpiry.models.answering.notices import Notice, ScopeNotStated
from truthexpiry.models.answering.verdicts import Answer, Resolution, UnverifiedReason, Verdict
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey, Scope
from truthexpiry.models.status import Status
from truthexpiry.ports import LifecycleEvidence
from truthexpiry.rules import labeler
from truthexpiry.rules.labeler import label, states_current, unverified
from truthexpiry.rules.owners import OwnerEvidence
from truthexpiry.rules.resolution import resolve, settle
from truthexpiry.rules.scope import MissingScope, known_scopes, resolve_scope
from truthexpiry.time.dated import today_note, worded_for

_KEPT_CATALOGS = 4  # catalog versions whose resolved keys are kept
_KEPT_KEYS = 4096  # resolved keys kept per catalog version
# Read once: an enum's member read through its class is a lookup each time (every claim).
_NO_RECORDS, _SUPERSEDED = UnverifiedReason.NO_RECORDS, Status.SUPERSEDED


class CatalogKeys:
    """The resolved keys of one catalog version, for scopes made only of the catalog's own
    values: catalog vocabulary only, never a word of a request (a scope value the catalog does
    not know is resolved afresh every time). Bounded: emptied when full."""

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog
        self._keys: dict[tuple[str, str, Scope], ClaimKey | MissingScope] = {}
        self._subjects: dict[tuple[str, str], str] = {}

    def describe(self, entity: str, attribute: str) -> str:
        """`Catalog.describe`, kept for the catalog's own attributes (a pair the catalog does
        not have is described afresh: it may come from a request)."""
        found = self._subjects.get((entity, attribute))
        if found is None:
            found = self._catalog.describe(entity, attribute)
            if (entity, attribute) in self._catalog.attributes:
                if len(self._subjects) >= _KEPT_KEYS:
                    self._subjects.clear()
                self._subjects[(entity, attribute)] = found
        return found

    def resolve(self, entity: str, attribute: str, stated: Scope) -> ClaimKey | MissingScope:
        found = self._keys.get((entity, attribute, stated))
        if found is not None:
            return found
        resolved = resolve_scope(entity, attribute, stated, self._catalog)
        info = self._catalog.attributes.get((entity, attribute))
        if info is not None and all(v in info.scope_values.get(k, ()) for k, v in stated):
            if len(self._keys) >= _KEPT_KEYS:
                self._keys.clear()
            self._keys[(entity, attribute, stated)] = resolved
        return resolved


def catalog_keys(catalog: Catalog) -> CatalogKeys:
    """The catalog version's resolved keys (by fingerprint), made on first use."""
    keys = _CATALOG_KEYS.get(catalog.fingerprint)
    if keys is None or keys._catalog is not catalog:
        keys = CatalogKeys(catalog)
        if len(_CATALOG_KEYS) >= _KEPT_CATALOGS:
            _CATALOG_KEYS.pop(next(iter(_CATALOG_KEYS)), None)
        _CATALOG_KEYS[catalog.fingerprint] = keys
    return keys


_CATALOG_KEYS: dict[str, CatalogKeys] = {}


class RequestRun:
    """Request-scoped state: the catalog and the resolutions fetched for this question."""

    def __init__(
        self,
        evidence: LifecycleEvidence,
        catalog: Catalog,
        as_of: date,
        owners: OwnerEvidence,
        today: date | None = None,
    ) -> None:
        self._evidence = evidence
        self._catalog = catalog
        self._as_of = as_of
        self._today = as_of if today is None else today
        self._owners = owners
        self._resolutions: dict[ClaimKey, Resolution | EvidenceUnavailableError] = {}
        self._keys = catalog_keys(catalog)

    def collect_owner_evidence(self, claims: Sequence[Claim]) -> None:
        if not self._owners.policy.owners:
            return  # without an owner rule no claim is owner evidence
        for claim in claims:
            key = self._keys.resolve(claim.entity, claim.attribute, claim.scope)
            if not isinstance(key, MissingScope):
                self._owners.add(key, claim)

    def verdict(self, claim: Claim) -> Verdict:
        """The claim's verdict, with its subject, its explanation worded for a stated scope value
        without records and for the day judged on (made once, worded before it is made)."""
        subject = self._keys.describe(claim.entity, claim.attribute)
        key = self._keys.resolve(claim.entity, claim.attribute, claim.scope)
        if isinstance(key, MissingScope):
            reason, explanation = UnverifiedReason.MISSING_SCOPE, key.explain("The claim")
            return unverified(claim, key.partial_key, reason, explanation, subject)
        resolution = self._resolve(key)
        if isinstance(resolution, EvidenceUnavailableError):
            reason, explanation = UnverifiedReason.EVIDENCE_UNAVAILABLE, _unavailable(resolution)
            return unverified(claim, key, reason, explanation, subject)

        def worded(status: Status, reason: UnverifiedReason | None, explanation: str) -> str:
            if reason is _NO_RECORDS:
                explanation = self._no_records(
                    claim.entity, claim.attribute, claim.scope, explanation
                )
            if self._today != self._as_of:
                explanation = self._dated(claim, status, resolution, explanation)
            return explanation

        info = self._catalog.attributes.get((claim.entity, claim.attribute))
        owners = self._owners.word_on(key, claim)
        return label(claim, resolution, info, owners, subject, wording=worded)

    def _dated(self, claim: Claim, status: Status, resolution: Resolution, explanation: str) -> str:
        """The explanation of a claim labelled `status` from `resolution`, worded for the date
        judged on; for a claim SUPERSEDED then, whether it states today's value."""
        explanation = worded_for(explanation, self._as_of, self._today, resolution.pending)
        if status is not _SUPERSEDED or not self._changed_since(resolution):
            return explanation
        now = settle(resolution.key, resolution.timeline, self._today, self._owners.policy)
        info = self._catalog.attributes.get((claim.entity, claim.attribute))
        if states_current(claim, now, info):
            explanation += today_note(self._as_of, now.current)
        return explanation

    def _changed_since(self, resolution: Resolution) -> bool:
        """Whether today's records may say otherwise than those of the day judged on: judged on
        a past day, only a record pending then and in effect by today changes what they say."""
        if self._today < self._as_of:
            return True
        return any(record.effective_date <= self._today for record in resolution.pending)

    def answer(self, query: ValueQuery, notices: list[Notice]) -> Answer | None:
        key = self._keys.resolve(query.entity, query.attribute, query.scope)
        if isinstance(key, MissingScope):
            notices.append(ScopeNotStated(key))
            return None
        resolution = self._resolve(key)
        subject = self._keys.describe(query.entity, query.attribute)
        if not isinstance(resolution, EvidenceUnavailableError) and (
            resolution.reason is _NO_RECORDS
        ):
            explanation = self._no_records(
                query.entity, query.attribute, query.scope, resolution.explanation
            )
            resolution = replace(resolution, explanation=explanation)
        if isinstance(resolution, EvidenceUnavailableError):
            return labeler.unverified_answer(key, _unavailable(resolution), subject)
        found = labeler.answer(resolution, subject, self._owners.word_on(key))
        dated = worded_for(found.explanation, self._as_of, self._today, resolution.pending)
        return found if dated == found.explanation else replace(found, explanation=dated)

    def _no_records(self, entity: str, attribute: str, stated: Scope, explanation: str) -> str:
        """Say which stated scope value no record has, and which values do exist."""
        info = self._catalog.attributes.get((entity, attribute))
        if info is None:
            return explanation
        unknown = [(k, v) for k, v in stated if v not in info.scope_values.get(k, (v,))]
        if not unknown:
            scopes = known_scopes(entity, attribute, self._catalog)
            return explanation + (f" Records exist for {scopes}." if scopes else "")
        return " ".join(
            f"There are no records for {k}={v}; records exist for "
            f"{', '.join(f'{k}={value}' for value in info.scope_values[k])}."
            for k, v in unknown
        )

    def _resolve(self, key: ClaimKey) -> Resolution | EvidenceUnavailableError:
        """The key's resolution (or why there is none), fetched on its first use."""
        found = self._resolutions.get(key)
        if found is None:
            try:
                records = self._evidence.lookup(key)
                for record in records:
                    if record.key != key:
                        raise EvidenceUnavailableError(
                            "the evidence source returned records for another key"
                        )
                found = resolve(key, records, self._as_of, self._owners.policy)
            except EvidenceUnavailableError as error:
                found = error
            self._resolutions[key] = found
        return found


def with_subject(verdict: Verdict, subject: str, explanation: str) -> Verdict:
    """`verdict` with its subject and explanation: made directly, as `dataclasses.replace` cost
    as much as the labelling."""
    return Verdict(
        claim=verdict.claim,
        key=verdict.key,
        status=verdict.status,
        current_values=verdict.current_values,
        record_ids=verdict.record_ids,
        explanation=explanation,
        reason=verdict.reason,
        timeline=verdict.timeline,
        subject=subject,
        planned=verdict.planned,
    )


def _unavailable(error: EvidenceUnavailableError) -> str:
    return f"Lifecycle evidence is unavailable ({error}), so nothing could be verified."

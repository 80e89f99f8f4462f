"""Change notices go to the configured channel as one message; a refusal keeps Slack's code."""

from __future__ import annotations

from datetime import date

import pytest
from slack_sdk.errors import SlackApiError

from adapters.slack.change_notices import SlackChangeNotices
from bootstrap import dataset_evidence
from listeners.views.changes import change_notice
from tests.listeners.conftest import FakeWebClient
from truthexpiry.models.errors import NoticeNotPostedError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.status import Status
from truthexpiry.models.time.change_notices import ChangeNotice
from truthexpiry.models.time.changes import Transition

EVIDENCE = dataset_evidence(None)
CATALOG = EVIDENCE.catalog()
KEY = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})
CHANGE = Transition(
    KEY,
    date(2026, 5, 12),
    ("enabled",),
    ("disabled",),
    tuple(r for r in EVIDENCE.lookup(KEY) if r.record_id == "LC-101"),
    Status.CURRENT,
    Status.CURRENT,
)


def test_a_notice_is_posted_to_the_channel_with_its_fallback() -> None:
    client = FakeWebClient()

    SlackChangeNotices(client, "C0NOTICES", render=change_notice).post(
        ChangeNotice(CHANGE, "demo-2"), CATALOG
    )

    [posted] = client.made("chat.postMessage")
    assert posted["channel"] == "C0NOTICES"
    assert posted["unfurl_links"] is False
    assert "LC-101" in posted["text"]
    assert "now stale" in posted["text"]
    assert "Correction" not in posted["text"]
    assert "dataset demo-2" in str(posted["blocks"])  # the dataset the change was read from
    assert CATALOG.version not in str(posted["blocks"])  # not the catalog's, maybe cached


def test_a_correction_says_so_and_what_holds_now() -> None:
    client = FakeWebClient()

    SlackChangeNotices(client, "C0NOTICES", render=change_notice).post(
        ChangeNotice(CHANGE, "demo-3", correction=True), CATALOG
    )

    [posted] = client.made("chat.postMessage")
    assert posted["text"].startswith("Correction (the record was corrected after its notice)")
    blocks = str(posted["blocks"])
    assert "Correction: Report export" in blocks
    assert "record LC-101 was corrected after it was announced here" in blocks
    assert "From *enabled* to *disabled*" in blocks


class RefusingClient:
    def __init__(self, error: Exception) -> None:
        self.error = error

    def chat_postMessage(self, **kwargs: object) -> None:  # noqa: N802
        raise self.error


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (SlackApiError("refused", {"ok": False, "error": "not_in_channel"}), "not_in_channel"),  # type: ignore[no-untyped-call]
        (ConnectionResetError(), "transport"),
    ],
)
def test_a_refusal_is_a_notice_not_posted_with_its_code(error: Exception, code: str) -> None:
    notices = SlackChangeNotices(RefusingClient(error), "C0NOTICES", render=change_notice)

    with pytest.raises(NoticeNotPostedError) as raised:
        notices.post(ChangeNotice(CHANGE, "demo-2"), CATALOG)

    assert raised.value.code == code

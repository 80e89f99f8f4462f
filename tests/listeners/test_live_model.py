"""The worker path with the live extractor: a model that raises anything still gets the asker
the rules' verdicts, with the notice that says so, and the failure is counted by reason."""

from __future__ import annotations

import pytest
from slack_bolt import BoltContext

from listeners.events.app_mention import app_mention_callback
from tests.listeners.conftest import STALE, TOKEN, Recorder, dependencies, metrics_of
from tests.local_slack import events
from tests.scripted_llm import extractor
from tests.unit.test_llm_failures import RAISED, _raising
from truthexpiry.models.answering.notices import ModelFallback
from wording.notices import notice_text


@pytest.mark.parametrize("name", ["KeyError", "AttributeError", "asyncio.CancelledError"])
def test_a_mention_is_answered_by_the_rules_when_the_model_raises(
    name: str, say: Recorder, context: BoltContext
) -> None:
    error, reason = RAISED[name]
    live = extractor(_raising(error))
    deps = dependencies(extractor=live)
    event = events.app_mention(STALE, channel="C0PUBLIC", ts="10.1", action_token=TOKEN)
    try:
        app_mention_callback(deps)(event=event, say=say, context=context)
    finally:
        live.close()

    [(_, said)] = say.calls
    assert "SUPERSEDED" in str(said["blocks"])
    assert notice_text(ModelFallback(reason)) in str(said["blocks"])
    assert metrics_of(deps).requests == [("mention", "answered")]
    assert live.fallbacks.snapshot() == {reason.value: 1}

"""Every entry point, end to end: the right Slack calls with the right verdicts, every envelope
acknowledged, and acknowledged before the work is done."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from devtools.lifecycle_server import LocalLifecycleServer
from tests.e2e.conftest import RunningWorker, start_worker, stop_worker
from tests.local_slack import ApiCall, LocalSlack, events, interactions

pytestmark = pytest.mark.e2e
STALE_QUESTION = "<@UBOT> is report export still available on Starter?"
TOKEN = "action-token-e2e"


def blocks_text(call: ApiCall) -> str:
    blocks = call.args.get("blocks")
    return blocks if isinstance(blocks, str) else json.dumps(blocks)


def posted_in_thread(slack: LocalSlack | RunningWorker, thread_ts: str) -> ApiCall:
    slack = slack.slack if isinstance(slack, RunningWorker) else slack
    return slack.wait_for_call(
        "chat.postMessage", lambda call: call.args.get("thread_ts") == thread_ts
    )


def reply_naming(running: RunningWorker, thread_ts: str, record_id: str) -> ApiCall:
    """The reply in the thread whose card names `record_id`."""
    return running.slack.wait_for_call(
        "chat.postMessage",
        lambda call: call.args.get("thread_ts") == thread_ts and record_id in blocks_text(call),
        timeout=30,
    )


def assistant_thread_asked(running: RunningWorker, question: str, record_id: str) -> str:
    """Open an assistant thread, ask `question` in it, wait for the reply naming `record_id`;
    the thread's timestamp."""
    started = events.assistant_thread_started(action_token=TOKEN)
    thread_ts: str = started["assistant_thread"]["thread_ts"]
    running.slack.send_event(started)
    first = events.direct_message(question, thread_ts=thread_ts, action_token=TOKEN)
    running.slack.send_event(first)
    reply_naming(running, thread_ts, record_id)
    return thread_ts


def test_a_mention_gets_a_threaded_verdict_after_an_early_ack(running: RunningWorker) -> None:
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)

    envelope = running.slack.send_event(event)
    reply = posted_in_thread(running, event["ts"])
    ack = running.slack.wait_for_ack(envelope)

    assert ack.received_at <= reply.at
    assert reply.args["channel"] == event["channel"]
    assert "SUPERSEDED" in blocks_text(reply)
    assert "LC-101" in blocks_text(reply)
    assert "disabled" in blocks_text(reply)
    assert "p1714000000000100" in blocks_text(reply)  # the stale message is linked
    search = running.slack.calls_to("assistant.search.context")
    assert len(search) == 1
    assert search[0].args["action_token"] == TOKEN


def test_a_value_question_gets_the_current_value(running: RunningWorker) -> None:
    event = events.app_mention("<@UBOT> what is the API rate limit on Starter?", action_token=TOKEN)

    running.slack.send_event(event)
    reply = posted_in_thread(running, event["ts"])

    assert "LC-111" in blocks_text(reply)
    assert "50" in reply.args["text"]


def test_a_direct_message_is_answered_in_the_conversation(running: RunningWorker) -> None:
    event = events.direct_message("Is report export still available on Starter?")

    envelope = running.slack.send_event(event)
    reply = running.slack.wait_for_call(
        "chat.postMessage", lambda call: call.args.get("channel") == event["channel"], timeout=30
    )

    running.slack.wait_for_ack(envelope)
    assert "SUPERSEDED" in blocks_text(reply)
    # A plain direct message carries no action token: no search, and no outage reported.
    text = reply.args["text"] + blocks_text(reply)
    assert "unavailable" not in text
    assert reply.args["text"].count("lifecycle records only") == 1
    assert "Slack did not offer a search with this message" in reply.args["text"]


def test_an_assistant_thread_gets_prompts_a_status_and_a_reply(running: RunningWorker) -> None:
    started = events.assistant_thread_started(action_token=TOKEN)
    thread_ts = started["assistant_thread"]["thread_ts"]

    running.slack.send_event(started)
    prompts = running.slack.wait_for_call("assistant.threads.setSuggestedPrompts", timeout=30)
    question = events.direct_message(
        "What is the API rate limit on Starter?", thread_ts=thread_ts, action_token=TOKEN
    )
    running.slack.send_event(question)
    status = running.slack.wait_for_call("assistant.threads.setStatus", timeout=30)
    reply = running.slack.wait_for_call(
        "chat.postMessage",
        lambda call: call.args.get("thread_ts") == thread_ts and "LC-111" in blocks_text(call),
        timeout=30,
    )

    assert prompts.args["thread_ts"] == thread_ts
    assert status.at <= reply.at
    assert status.args["status"]


def test_a_follow_up_in_an_assistant_thread_is_answered_for_the_new_scope(
    running: RunningWorker,
) -> None:
    thread_ts = assistant_thread_asked(running, "What is the API rate limit on Starter?", "LC-111")

    follow_up = events.direct_message("And on Team?", thread_ts=thread_ts, action_token=TOKEN)
    running.slack.send_event(follow_up)
    reply = reply_naming(running, thread_ts, "LC-112")

    read = running.slack.wait_for_call(
        "conversations.replies", lambda call: call.args.get("latest") == follow_up["ts"]
    )
    assert read.args["channel"] == follow_up["channel"]
    assert read.args["ts"] == thread_ts
    assert "500" in reply.args["text"]  # Team's rate limit, from LC-112
    assert "plan=team" in blocks_text(reply)
    searches = running.slack.calls_to("assistant.search.context")
    assert "Starter" in searches[-1].args["query"]  # the question before it is searched too


def test_the_shortcut_labels_the_chosen_public_message_privately(running: RunningWorker) -> None:
    payload = interactions.message_action(
        "check_message", text="Webhooks are enabled on Starter. Dark mode is disabled on Starter."
    )

    envelope = running.slack.send_interactive(payload)
    reply = running.slack.wait_for_call(
        "chat.postMessage",
        lambda call: call.args.get("channel") == payload["user"]["id"],
        timeout=30,
    )

    running.slack.wait_for_ack(envelope)
    assert running.slack.calls_to("conversations.info")
    assert "SUPERSEDED" in blocks_text(reply)
    assert not running.slack.calls_to("assistant.search.context")


def test_the_shortcut_refuses_a_private_channel(running: RunningWorker) -> None:
    running.slack.private_channels = {"C0SECRET"}
    payload = interactions.message_action(
        "check_message", text="Webhooks are enabled on Starter.", channel="C0SECRET"
    )

    running.slack.send_interactive(payload)
    reply = running.slack.wait_for_call("chat.postMessage", timeout=30)

    assert "public" in reply.args["text"].lower()
    assert "SUPERSEDED" not in blocks_text(reply)


def test_a_feedback_click_is_acked_and_counted(running: RunningWorker) -> None:
    envelope = running.slack.send_interactive(
        interactions.block_actions("truthexpiry_feedback_up", value="up")
    )

    running.slack.wait_for_ack(envelope)
    assert running.metrics.votes == ["up"]
    assert not running.slack.calls_to("chat.postMessage")


def test_the_app_home_is_published_from_the_catalog(running: RunningWorker) -> None:
    running.slack.send_event(events.app_home_opened())

    call = running.slack.wait_for_call("views.publish", timeout=30)

    assert call.args["user_id"] == "U0ASKER"
    assert "Report export" in json.dumps(call.args["view"])


def test_the_app_home_shows_a_configured_authority_policy(
    lifecycle: LocalLifecycleServer, tmp_path: Path
) -> None:
    policy = tmp_path / "authority.json"
    policy.write_text(
        json.dumps(
            {
                "owners": {
                    "report_export": {
                        "users": ["U0OWNER"],
                        "channels": ["C0PROD"],
                        "valid_days": 30,
                    }
                },
            }
        )
    )
    with LocalSlack() as slack:
        running = start_worker(
            slack, lifecycle, extra={"TRUTH_EXPIRY_AUTHORITY_POLICY_PATH": str(policy)}
        )
        try:
            slack.send_event(events.app_home_opened())
            view = json.dumps(slack.wait_for_call("views.publish", timeout=30).args["view"])
        finally:
            stop_worker(running)

    assert "Authority policy" in view
    assert "U0OWNER" in view

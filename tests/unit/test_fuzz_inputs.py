"""A seeded, bounded fuzz run over every input loader: the demo dataset, corpus, an authority
policy, evaluation cases and the settings, mutated byte by byte and node by node. Whatever the
mutation, a loader returns or raises the project's own error; no other exception escapes, and
what loads can be used (a question runs through the pipeline on it). The user's view of such
input (exit 2 and one line on stderr) is checked in `tests/integration/test_cli_process.py`."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adapters.authority.policy_file import check_against, load_authority_policy
from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import demo_messages_path
from bootstrap import build_pipeline, corpus_search
from cli.evaluation import load_cases, run_cases
from lifecycle_data.repository import LifecycleRecordRepository, packaged_dataset_path
from lifecycle_mcp.holder import load_dataset
from lifecycle_mcp.settings import ServerSettings
from settings.worker import WorkerSettings
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.errors import TruthExpiryError

ROOT = Path(__file__).resolve().parents[2]
MUTATIONS = 150  # per loader; the whole module takes a few seconds
QUESTION = TruthExpiryRequest("Is report export still available on Starter?")
POLICY = {  # valid for the demo dataset, whose records have no named source
    "precedence": {"default": ["unspecified"], "by_entity": {"api_rate_limit": ["unspecified"]}},
    "owners": {
        "report_export.availability": {"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 30}
    },
}
CASES = [
    {
        "id": "one",
        "question": "Is report export available on Starter?",
        "as_of": "2026-11-30",
        "messages": json.loads(demo_messages_path().read_text())[:2],
        "expect": {"question": {"claim_key": "report_export|availability", "status": "CURRENT"}},
        "authority_policy": {"precedence": {"default": ["unspecified"]}},
    },
    {"id": 2, "question": "What is the rate limit?", "as_of": None, "expect": {"answer": None}},
    {
        "id": "time",
        "question": "What changed for Starter since 2025?",
        "as_of": "2026-11-30",
        "expect": {
            "changes": [
                {
                    "claim_key": "dark_mode|availability|plan=starter|region=global",
                    "from_values": ["disabled"],
                    "to_values": ["enabled"],
                    "record_id": "LC-142",
                    "effective_date": "2025-09-01",
                }
            ],
            "upcoming": [{"claim_key": "x|y", "record_id": "R-1", "state": "PLANNED"}],
            "as_of": "2026-11-30",
            "as_of_source": "option",
        },
    },
]
# Fragments that have broken parsers: deep nesting, long numbers, bad UTF-8, JSON extensions,
# escapes of lone surrogates, invisible and look-alike characters.
INSERTS = [
    b"[" * 3000,
    b"{" * 3000,
    b"[" * 3000 + b"]" * 3000,
    b"9" * 5000,
    b"-" + b"1" * 4301,
    b"1e99999",
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"NaN",
    b"Infinity",
    b'"\\ud800"',
    b"\\udfff",
    "\u200b\u202e\ufeff\u0421".encode(),
    b"null",
    b"[]",
    b"{}",
    b'""',
    b"true",
    b",",
    b'"',
]
WEIRD: list[Any] = [None, True, 0, -1, 1.5, "", " ", "x" * 500, [], {}, [[[[]]]], {"a": {"b": []}}]
WEIRD += ["2026-13-45", "LC-101\u200b", "\u0421-101", "\ud800", "\uff2c\uff23-101", "G0\n"]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(buffer) + 1)
        operation = rng.randrange(4)
        if operation == 0 and buffer:
            buffer[min(at, len(buffer) - 1)] = rng.randrange(256)
        elif operation == 1:
            del buffer[at : at + rng.randint(1, 40)]
        elif operation == 2:
            buffer[at:at] = rng.choice(INSERTS)
        else:
            start = rng.randrange(len(buffer) + 1)
            buffer[at:at] = buffer[start : start + rng.randint(1, 60)]
    return bytes(buffer)


def mutate_tree(document: Any, rng: random.Random) -> Any:
    """A copy of `document` with one node replaced, removed or given an extra key."""
    copy = json.loads(json.dumps(document))
    node = copy
    for _ in range(rng.randint(1, 6)):
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        if not children:
            break
        key, child = rng.choice(children)
        if not isinstance(child, dict | list) or rng.random() < 0.25:
            choice = rng.randrange(3)
            if choice == 0:
                node[key] = rng.choice(WEIRD)
            elif choice == 1 and isinstance(node, dict):
                del node[key]
            elif isinstance(node, dict):
                node[rng.choice(["extra", "\u200bkey", str(key).upper()])] = rng.choice(WEIRD)
            return copy
        node = child
    return rng.choice(WEIRD) if rng.random() < 0.1 else copy


def mutations(seed: int, text: bytes, document: Any) -> list[bytes]:
    rng = random.Random(seed)
    found = []
    for _ in range(MUTATIONS):
        if rng.random() < 0.5:
            found.append(mutate_bytes(text, rng))
        else:
            tree = mutate_tree(document, rng)
            found.append(
                json.dumps(tree, ensure_ascii=rng.random() < 0.5).encode("utf-8", "replace")
            )
    return found


def survives(load: Callable[[Path], object], path: Path, variants: list[bytes]) -> list[str]:
    """Tracebacks from `load` over the variants (as `kind: message` lines); none expected."""
    escaped = []
    for content in variants:
        path.write_bytes(content)
        try:
            load(path)
        except TruthExpiryError:
            pass
        except Exception as error:  # what this test exists to find
            escaped.append(f"{type(error).__name__}: {str(error)[:80]}")
    return escaped


def use_dataset(path: Path) -> None:
    served = load_dataset(path)  # as the lifecycle server loads it, wire catalog included
    build_pipeline(evidence=InProcessLifecycleEvidence(served.repository)).run(QUESTION)


def use_corpus(path: Path) -> None:
    evidence = InProcessLifecycleEvidence(demo())
    build_pipeline(search=corpus_search(path), evidence=evidence).run(QUESTION)


def use_policy(path: Path) -> None:
    check_against(load_authority_policy(path), demo().catalog)


def use_cases(path: Path) -> None:
    list(run_cases(load_cases(path), demo()))


@cache
def demo() -> LifecycleRecordRepository:
    return LifecycleRecordRepository.packaged()


def cases_text(cases: list[Any]) -> bytes:
    return "\n".join(json.dumps(case) for case in cases).encode()


@pytest.mark.parametrize(
    ("name", "load", "text"),
    [
        ("dataset", use_dataset, packaged_dataset_path().read_bytes()),
        ("corpus", use_corpus, demo_messages_path().read_bytes()),
        ("policy", use_policy, json.dumps(POLICY).encode()),
    ],
)
def test_no_mutated_file_makes_a_loader_raise_anything_but_its_own_error(
    tmp_path: Path, name: str, load: Callable[[Path], object], text: bytes
) -> None:
    variants = mutations(sum(map(ord, name)), text, json.loads(text))

    assert survives(load, tmp_path / f"{name}.json", variants) == []


def test_no_mutated_case_file_makes_eval_raise_anything_but_its_own_error(tmp_path: Path) -> None:
    rng = random.Random(11)
    variants = [
        mutate_bytes(cases_text(CASES), rng)
        if rng.random() < 0.5
        else cases_text([mutate_tree(case, rng) for case in CASES])
        for _ in range(MUTATIONS // 3)  # each runs the pipeline per case
    ]

    assert survives(use_cases, tmp_path / "cases.jsonl", variants) == []


SETTINGS = {
    "SLACK_BOT_TOKEN": "xoxb-1-2-abc",
    "SLACK_APP_TOKEN": "xapp-1-A0-3-def",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": "t" * 20,
    "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS": "t" * 20,
    "TRUTH_EXPIRY_HEALTH_PORT": "8080",
    "TRUTH_EXPIRY_METRICS_ENABLED": "1",
    "TRUTH_EXPIRY_DEDUP_REDIS_URL": "redis://:pw@redis:6379/0",
    "TRUTH_EXPIRY_CLAIM_EXTRACTOR": "live",
    "OPENAI_API_KEY": "sk-test",
    "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS": "5",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_PORT": "8000",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_RELOAD_SECONDS": "0",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_ALLOWED_HOSTS": "lifecycle:8000",
}
SETTING_VALUES = ["", " ", "0", "1", "9" * 5000, "\u0663", "\u00b2", "1e999", "nan", "-0"]
SETTING_VALUES += ["xoxb-your-bot-token", "http://[::1", "redis://h:99999", "\udcff", "a b"]


def test_no_mutated_setting_makes_a_settings_loader_raise_anything_but_its_own_error() -> None:
    rng = random.Random(5)
    escaped = []
    for _ in range(MUTATIONS * 2):
        environ = dict(SETTINGS)
        for _ in range(rng.randint(1, 3)):
            environ[rng.choice(list(SETTINGS))] = rng.choice(SETTING_VALUES)
        for settings in (WorkerSettings, ServerSettings):
            try:
                settings.load(environ)
            except TruthExpiryError:
                pass
            except Exception as error:  # what this test exists to find
                escaped.append(f"{settings.__name__}: {type(error).__name__}")

    assert escaped == []

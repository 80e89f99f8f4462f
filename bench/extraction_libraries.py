"""Well-kept libraries weighed against this project's value parser (issue 19).

Reads every value expression of every dataset's cases, and the spoken forms issue 19 names
(`bench.common.value_expressions`), with this project's parser and with each library used the
way it is meant to be (`bench.common.library_readers`), and counts per reader:

- correct: it reads the value the case expects (for a text the case expects SUPERSEDED: a value
  of the same kind that is not the current one; for a range: every end);
- wrong: it reads a value of that kind, but a different one (for SUPERSEDED: the current one),
  which is worse than nothing, since it can give a wrong verdict;
- nothing: no value of that kind.

The values are judged by the project's own comparison, so units convert and incomparable
values (a date beside a duration) count as nothing. Then the cost of each: import and first
use in a fresh interpreter (median of `--runs`), the resident memory they add, the time per
text read, and the installed size with the dependencies the project does not already have.

The project depends on none of these libraries; a library that is not installed is skipped
with a line that says so.
Run: `python -m bench.extraction_libraries [--runs N] [--only NAME ...] [--examples]`.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from bench.common.library_readers import LIBRARIES, Library, Read, babel_currencies
from bench.common.stats import median
from bench.common.value_expressions import ROOT, Expression, case_expressions, spoken_forms
from truthexpiry.models.records.values import Comparison, TypedValue
from truthexpiry.text.words import CURRENCIES, MINOR_CURRENCIES
from truthexpiry.values.compare import compare

GROUPS = ("datasets", "known bugs", "shared eval", "spoken forms")
OUTCOMES = ("correct", "wrong", "nothing")
_COST = """
import time
def rss_mb():
    with open("/proc/self/status") as status:
        line = next(l for l in status if l.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024
before, start = rss_mb(), time.perf_counter()
{imports}
imported = time.perf_counter()
{first_use}
used = time.perf_counter()
print(imported - start, used - imported, rss_mb() - before)
"""
_NAME = re.compile(r"^[A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class Cost:
    import_ms: float
    first_use_ms: float
    rss_mb: float
    own_mb: float
    new_dependencies_mb: float
    new_dependencies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Result:
    library: Library
    outcomes: dict[str, Counter[str]]  # group or kind -> outcome -> count
    each: tuple[str, ...]  # the outcome of each expression, in order
    per_call_us: float
    cost: Cost


def outcome(expression: Expression, values: Iterable[TypedValue]) -> str:
    """correct, wrong or nothing: what the values read from `expression.text` come to. A range
    read by one end only is wrong ("from June to August 2024" read as August)."""
    found = [v for v in values if any(_of_a_kind(v, e) for e in expression.expected)]
    comparable = [
        c.outcome
        for c in (compare(value, expected) for value in found for expected in expression.expected)
        if c.outcome is not Comparison.INCOMPARABLE
    ]
    if expression.mode == "differs":
        if Comparison.SAME in comparable:
            return "wrong"
        return "correct" if comparable else "nothing"
    if expression.mode == "all":
        read = all(
            any(compare(v, e).outcome is Comparison.SAME for v in found)
            for e in expression.expected
        )
    else:
        read = Comparison.SAME in comparable
    if read:
        return "correct"
    return "wrong" if comparable else "nothing"


def _of_a_kind(value: TypedValue, expected: TypedValue) -> bool:
    """A value the expected one's attribute would take: a number for a number (units are the
    comparison's to judge), a date for a date, a time of day for a time of day."""
    return value.type is expected.type or (value.is_numeric and expected.is_numeric)


def score(read: Read, expressions: Sequence[Expression]) -> tuple[list[str], float]:
    """The outcome of each expression, and the mean time of one read in microseconds (of the
    fastest of up to three passes: the machine is shared)."""
    each: list[str] = []
    passes: list[float] = []
    while len(passes) < 3 and sum(passes) < 2.0:
        elapsed, each = 0.0, []
        for expression in expressions:
            start = time.perf_counter()
            values = read(expression.text, expression.as_of)
            elapsed += time.perf_counter() - start
            each.append(outcome(expression, values))
        passes.append(elapsed)
    return each, min(passes) / max(len(expressions), 1) * 1e6


def tally(expressions: Sequence[Expression], each: Sequence[str]) -> dict[str, Counter[str]]:
    """The outcomes counted by group, by kind, and in all."""
    outcomes: dict[str, Counter[str]] = {}
    for expression, result in zip(expressions, each, strict=True):
        for key in (expression.group, f"kind: {expression.kind}", "all"):
            outcomes.setdefault(key, Counter())[result] += 1
    return outcomes


def cost(library: Library, runs: int) -> Cost:
    script = _COST.format(
        imports="\n".join(f"import {module}" for module in library.modules),
        first_use=library.first_use,
    )
    samples = [_measured(script) for _ in range(runs)]
    own, new, names = _sizes(library.distributions)
    return Cost(
        import_ms=median([s[0] for s in samples]) * 1000,
        first_use_ms=median([s[1] for s in samples]) * 1000,
        rss_mb=median([s[2] for s in samples]),
        own_mb=own,
        new_dependencies_mb=new,
        new_dependencies=names,
    )


def _measured(script: str) -> tuple[float, float, float]:
    printed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    return float(printed[-3]), float(printed[-2]), float(printed[-1])


def _sizes(distributions: Sequence[str]) -> tuple[float, float, tuple[str, ...]]:
    """The libraries' own installed size, and that of the dependencies they bring that the
    project's own dependencies do not, in MB."""
    ours = _closure(["truthexpiry"])
    own = sum(_size_mb(name) for name in distributions)
    brought = sorted(_closure(distributions) - ours - {_key(d) for d in distributions})
    return own, sum(_size_mb(name) for name in brought), tuple(brought)


def _closure(names: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    pending = [_key(name) for name in names]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.distribution(name).requires or []
        except metadata.PackageNotFoundError:
            continue
        pending += [_key(m[0]) for r in requires if "extra ==" not in r if (m := _NAME.match(r))]
    return seen


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _size_mb(name: str) -> float:
    try:
        files = metadata.distribution(name).files or []
    except metadata.PackageNotFoundError:
        return 0.0
    paths = [Path(str(f.locate())) for f in files]
    return sum(path.stat().st_size for path in paths if path.exists()) / 1e6


def run(libraries: Sequence[Library], expressions: Sequence[Expression], runs: int) -> list[Result]:
    results = []
    for library in libraries:
        try:
            read = library.prepare()
        except ModuleNotFoundError as missing:
            print(f"skipped {library.name}: not installed ({missing.name}); "
                  f"pip install {' '.join(library.distributions)}")  # fmt: skip
            continue
        each, per_call = score(read, expressions)
        outcomes = tally(expressions, each)
        results.append(Result(library, outcomes, tuple(each), per_call, cost(library, runs)))
    return results


def table(results: Sequence[Result], *, kinds: bool) -> str:
    """The figures as a Markdown table: correct/wrong/nothing per group (or per kind)."""
    columns = sorted({k for r in results for k in r.outcomes if k.startswith("kind:")})
    columns = columns if kinds else [*GROUPS, "all"]
    head = ["reader", *(c.removeprefix("kind: ") for c in columns)]
    if not kinds:
        head += ["import ms", "first use ms", "RSS MB", "per text µs", "size MB (+deps)"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for result in results:
        cells = [result.library.name]
        cells += [
            "/".join(str(result.outcomes.get(c, Counter())[o]) for o in OUTCOMES) for c in columns
        ]
        if not kinds:
            cells += _cost_cells(result)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _cost_cells(result: Result) -> list[str]:
    cost = result.cost
    size = f"{cost.own_mb:.1f} (+{cost.new_dependencies_mb:.1f})"
    return [f"{cost.import_ms:.0f}", f"{cost.first_use_ms:.0f}", f"{cost.rss_mb:.1f}",
            f"{result.per_call_us:.0f}", size]  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh interpreters per import timing")
    parser.add_argument("--only", nargs="*", help="library names (default: all, and the project)")
    parser.add_argument(
        "--examples", action="store_true", help="list the texts a library reads unlike the project"
    )
    options = parser.parse_args(argv)
    chosen = [
        lib for lib in LIBRARIES if not options.only or lib.name in {"project", *options.only}
    ]
    expressions = [*case_expressions(), *spoken_forms()]
    results = run(chosen, expressions, options.runs)
    print("Cells are correct/wrong/nothing.\n")
    print(table(results, kinds=False), "\n")
    print(table(results, kinds=True), "\n")
    for result in results:
        if result.cost.new_dependencies:
            print(f"{result.library.name} brings: {', '.join(result.cost.new_dependencies)}")
    print(spoken_table(results, expressions), "\n")
    print(currency_data())
    if options.examples:
        print(differences(results, expressions))


def spoken_table(results: Sequence[Result], expressions: Sequence[Expression]) -> str:
    """One row per spoken form of issue 19: each reader's outcome (ok, WRONG, -)."""
    marks = {"correct": "ok", "wrong": "WRONG", "nothing": "-"}
    head = ["spoken form", "means", *(r.library.name for r in results)]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for n, expression in enumerate(expressions):
        if expression.group == "spoken forms":
            means = ", ".join(v.text for v in expression.expected)
            cells = [f"{expression.text}", means, *(marks[r.each[n]] for r in results)]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def currency_data() -> str:
    """babel's CLDR currency data beside the hand-written currency words: which words it names
    the same, which it lacks, and the ISO 4217 minor-unit digits of the table's currencies."""
    try:
        data = babel_currencies()
    except ModuleNotFoundError:
        return "skipped babel's currency data: not installed; pip install babel"
    same = [w for w, code in CURRENCIES.items() if data.code_of(w) == code]
    other = [w for w, code in CURRENCIES.items() if data.code_of(w) not in (None, code)]
    lacking = [w for w in CURRENCIES if data.code_of(w) is None]
    digits = {code: data.digits[code] for code in sorted(set(CURRENCIES.values()))}
    return "\n".join(
        [
            f"babel knows {len(data.digits)} currencies, {len(data.names)} English names, "
            f"{len(data.symbols)} symbols; words.py {len(set(CURRENCIES.values()))} currencies, "
            f"{len(CURRENCIES)} words, {len(MINOR_CURRENCIES)} minor-unit words",
            f"words.py words babel reads the same: {len(same)}; otherwise: {other}",
            f"words.py words babel does not know: {lacking}",
            f"minor-unit words in babel: {data.minor_words or 'none'}",
            f"ISO 4217 digits (babel) of words.py's currencies: {digits}",
        ]
    )


def differences(results: Sequence[Result], expressions: Sequence[Expression]) -> str:
    """Each text a library reads otherwise than the project, with both outcomes."""
    ours = next((r for r in results if r.library.name == "project"), None)
    if ours is None:
        return ""
    lines = []
    for result in results:
        for expression, theirs, mine in zip(expressions, result.each, ours.each, strict=True):
            if (theirs != mine and "nothing" not in (theirs, mine)) or theirs == "correct" != mine:
                expected = ", ".join(v.text for v in expression.expected)
                lines.append(
                    f"{result.library.name}: {theirs} (project: {mine}) [{expression.mode} "
                    f"{expected}] {expression.text[:120]!r}"
                )
    return "\n".join(lines)


if __name__ == "__main__":
    main()

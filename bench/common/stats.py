"""Small helpers shared by the benchmarks: percentiles and the process's resident memory."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else float("nan")


def p99(samples: Sequence[float]) -> float:
    """The 99th percentile (the largest sample when there are too few to interpolate)."""
    if len(samples) < 2:
        return max(samples, default=float("nan"))
    return statistics.quantiles(samples, n=100, method="inclusive")[98]


def rss_mb() -> float:
    """Resident set size now, in MiB, from /proc/self/status (Linux)."""
    return _status_kb("VmRSS") / 1024


def peak_rss_mb() -> float:
    """The process's peak resident set size so far, in MiB."""
    return _status_kb("VmHWM") / 1024


def process_memory_mb(pid: int) -> tuple[float, float]:
    """Another process's resident set size now and its peak so far, in MiB."""
    return _status_kb("VmRSS", str(pid)) / 1024, _status_kb("VmHWM", str(pid)) / 1024


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux: read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        # "pid (command) state ppid ...": the command may hold spaces and parentheses
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def private_mb(pid: int) -> float:
    """The memory only process `pid` holds (private clean and dirty pages), in MiB: what it adds
    beside processes it shares pages with."""
    private = 0
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
        for line in rollup:
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                private += int(line.split()[1])
    return private / 1024


def _status_kb(field: str, process: str = "self") -> float:
    with open(f"/proc/{process}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return float(line.split()[1])
    raise RuntimeError(f"{field} is not in /proc/{process}/status")

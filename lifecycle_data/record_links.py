"""The supersedes links of a dataset's records, checked once every record is read: a link to
the record itself, to an unknown record, or round a cycle is a problem naming the record."""

from __future__ import annotations

from truthexpiry.models.records.lifecycle import LifecycleRecord


def check_links(records: list[LifecycleRecord], known: set[str], problems: list[str]) -> None:
    """Each record's link, given every record ID `known` in the dataset."""
    links = {r.record_id: r.supersedes_record_id for r in records if r.supersedes_record_id}
    for record_id, link in links.items():
        if link == record_id:
            problems.append(f"record {record_id!r}: supersedes itself")
        elif link not in known:
            problems.append(f"record {record_id!r}: supersedes unknown record {link!r}")
    problems.extend(
        f"record {start!r}: supersedes links form a cycle" for start in _cycle_members(links)
    )


def _cycle_members(links: dict[str, str]) -> list[str]:
    """Records on a supersedes cycle (self-links are reported separately), each cycle once;
    `links` holds the records that supersede another (the others end every path)."""
    reached_from: dict[str, str] = {}  # record -> the start of the first walk that reached it
    reported: list[str] = []
    for start in links:
        node = start
        while node in links and node not in reached_from:
            reached_from[node] = start
            node = links[node]
        if reached_from.get(node) == start and links[node] != node:  # back on this walk
            reported.append(min(_around(node, links)))
    return reported


def _around(member: str, links: dict[str, str]) -> list[str]:
    """The records of the cycle through `member`."""
    cycle, node = [member], links[member]
    while node != member:
        cycle.append(node)
        node = links[node]
    return cycle

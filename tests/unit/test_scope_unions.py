"""The scope values a question about changes may narrow to, worked out once per catalog
(`VocabularyIndex.scope_unions`), are those of a pass over every attribute the selection takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA, SHARED_EVAL
from truthexpiry.reading.lexicon.vocabulary import Selection, VocabularyIndex, vocabulary_index

_PATHS = [*sorted(DATA.glob("*_records.json")), SHARED_EVAL / "lifecycle_records.json"]


def _the_long_way(
    index: VocabularyIndex, entity: str | None, attribute: str | None
) -> dict[str, frozenset[str]]:
    values: dict[str, set[str]] = {}
    for (owner, name), info in index.infos.items():
        if entity in (None, owner) and attribute in (None, name):
            for key, found in info.scope_values.items():
                values.setdefault(key, set()).update(found)
    return {key: frozenset(found) for key, found in values.items()}


@pytest.mark.parametrize("path", _PATHS, ids=lambda p: p.name)
def test_each_selection_unites_the_scope_values_of_the_attributes_it_takes(path: Path) -> None:
    index = vocabulary_index(LifecycleRecordRepository.from_path(path).catalog)
    selections: set[Selection] = {(None, None)}
    for entity, attribute in index.infos:
        selections |= {(None, attribute), (entity, None)}

    assert set(index.scope_unions) == selections
    for selection in selections:
        assert index.scope_unions[selection] == _the_long_way(index, *selection)

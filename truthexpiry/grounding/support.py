"""Does one sentence of a text support a proposed claim? The check behind LLM grounding.

A proposal is supported only when a single sentence of the cited text, read by the same rules
the extractor uses, binds the proposed value to the proposed entity and attribute, with the same
polarity after negation, and binds to it exactly the proposed scope values: a number borrowed
from another sentence, a scope value from another clause, a polarity that the sentence negates,
or a value the sentence says was true before ("was enabled until March, now it is off") are not
supported. Ties the rules leave open (two attributes that fit equally) count as support for
either, since the sentence does say it.
"""

from __future__ import annotations

from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.models.records.claim_key import Scope
from truthexpiry.models.records.values import Comparison, TypedValue
from truthexpiry.reading.binding import Binding
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.names import find_names
from truthexpiry.reading.reader import query_scopes, readings
from truthexpiry.text.tokens import phrase_key, sentences
from truthexpiry.values.compare import compare, read_value


class CitedText:
    """One evidence text read once per request; it lives no longer than the request."""

    def __init__(self, text: str, index: VocabularyIndex) -> None:
        self._index = index
        self._sentences = sentences(text)
        self._readings: list[list[Binding]] | None = None

    def supported_value(self, info: AttributeInfo, stated: str, scope: Scope) -> TypedValue | None:
        """The canonical value, when one sentence states `stated` for `info` in `scope`."""
        pair = (info.entity, info.attribute)
        wanted = self._index.values.get(phrase_key(stated), {}).get(pair) or read_value(
            stated, info
        )  # a catalog alias ("Frankfurt") stands for its value
        for bindings in self._bindings():
            for binding in bindings:
                if binding.pair != pair or binding.value is None:
                    continue
                if not _same_scope(binding.scope, scope):
                    continue
                if compare(binding.value, wanted).outcome is Comparison.SAME:
                    return binding.value
        return None

    def asks_about(self, info: AttributeInfo, scope: Scope) -> bool:
        """True when one sentence names the attribute's entity in exactly `scope`."""
        pair = (info.entity, info.attribute)
        for sentence in self._sentences:
            names = find_names(sentence.tokens, self._index)
            if any(a.entity == info.entity for a in names.anchors) and _same_scope(
                query_scopes(sentence, self._index, names, pair), scope
            ):
                return True
        return False

    def _bindings(self) -> list[list[Binding]]:
        if self._readings is None:
            self._readings = [readings(s, self._index) for s in self._sentences]
        return self._readings


def _same_scope(bound: dict[str, list[str]], proposed: Scope) -> bool:
    """Every proposed scope value is bound, and no bound key is left out."""
    keys = {key for key, _ in proposed}
    return keys == set(bound) and all(value in bound[key] for key, value in proposed)

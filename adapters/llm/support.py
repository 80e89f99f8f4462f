"""Does a cited text support a proposed value or scope? Deterministic checks, no model.

A value is supported when the text states it, read with the project's own value vocabulary: a
polarity word whose meaning after negation is the stated one ("no longer available" supports
`disabled`, not `enabled`), a number with a fitting unit that normalises to the stated quantity,
or the enumerated value word (or one of its catalog aliases) without a negation before it.
"""

from __future__ import annotations

from collections.abc import Iterator

from truthexpiry.models.catalog import AttributeInfo, Catalog, ValueKind
from truthexpiry.services.extraction.text import (
    Kind,
    PhraseTable,
    Token,
    find_phrases,
    phrase_key,
    sentences,
)
from truthexpiry.services.extraction.vocabulary import VocabularyIndex
from truthexpiry.services.value_words import (
    DISABLED,
    ENABLED,
    NUMBER_WORDS,
    POLARITY_WORDS,
    UNIT_ALIASES,
)
from truthexpiry.services.values import NormalisedValue, is_negated, normalise_value


class CitedText:
    """One evidence text, tokenized once per request; it lives no longer than the request."""

    def __init__(self, text: str) -> None:
        self._sentences = [s.tokens for s in sentences(text)]

    def supported_value(self, stated: str, info: AttributeInfo) -> str | None:
        """The canonical value, when this text states `stated` for `info`; else None."""
        target = normalise_value(stated)
        if info.value_kinds and target.kind not in info.value_kinds:
            return None
        if target.kind is ValueKind.POLARITY:
            return target.text if self._states_polarity(target.text) else None
        if target.kind is ValueKind.QUANTITY:
            return self._quantity(target, info)
        return self._token(target.text, info)

    def mentions_entity(self, entity: str, index: VocabularyIndex) -> bool:
        """True when the text names `entity` the way the rules would: its name, an alias, or a
        part of its name that no other entity shares."""
        for tokens in self._sentences:
            for match in find_phrases(tokens, index.entity_table):
                if any(m.entity == entity for m in index.entities[match.phrase]):
                    return True
        return False

    def states_phrase(self, phrases: set[str]) -> bool:
        """True when any of `phrases` (in matching form) occurs in the text."""
        table = PhraseTable.of(phrases)
        return any(find_phrases(tokens, table) for tokens in self._sentences)

    def _states_polarity(self, meaning: str) -> bool:
        for tokens, words in self._tokens_and_words():
            for i, token in enumerate(tokens):
                found = POLARITY_WORDS.get(token.text)
                if found is None:
                    continue
                if is_negated(words, i):
                    found = DISABLED if found == ENABLED else ENABLED
                if found == meaning:
                    return True
        return False

    def _quantity(self, target: NormalisedValue, info: AttributeInfo) -> str | None:
        for tokens, _ in self._tokens_and_words():
            for i in range(len(tokens)):
                found = _quantity_at(tokens, i, info)
                if found is not None and found.matches(target):
                    return found.text
        return None

    def _token(self, stated: str, info: AttributeInfo) -> str | None:
        spelling, phrases = _token_phrases(stated, info)
        table = PhraseTable.of(phrases)
        for tokens, words in self._tokens_and_words():
            if any(not is_negated(words, m.start) for m in find_phrases(tokens, table)):
                return spelling
        return None

    def _tokens_and_words(self) -> Iterator[tuple[list[Token], list[str]]]:
        for tokens in self._sentences:
            yield tokens, [t.key if t.kind is not Kind.WORD else t.text for t in tokens]


def scope_phrases(key: str, value: str, catalog: Catalog) -> set[str]:
    """The ways a text may state a scope value: the value itself and its catalog aliases."""
    aliases = catalog.scope_aliases.get((key, value), ())
    return {phrase_key(value), *(phrase_key(alias) for alias in aliases)}


def _quantity_at(tokens: list[Token], i: int, info: AttributeInfo) -> NormalisedValue | None:
    token = tokens[i]
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    unit = None
    if (
        following is not None
        and following.kind is Kind.WORD
        and (following.text in UNIT_ALIASES or following.key in info.units)
    ):
        unit = following.text
    if token.kind is Kind.NUMBER:
        found = normalise_value(f"{token.key} {unit}" if unit else token.key)
    elif token.kind is Kind.WORD and token.text in NUMBER_WORDS and unit:
        found = normalise_value(f"{token.text} {unit}")
    else:
        return None
    return found if found.kind is ValueKind.QUANTITY else None


def _token_phrases(stated: str, info: AttributeInfo) -> tuple[str, set[str]]:
    """The record's spelling of a stated value word (or alias), and every phrase naming it."""
    wanted = phrase_key(stated)
    for token in info.value_tokens:
        aliases = _aliases_of(token, info)
        if wanted == phrase_key(token) or wanted in aliases:
            return token, {phrase_key(token), *aliases}
    return stated, {wanted}


def _aliases_of(token: str, info: AttributeInfo) -> set[str]:
    key = phrase_key(token)
    return {
        phrase_key(alias)
        for named, aliases in info.value_aliases.items()
        if phrase_key(named) == key
        for alias in aliases
    }

"""The table of a catalog's stem forms finds a word's stem exactly when `stem` would give one of
the catalog's stems: the names reader looks words up in it instead of stemming each one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from truthexpiry.reading.lexicon.name_words import stem, stem_forms

_LETTERS = st.text(alphabet="abcdeilnorstuy", min_size=1, max_size=9)
_ENDINGS = st.sampled_from(
    (
        "",
        "l",
        "ll",
        "lled",
        "lling",
        "ments",
        "ment",
        "ings",
        "ing",
        "ies",
        "ied",
        "es",
        "ed",
        "s",
        "e",
    )
)
_WORDS = st.builds(lambda w, e: w + e, _LETTERS, _ENDINGS)


@given(st.lists(_WORDS, min_size=1, max_size=20), st.lists(_WORDS, max_size=20))
def test_a_word_is_in_the_forms_exactly_when_its_stem_is_a_known_one(
    named: list[str], said: list[str]
) -> None:
    stems = {stem(w) for w in named}
    forms = stem_forms(stems)
    for word in (*named, *said):
        expected = stem(word) if stem(word) in stems else None
        assert forms.get(word) == expected


def test_forms_cover_the_endings_and_both_spellings() -> None:
    forms = stem_forms({"book", "clos", "cancel"})
    assert forms["booking"] == forms["books"] == forms["book"] == "book"
    assert forms["closes"] == forms["closing"] == forms["closed"] == "clos"
    assert forms["cancelled"] == forms["canceled"] == "cancel"
    assert "window" not in forms

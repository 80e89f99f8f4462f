"""ClaimKey: the canonical identity `entity|attribute|k=v|k=v`, lower case, scope keys sorted."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truthexpiry.models.errors import InvalidClaimKeyError
from truthexpiry.models.records.claim_key import ClaimKey, normalise_identifier

PROPERTY = settings(deadline=None)


def test_the_canonical_form_is_entity_attribute_and_sorted_scope() -> None:
    key = ClaimKey.of("report_export", "availability", {"region": "global", "plan": "starter"})

    assert key.canonical == "report_export|availability|plan=starter|region=global"


def test_a_key_without_scope_is_entity_and_attribute_only() -> None:
    assert ClaimKey.of("sso_login", "availability").canonical == "sso_login|availability"


def test_identifiers_are_lower_cased_with_spaces_and_hyphens_as_underscores() -> None:
    key = ClaimKey.of("  Report  Export ", "Data-Retention days", {"Billing Plan": "Starter"})

    assert key.entity == "report_export"
    assert key.attribute == "data_retention_days"
    assert key.scope == (("billing_plan", "starter"),)


def test_scope_values_keep_their_spelling_but_lose_case_and_outer_spaces() -> None:
    key = ClaimKey.of("data_residency", "storage_region", {"region": "  EU-Central  "})

    assert key.scope_dict == {"region": "eu-central"}


def test_inner_whitespace_in_a_scope_value_collapses_to_one_space() -> None:
    key = ClaimKey.of("a", "b", {"tier": "Pro \t  Plus"})

    assert key.scope_dict == {"tier": "pro plus"}


def test_keys_built_from_different_spellings_are_equal_and_hash_alike() -> None:
    first = ClaimKey.of("Report Export", "Availability", {"PLAN": "Starter", "region": "Global"})
    second = ClaimKey.of("report-export", "availability", {"region": "global", "plan": "starter"})

    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


def test_keys_that_differ_in_scope_are_different() -> None:
    starter = ClaimKey.of("report_export", "availability", {"plan": "starter"})
    enterprise = ClaimKey.of("report_export", "availability", {"plan": "enterprise"})

    assert starter != enterprise


def test_parse_reads_the_canonical_form() -> None:
    key = ClaimKey.parse("report_export|availability|plan=starter|region=global")

    assert key == ClaimKey.of(
        "report_export", "availability", {"plan": "starter", "region": "global"}
    )


def test_parse_canonicalises_case_and_scope_order() -> None:
    key = ClaimKey.parse("Report_Export|Availability|Region=Global|plan=Starter")

    assert key.canonical == "report_export|availability|plan=starter|region=global"


def test_parse_accepts_a_key_without_scope() -> None:
    assert ClaimKey.parse("sso_login|availability") == ClaimKey.of("sso_login", "availability")


@pytest.mark.parametrize("text", ["", "report_export", "report_export|"])
def test_parse_rejects_text_without_an_entity_and_an_attribute(text: str) -> None:
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.parse(text)


@pytest.mark.parametrize(
    "text", ["report_export|availability|plan", "report_export|availability|plan=starter|"]
)
def test_parse_rejects_a_scope_part_without_an_equals_sign(text: str) -> None:
    with pytest.raises(InvalidClaimKeyError, match="without '='"):
        ClaimKey.parse(text)


def test_parse_rejects_a_scope_part_with_an_empty_value() -> None:
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.parse("report_export|availability|plan=")


@pytest.mark.parametrize("identifier", ["", "   ", "---", "_", "a|b", "a=b"])
def test_unusable_identifiers_are_rejected(identifier: str) -> None:
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of(identifier, "availability")
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", identifier)
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", "availability", {identifier: "starter"})


@pytest.mark.parametrize("value", ["", "   ", "a|b", "a=b"])
def test_unusable_scope_values_are_rejected(value: str) -> None:
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", "availability", {"plan": value})


def test_an_invalid_claim_key_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the subclassing is the point
        ClaimKey.of("", "availability")


def test_scope_keys_equal_after_normalisation_never_make_the_key_depend_on_order() -> None:
    forwards = {"plan": "starter", "Plan": "enterprise"}
    backwards = dict(reversed(forwards.items()))
    outcomes: list[ClaimKey | None] = []
    for scope in (forwards, backwards):
        try:
            outcomes.append(ClaimKey.of("report_export", "availability", scope))
        except InvalidClaimKeyError:
            outcomes.append(None)  # rejecting the ambiguous scope is a fine fix too

    assert outcomes[0] == outcomes[1]


def test_str_is_the_canonical_form() -> None:
    key = ClaimKey.of("report_export", "availability", {"plan": "starter"})

    assert str(key) == "report_export|availability|plan=starter"


def test_describe_reads_as_prose_for_people() -> None:
    key = ClaimKey.of("report_export", "availability", {"region": "global", "plan": "starter"})

    assert key.describe() == "report export availability (plan=starter, region=global)"
    assert ClaimKey.of("sso_login", "availability").describe() == "sso login availability"


# --- properties ---------------------------------------------------------------------------

_TEXT = st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=12)
_ASCII = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.",
    min_size=1,
    max_size=10,
)


def _key_or_none(entity: str, attribute: str, scope: dict[str, str]) -> ClaimKey | None:
    try:
        return ClaimKey.of(entity, attribute, scope)
    except InvalidClaimKeyError:
        return None


@st.composite
def claim_keys(draw: st.DrawFn, text: st.SearchStrategy[str] = _ASCII) -> ClaimKey:
    scope = draw(st.dictionaries(text, text, max_size=4))
    key = _key_or_none(draw(text), draw(text), scope)
    if key is None:
        # Unusable parts (empty after normalisation, `|` or `=`) are rejected, tested above.
        return ClaimKey.of("entity", "attribute")
    return key


@PROPERTY
@given(claim_keys())
def test_parse_of_the_canonical_form_gives_back_the_key(key: ClaimKey) -> None:
    assert ClaimKey.parse(key.canonical) == key


@PROPERTY
@given(claim_keys(_TEXT))
def test_parse_of_the_canonical_form_gives_back_the_key_for_any_unicode(key: ClaimKey) -> None:
    assert ClaimKey.parse(key.canonical) == key


@PROPERTY
@given(claim_keys())
def test_building_a_key_from_its_own_parts_changes_nothing(key: ClaimKey) -> None:
    assert ClaimKey.of(key.entity, key.attribute, key.scope_dict) == key


def _scope_name(pair: tuple[str, str]) -> str:
    try:
        return normalise_identifier(pair[0])
    except InvalidClaimKeyError:
        return pair[0]


@PROPERTY
@given(
    st.lists(st.tuples(_ASCII, _ASCII), max_size=5, unique_by=_scope_name),
    st.randoms(use_true_random=False),
)
def test_the_canonical_form_does_not_depend_on_scope_order(
    pairs: list[tuple[str, str]], random: Random
) -> None:
    scope = dict(pairs)
    key = _key_or_none("report_export", "availability", scope)
    if key is None:
        return
    shuffled = list(pairs)
    random.shuffle(shuffled)
    reordered = ClaimKey.of("report_export", "availability", dict(shuffled))

    assert reordered.canonical == key.canonical
    assert reordered == key


@PROPERTY
@given(claim_keys())
def test_the_canonical_form_is_lower_case_with_sorted_scope_keys(key: ClaimKey) -> None:
    names = [name for name, _ in key.scope]

    assert key.canonical == key.canonical.lower()
    assert names == sorted(names)
    assert key.canonical.split("|")[2:] == [f"{k}={v}" for k, v in key.scope]


# --- look-alike identifiers ---------------------------------------------------------------


def test_full_width_and_compatibility_spellings_read_as_the_plain_identifier() -> None:
    wide = ClaimKey.of(
        "\uff52\uff45\uff50\uff4f\uff52\uff54 export", "availability", {"\uff50lan": "\uff33tarter"}
    )

    assert wide == ClaimKey.of("report_export", "availability", {"plan": "starter"})


@pytest.mark.parametrize(
    "hidden",
    [
        *("\u200b", "\u200c", "\u200d", "\u200e", "\u200f"),  # zero-width, direction marks
        *("\u202a", "\u202e", "\u2066", "\u2069"),  # bidi embeddings, overrides, isolates
        *("\ufeff", "\u00ad", "\x00", "\x1b", "\ud800"),  # BOM, soft hyphen, controls
    ],
)
def test_invisible_direction_and_control_characters_are_refused_everywhere(hidden: str) -> None:
    with pytest.raises(InvalidClaimKeyError, match=f"U\\+{ord(hidden):04X}|control character"):
        ClaimKey.of(f"report{hidden}export", "availability")
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", f"avail{hidden}ability")
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", "availability", {f"plan{hidden}": "starter"})
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", "availability", {"plan": f"star{hidden}ter"})


def test_letters_of_two_scripts_in_one_identifier_are_refused_and_shown_escaped() -> None:
    with pytest.raises(InvalidClaimKeyError) as raised:
        ClaimKey.of("r\u0435port_export", "availability")  # a Cyrillic "ie"

    assert "cyrillic, latin" in str(raised.value)
    assert "\\u0435" in str(raised.value)  # visible in the message, not a look-alike
    with pytest.raises(InvalidClaimKeyError):
        ClaimKey.of("report_export", "availability", {"plan": "\u0455tarter"})


def test_one_script_or_east_asian_letters_beside_one_other_script_are_accepted() -> None:
    assert (
        ClaimKey.of("\u043e\u0442\u0447\u0451\u0442", "a").entity
        == "\u043e\u0442\u0447\u0451\u0442"
    )
    assert ClaimKey.of("api\u5236\u9650", "\u30ed\u30b0\u30a4\u30f3").entity == "api\u5236\u9650"
    assert ClaimKey.of("caf\u00e9", "a").entity == "caf\u00e9"

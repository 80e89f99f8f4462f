"""Money in tokens: `€35`, `EUR 35`, `35 euros`, `a pound`, and amounts with their subunits,
`5 pounds 20`, `six euro ninety`, `5 dollars and 20 cents`, `50p`, `75c`, `75¢`, `40 cents`.

A subunit is an exact hundredth of its currency. Pence are GBP's; a cent belongs to several
currencies, so `40 cents` said alone keeps `cent` as its unit and is compared in
`compare.py` only with a record in a currency that has cents.
"""

from __future__ import annotations

from decimal import Decimal

from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import (
    CENT,
    CURRENCIES,
    CURRENCY_SYMBOLS,
    MINOR_CURRENCIES,
    SUBUNIT_OF,
    UNITS,
)
from truthexpiry.values.forms import cents, money
from truthexpiry.values.numbers_in_text import ValueSpan, number_at

_HUNDRED = Decimal(100)
_MONEY = ValueType.MONEY  # read through its class, a lookup each time


def money_at(tokens: list[Token], i: int) -> ValueSpan | None:
    """`EUR 35` and `€35`, but not `dollars 35`."""
    token = tokens[i]
    code = CURRENCIES.get(token.text)
    if code is None or i + 1 >= len(tokens):
        return None
    if token.text not in CURRENCY_SYMBOLS and not (token.text.isalpha() and len(token.text) == 3):
        return None
    found = number_at(tokens, i + 1)
    if found is None or tokens[i + 1].kind is not Kind.NUMBER:
        return None
    return ValueSpan(i, found[1], money(found[0], code))


def in_currency(number: Decimal, word: str) -> TypedValue | None:
    """`number` written in the currency or subunit `word`, if it is one."""
    if word in CURRENCIES:
        return money(number, CURRENCIES[word])
    code = MINOR_CURRENCIES.get(word)
    if code is None:
        return None
    return cents(number / _HUNDRED) if code == CENT else money(number / _HUNDRED, code)


def with_subunits(tokens: list[Token], span: ValueSpan) -> ValueSpan:
    """`5 pounds 20`, `six euro ninety`, `5 dollars and 20 cents`, `a pound fifty`: whole units
    said in words, then a count of the currency's subunit (1 to 99). Without a subunit word the
    count must end the value: `5 pounds 20 times` is not read as 5.20."""
    value = span.value
    end = span.end
    code = value.unit
    if value.type is not _MONEY or code not in SUBUNIT_OF or value.amount is None:
        return span
    if value.amount != int(value.amount) or not tokens[end - 1].text.isalpha():
        return span
    joined = end < len(tokens) and tokens[end].text == "and"
    at = end + 1 if joined else end
    found = number_at(tokens, at) if at < len(tokens) else None
    if found is None or not _a_subunit_count(tokens[at], found[0]):
        return span
    count, after = found
    word = tokens[after].text if after < len(tokens) else ""
    if MINOR_CURRENCIES.get(word) == SUBUNIT_OF[code]:
        after += 1
    elif joined or _names_a_unit(tokens, after):
        return span
    return ValueSpan(span.start, after, money(value.amount + count / _HUNDRED, code))


def _a_subunit_count(token: Token, count: Decimal) -> bool:
    if not 1 <= count <= 99 or count != int(count):
        return False
    return token.kind is Kind.WORD or len(token.text) <= 2


def _names_a_unit(tokens: list[Token], at: int) -> bool:
    """Whether the word after a count says what it counts (`20 times`, `20 kg`, `20 %`), which
    makes the count no subunit; a filler word or the end of the text does not."""
    if at >= len(tokens):
        return False
    token = tokens[at]
    if token.kind is not Kind.WORD:
        return token.text not in ",:()"
    word = token.text
    return word in UNITS or word in MINOR_CURRENCIES or (len(word) >= 3 and word not in STOPWORDS)

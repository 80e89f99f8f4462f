"""Secrets that cannot be printed by accident: `repr`, `str` and f-strings show `***`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SecretValue:
    _value: str = field(repr=False)

    def reveal(self) -> str:
        """The secret itself, for the one call that needs it (an SDK client, a header)."""
        return self._value

    def startswith(self, prefix: str) -> bool:
        return self._value.startswith(prefix)

    def __str__(self) -> str:
        return "***"

    def __repr__(self) -> str:
        return "SecretValue('***')"

    def __bool__(self) -> bool:
        return bool(self._value)

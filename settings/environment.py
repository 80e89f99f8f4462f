"""What every settings class shares: loading from the environment with pydantic-settings, every
problem reported at once as one line naming the variable (never its value), and the field rules
the worker and the server both use (flags, ports, seconds, URLs).

Variables keep their names as aliases; a value of only spaces counts as unset, and values are
stripped. A field rule raises `problem("must be ...")`, which reads "NAME must be ..."; a rule
about several variables raises `problem(text, whole=True)` with the whole line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any, Self

from pydantic import BeforeValidator, ValidationError, model_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from truthexpiry.models.errors import TruthExpiryError

HTTP_URL = re.compile(r"^https?://[^/\s:]+(:\d{1,5})?(/\S*)?$")
_FIELD = "setting"  # a problem worded after the variable's name
_WHOLE = "setting_line"  # a problem worded in full
# Set while a mapping is loaded: then it is the only source (no process environment, no `.env`).
_MAPPING_ONLY: ContextVar[bool] = ContextVar("mapping_only", default=False)


class ConfigError(TruthExpiryError):
    """The configuration is incomplete or incoherent; `problems` names each issue."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def problem(text: str, *, whole: bool = False) -> PydanticCustomError:
    return PydanticCustomError(_WHOLE if whole else _FIELD, text)


class EnvironmentSettings(BaseSettings):
    """A frozen settings object whose fields are named by their environment variables."""

    model_config = SettingsConfigDict(
        case_sensitive=True, extra="ignore", frozen=True, validate_default=False, env_file=None
    )

    @classmethod
    def load(cls, environ: Mapping[str, str] | None = None) -> Self:
        """The settings in `environ`, or (None) in the process environment and the sources the
        class names (`.env` for the worker); `ConfigError` lists every problem."""
        only_the_mapping = _MAPPING_ONLY.set(environ is not None)
        try:
            return cls() if environ is None else cls.model_validate(dict(environ))
        except ValidationError as error:
            raise ConfigError(cls.problems_in(error)) from None
        finally:
            _MAPPING_ONLY.reset(only_the_mapping)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        del settings_cls, file_secret_settings  # no secrets directory
        if _MAPPING_ONLY.get():
            return (init_settings,)
        return (init_settings, env_settings, dotenv_settings)

    @classmethod
    def problems_in(cls, error: ValidationError) -> list[str]:
        """One line per problem, naming the variable; the input itself is never shown."""
        aliases = {name: field.alias or name for name, field in cls.model_fields.items()}
        lines = []
        for item in error.errors(include_input=False, include_url=False, include_context=False):
            name = aliases.get(str(item["loc"][0]), str(item["loc"][0])) if item["loc"] else ""
            if item["type"] == _WHOLE or not name:
                lines.append(item["msg"])
            elif item["type"] == "missing":
                lines.append(f"{name} is not set")
            elif item["type"] == _FIELD:
                lines.append(f"{name}{'' if item['msg'].startswith(':') else ' '}{item['msg']}")
            else:  # a type the rules did not expect: name it, say nothing of the value
                lines.append(f"{name} has an unusable value")
        return lines

    @model_validator(mode="before")
    @classmethod
    def _blank_is_unset(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            return data
        return {
            key: value.strip() if isinstance(value, str) else value
            for key, value in data.items()
            if not (isinstance(value, str) and not value.strip())
        }


def flag(value: object) -> bool:
    """`0` or `1`."""
    if isinstance(value, bool):
        return value
    if value not in ("0", "1"):
        raise problem("must be 0 or 1")
    return value == "1"


def port(lowest: int = 0) -> Callable[[object], int]:
    """A TCP port from `lowest` to 65535 (0, where allowed, asks for a free one)."""

    def check(value: object) -> int:
        if isinstance(value, int) and lowest <= value <= 65535:
            return value
        text = str(value)
        if text.isascii() and text.isdigit() and len(text) <= 5 and lowest <= int(text) <= 65535:
            return int(text)
        raise problem(f"must be a port number from {lowest} to 65535")

    return check


def seconds(high: float, *, zero_allowed: bool = False) -> Callable[[object], float]:
    def check(value: object) -> float:
        try:
            number = float(value)  # type: ignore[arg-type]  # anything else is refused below
        except (TypeError, ValueError):
            number = -1.0
        if (number >= 0 if zero_allowed else number > 0) and number <= high:
            return number
        lowest = "0" if zero_allowed else "more than 0"
        raise problem(f"must be a number of seconds from {lowest} to {high:g}")

    return check


def whole_number(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        text = str(value)
        if text.isascii() and text.isdigit() and low <= int(text) <= high:
            return int(text)
        raise problem(f"must be a whole number from {low} to {high}")

    return check


def http_url(value: object) -> str:
    if not isinstance(value, str) or not HTTP_URL.match(value):
        raise problem("must be an http(s) URL")
    return value


def on_text(rule: Callable[[str], object]) -> BeforeValidator:
    """`rule` applied to the variable's text (a default or a typed value passes as it is)."""
    return BeforeValidator(lambda value: rule(value) if isinstance(value, str) else value)

"""The shape check for a Redis URL setting, whose value may carry a password.

`redis://[user][:password]@host[:port][/db]` or `rediss://...` (TLS); IPv6 hosts in brackets;
query options (`?ssl_cert_reqs=...`) allowed. Problems name the variable, never the value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from truthexpiry.config.secrets import SecretValue

_REDIS_URL = re.compile(
    r"^rediss?://"
    r"(?:[^@/\s]*@)?"  # optional user:password
    r"(?:[A-Za-z0-9.\-_]+|\[[0-9A-Fa-f:.]+\])"  # host name, IPv4 or [IPv6]
    r"(?::(?P<port>\d{1,5}))?"
    r"(?:/(?P<db>\d{1,2})?)?"
    r"(?:\?\S*)?$"
)


def redis_url(environ: Mapping[str, str], name: str, problems: list[str]) -> SecretValue | None:
    """The URL in `environ[name]` as a secret, None when unset; a problem when malformed."""
    value = environ.get(name, "").strip()
    if not value:
        return None
    match = _REDIS_URL.match(value)
    if match is None:
        problems.append(f"{name} must be a redis:// or rediss:// URL (redis://host:6379/0)")
        return None
    port = match.group("port")
    if port is not None and not 0 < int(port) <= 65535:
        problems.append(f"{name} has a port outside 1-65535")
        return None
    return SecretValue(value)

"""Readiness as a plain object: named checks and a draining flag, read by the health server.

The worker is ready only when every check passes and it is not draining. Check names are a
small fixed set, so the JSON body and the metrics stay bounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOCKET_MODE = "socket_mode"
LIFECYCLE_MCP = "lifecycle_mcp"


@dataclass
class Readiness:
    checks: dict[str, bool] = field(default_factory=dict)
    draining: bool = False

    def set(self, name: str, ok: bool) -> None:
        self.checks[name] = ok

    @property
    def ready(self) -> bool:
        return bool(self.checks) and all(self.checks.values()) and not self.draining

    def snapshot(self) -> dict[str, object]:
        """The `/readyz` body: `{"ready": false, "draining": false, "checks": {...}}`."""
        return {
            "ready": self.ready,
            "draining": self.draining,
            "checks": {name: "ok" if ok else "failing" for name, ok in sorted(self.checks.items())},
        }

"""Which setting fixes a refusal from the lifecycle server, for messages that name it.

The variable names are the worker's and the server's own (`.env.sample`, `lifecycle_mcp.settings`);
no message here carries a token.
"""

from __future__ import annotations

from truthexpiry.models.errors import EvidenceUnavailableError

TOKEN_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN"
SERVER_TOKENS_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS"
SERVER_HOSTS_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_ALLOWED_HOSTS"


def setting_remedy(error: EvidenceUnavailableError, *, token_set: bool) -> str | None:
    """What to set when a setting can fix `error`, else None."""
    if error.http_status in (401, 403):
        now = "it is set but not accepted" if token_set else "it is not set"
        return f"set {TOKEN_VARIABLE} to one of the server's {SERVER_TOKENS_VARIABLE} ({now})"
    if error.http_status == 421:
        return f"add the URL's host name to the server's {SERVER_HOSTS_VARIABLE}"
    return None

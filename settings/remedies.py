"""Which setting fixes a refusal from the lifecycle server, and the variable a worker setting is
read from, for messages that name it.

The variable names are the worker's and the server's own (`.env.sample`, `lifecycle_mcp.settings`);
no message here carries a token. The adapters get these names as plain values from the
composition root.
"""

from __future__ import annotations

from truthexpiry.models.errors import EvidenceUnavailableError

TOKEN_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN"
SERVER_TOKENS_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS"
SERVER_HOSTS_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_ALLOWED_HOSTS"
MODEL_VARIABLES = "OPENAI_API_KEY and TRUTH_EXPIRY_LLM_*"  # `ModelSettings`, as help texts say


def setting_remedy(error: EvidenceUnavailableError, *, token_set: bool) -> str | None:
    """What to set when a setting can fix `error`, else None."""
    if error.http_status in (401, 403):
        now = "it is set but not accepted" if token_set else "it is not set"
        return f"set {TOKEN_VARIABLE} to one of the server's {SERVER_TOKENS_VARIABLE} ({now})"
    if error.http_status == 421:
        return f"add the URL's host name to the server's {SERVER_HOSTS_VARIABLE}"
    return None


def variable(field: str) -> str:
    """The environment variable `WorkerSettings.<field>` is read from (`slack_bot_token` ->
    `SLACK_BOT_TOKEN`)."""
    # Here, not at the top: the command line names remedies without loading pydantic-settings.
    from settings.worker import WorkerSettings  # noqa: PLC0415

    alias = WorkerSettings.model_fields[field].alias
    if alias is None:
        raise KeyError(field)
    return alias

"""A local Slack (Web API + Socket Mode) for end-to-end tests of the real Bolt app.

Start with `LocalSlack` (in `server.py`). Builders for the events and interaction payloads the
app handles are in `events.py` and `interactions.py`.
"""

from tests.local_slack.records import Ack, ApiCall
from tests.local_slack.server import LocalSlack

__all__ = ["Ack", "ApiCall", "LocalSlack"]

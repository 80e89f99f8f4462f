"""A background ticker: runs one piece of work now and then every `interval` seconds.

The worker's change notices run on one (`ChangeNotifier.tick`). A run that returns a count
above zero is logged with it; a run that fails is logged by its error's code (Slack's, for a
notice Slack refused) or type, never its message, and the next run comes as usual. `close`
stops the ticker and waits for a run in progress to finish, so a notice is never cut off
halfway at shutdown.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class Ticker:
    def __init__(self, work: Callable[[], object], *, interval: float, name: str) -> None:
        if interval <= 0:
            raise ValueError("interval must be more than 0 seconds")
        self._work = work
        self._interval = interval
        self._name = name
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.runs = 0  # how many runs have finished, failed or not

    def start(self) -> Ticker:
        self._thread.start()
        return self

    def close(self, timeout: float = 10.0) -> bool:
        """Stop, waiting at most `timeout` seconds for a run in progress; True when stopped."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.run_once()
            if self._stop.wait(self._interval):
                return

    def run_once(self) -> None:
        try:
            done = self._work()
        except Exception as error:  # the next run tries again; the code or type is enough
            code = getattr(error, "code", None)
            category = code if isinstance(code, str) else type(error).__name__
            log.warning("%s failed", self._name, extra={"category": category})
        else:
            if isinstance(done, int) and done > 0:
                log.info("%s done", self._name, extra={"count": done})
        finally:
            self.runs += 1

"""How a command run from a terminal ends early without a traceback: Ctrl-C prints one line
and exits 130 (128 + SIGINT, as shells report it), and a reader that left (`| head`) ends the
run quietly with exit 0. Used by `python app.py`, the command line and the demo."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

INTERRUPTED = 130


def run_from_terminal(main: Callable[[], int]) -> int:
    """`main()`'s exit status, or the status of the way the terminal ended it."""
    try:
        status = main()
        sys.stdout.flush()  # here, not at exit: a closed pipe is then caught below
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        quiet_stdout()
        return 0
    return status


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the flush at exit does not fail again on the closed
    pipe (Python would print "Exception ignored ... BrokenPipeError")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)

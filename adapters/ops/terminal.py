"""How a command run from a terminal ends early without a traceback: Ctrl-C prints one line
and exits 130 (128 + SIGINT, as shells report it), and a reader that left (`| head`) ends the
run quietly with exit 0; and the process then exits without a last garbage collection. Used by
`python app.py`, the command line and the demo."""

from __future__ import annotations

import gc
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
    finally:
        skip_collection_at_exit()
    return status


def skip_collection_at_exit() -> None:
    """Freeze the heap, so that the interpreter's full collection at exit has nothing to visit.

    That collection walks every object the process still holds (the SDKs' modules, pydantic's
    schemas): 1.2-2.3 s of CPU after a worker or server had already stopped, measured, on every
    restart. The process is ending and the system reclaims its memory anyway; logging flushes
    in its own exit hook, and stdout was flushed above."""
    gc.freeze()


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the flush at exit does not fail again on the closed
    pipe (Python would print "Exception ignored ... BrokenPipeError")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)

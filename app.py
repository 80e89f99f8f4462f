"""Entry point of the Slack worker (Socket Mode).

The worker is not part of this build yet: the offline pipeline is, and runs with
`python -m truthexpiry ask "QUESTION"`. This script says so instead of pretending to connect.
"""

import sys


def main() -> int:
    print(
        "The Slack worker is not built yet. Ask offline instead:\n"
        '  python -m truthexpiry ask "Is report export still available on Starter?"',
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())

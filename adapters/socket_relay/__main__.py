"""`python -m adapters.socket_relay FD`: the worker starts it (`adapters.socket_mode`)."""

import sys

from adapters.socket_relay.relay import main

raise SystemExit(main(sys.argv))

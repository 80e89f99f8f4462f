"""`python -m truthexpiry`: hands over to the command-line adapter at the edge."""

from adapters.cli.main import main

raise SystemExit(main())

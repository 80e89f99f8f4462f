"""`python -m truthexpiry`: hands over to the command-line adapter at the edge."""

from cli.main import main

raise SystemExit(main())

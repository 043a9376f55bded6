"""`python -m campaign` is the same as the `campaign` console script."""

from campaign.cli import main

raise SystemExit(main())

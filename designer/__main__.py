"""`python -m designer` is the `fabric-designer` command."""

import sys

from designer.cli import main

# The guard matters: simulation child processes are spawned and re-import the main module.
if __name__ == "__main__":
    sys.exit(main())

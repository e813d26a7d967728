"""What a worker process had loaded before its first job: imports nothing itself, so that unpickling its function
in a worker loads no module of the program."""

import sys


def loaded(module: str) -> bool:
    return module in sys.modules

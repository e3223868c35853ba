"""The shape of a `companion` subcommand, so each area registers its own.

`cli.py` imports the module named in its table only when that subcommand is
run, so `companion state` never pays for importing OpenCV or Kivy. A module
that needs a heavy library imports it inside `run`, not at the top.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Subcommand:
    """One `companion NAME` command: its help line, its arguments, its action."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]

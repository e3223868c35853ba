"""The `companion` command: `main` parses the command line and runs one subcommand."""

from companion.cli.main import main

__all__ = ["main"]

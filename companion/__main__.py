"""`python -m companion`: Ctrl-C at any moment, even while Python is still
importing the companion, ends the run quietly with exit code 130."""

try:
    from companion.cli import main

    code = main()
except KeyboardInterrupt:
    code = 130

raise SystemExit(code)

"""``python -m solitaire``: the ``hanabi-solitaire`` command line."""

from cli import main

if __name__ == "__main__":
    main()

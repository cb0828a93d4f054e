"""Enums whose members are their text, for the names a row file or a printed text holds.

Contract. A member of a :class:`TextEnum` is a ``str`` equal to its value: it compares and hashes as that
text (so a row read back from a file, whose values are plain strings, finds the same dict entries and
counts), and ``str``, ``format``, f-strings, :func:`json.dumps` and the :mod:`csv` writer all give the bare
value, on every Python the toolkit supports (3.11's ``enum.StrEnum`` does the same; 3.10 has none).

Examples
--------
>>> import json
>>> class Colour(TextEnum):
...     RED = "red"
>>> Colour.RED == "red", hash(Colour.RED) == hash("red"), f"{Colour.RED}!", json.dumps({"c": Colour.RED})
(True, True, 'red!', '{"c": "red"}')
>>> Colour("red") is Colour.RED
True
"""

from enum import Enum

__all__ = ["TextEnum"]


class TextEnum(str, Enum):
    """A ``str`` enum whose text is its value (module docstring)."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str(self), spec)

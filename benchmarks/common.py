"""Helpers shared by the benchmark scripts: timing, the standard deck, the shipped table."""

import time

from solitaire.examples import find_example
from solitaire.model import Instance
from solitaire.seer.exactrun import read_table

__all__ = ["best_of", "standard_deck", "markdown_table", "shipped_table"]

#: The 50-card Hanabi deck: per color values 1,1,1,2,2,3,3,4,4,5.
STANDARD_COPIES = (3, 2, 2, 2, 1)


def best_of(function, repeat=3):
    """Smallest wall time of ``repeat`` calls, and the last return value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        best = min(best, time.perf_counter() - start)
    return best, value


def standard_deck(h, rng):
    """A uniformly shuffled 50-card deck as a solitaire instance with hand size ``h``."""
    cards = [(a, k) for k in range(1, 6) for a, copies in zip(range(1, 6), STANDARD_COPIES) for _ in range(copies)]
    order = rng.permutation(len(cards))
    return Instance.from_cards(5, 5, h, [cards[i] for i in order])


def markdown_table(header, rows):
    """A markdown table as text."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def shipped_table():
    """The newest row of every deal of the shipped winnability table (``instances/table/``)."""
    return read_table(find_example("table", "table").paths)

"""Helpers shared by the benchmark scripts: timing, the standard deck, the shipped table, a revision's checkout."""

import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from solitaire.examples import find_example
from solitaire.model import Instance
from solitaire.seer.runs.exactrun import read_table

__all__ = ["best_of", "standard_deck", "markdown_table", "shipped_table", "revision_tree"]

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


@contextmanager
def revision_tree(revision):
    """The path of a temporary git worktree of ``revision`` of this repository (removed on exit)."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as scratch:
        tree = f"{scratch}/tree"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", "--quiet", tree, revision], check=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", tree], check=True)

"""Cards per second of the linear solvers through the command line, against one numpy pass.

For lazy (c = 1) and greedy (r = 1), on a won and a lost deck of about ``--cards`` cards each:
the ``seconds`` that ``hanabi-solitaire solve --json`` reports (the solving, with the play
sequence or the certificate; not the reading of the file nor the printing), best of
``--repeat`` processes, and the seconds of one numpy pass over the same deck's values
(``numpy.bincount``) in this process, best of 20. Run from the repository root::

    python benchmarks/bench_throughput.py [--cards 400000]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from common import best_of, markdown_table
from solitaire.deckfile import read_instance, write_deck
from solitaire.generate import random_instance

ROOT = Path(__file__).resolve().parent.parent


def decks(cards):
    """``{name: (algorithm, instance)}``: lazy decks as in the reliability issue (n = cards / 2, 1..3
    copies, h = 200, and the same with a hand that wins), greedy decks (two colors, one copy)."""
    n = cards // 2
    lazy = random_instance(n, 1, 3, 200, seed=1, exact=False)
    greedy = random_instance(n, 2, 1, 200, seed=1)
    return {"lazy, lost (h = 200)": ("lazy", lazy), "lazy, won (h = n)": ("lazy", lazy.with_hand(n)),
            "greedy, lost (h = 200)": ("greedy", greedy), "greedy, won (h = N)": ("greedy", greedy.with_hand(2 * n))}


def cli_seconds(path, algorithm, repeat):
    """The smallest ``seconds`` of ``solve --json`` over ``repeat`` processes, and the answer."""
    best, won = float("inf"), None
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", "from cli import main; main()", "solve", str(path), "-a", algorithm,
                               "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
        result = json.loads(done.stdout)
        best, won = min(best, result["seconds"]), result["winnable"]
    return best, won


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=400_000, help="cards per deck (about)")
    parser.add_argument("--repeat", type=int, default=3, help="processes per deck")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (algorithm, instance) in decks(args.cards).items():
            path = os.path.join(folder, "deck.deck")
            write_deck(instance, path)
            values = read_instance(path).values
            numpy_pass = best_of(lambda: np.bincount(values), 20)[0]
            seconds, won = cli_seconds(path, algorithm, args.repeat)
            rows.append([name, instance.N, "win" if won else "loss", f"{seconds * 1e3:.1f}",
                         f"{instance.N / seconds:.2e}", f"{numpy_pass * 1e3:.2f}", f"{seconds / numpy_pass:.1f}"])
    print(markdown_table(["deck", "N", "answer", "CLI seconds (ms)", "cards/s", "numpy pass (ms)", "ratio"], rows))
    print(f"\nload average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

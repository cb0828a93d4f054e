"""Engine benchmarks: random standard 50-card decks at several hand sizes.

Run: ``python benchmarks/bench_engine.py [--decks 2000] [--seed 0]``. Prints a markdown
table: per hand size, decks per second, median / 99th percentile / max time per deck,
the share of winnable decks, and the largest and median frontier of non-dominated states.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, standard_deck  # noqa: E402
from solitaire.engine import solve_engine  # noqa: E402


def bench_standard(hands, decks, seed):
    rows = []
    solve_engine(standard_deck(5, np.random.default_rng(seed)))  # JIT warm-up
    for h in hands:
        rng = np.random.default_rng(seed)
        instances = [standard_deck(h, rng) for _ in range(decks)]
        times, fronts, wins = [], [], 0
        start = time.perf_counter()
        for inst in instances:
            t = time.perf_counter()
            result = solve_engine(inst)
            times.append(time.perf_counter() - t)
            fronts.append(result.extra["frontier"])
            wins += result.winnable
        total = time.perf_counter() - start
        ms = 1e3 * np.asarray(times)
        rows.append([h, f"{decks / total:,.0f}", f"{np.median(ms):.3f}", f"{np.percentile(ms, 99):.3f}",
                     f"{ms.max():.2f}", f"{wins / decks:.1%}", max(fronts), int(np.median(fronts))])
    return markdown_table(["h", "decks/s", "median ms", "p99 ms", "max ms", "winnable", "max frontier",
                           "median frontier"], rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Engine on {args.decks} random standard decks per hand size (seed {args.seed})\n")
    print(bench_standard([3, 5, 8, 10], args.decks, args.seed))


if __name__ == "__main__":
    main()

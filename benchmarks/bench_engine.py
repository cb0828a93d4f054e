"""Engine benchmarks: against the paper's DP, and on random standard 50-card decks.

Run: ``python benchmarks/bench_engine.py [--decks 2000] [--seed 0]``. Prints two markdown
tables:

1. engine versus the faithful (fixed) DP of Lemma 5 on random instances the DP can do,
   measured side by side in one run: total time of each, the speed ratio, and the number
   of disagreements in the maximum score (must be 0);
2. per hand size on standard decks: decks per second, median / 99th percentile / max time
   per deck, the share of winnable decks, and the largest and median frontier of
   non-dominated states.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import best_of, markdown_table, standard_deck  # noqa: E402
from solitaire.dp import solve_dp  # noqa: E402
from solitaire.engine import solve_engine  # noqa: E402
from solitaire.generate import random_instance  # noqa: E402


def bench_against_dp(shapes, count, seed):
    """Engine and DP on the same random instances; returns the markdown table."""
    rows = []
    solve_engine(random_instance(3, 2, 2, 2, seed))  # JIT warm-up of the shared parts
    solve_dp(random_instance(3, 2, 2, 2, seed))
    for n, c, r, h in shapes:
        instances = [random_instance(n, c, r, h, seed + i) for i in range(count)]
        dp_time, dp_scores = best_of(lambda: [solve_dp(inst).score for inst in instances], repeat=3)
        engine_time, engine_scores = best_of(lambda: [solve_engine(inst).score for inst in instances], repeat=3)
        wrong = sum(a != b for a, b in zip(dp_scores, engine_scores))
        rows.append([f"n={n} c={c} r={r} h={h}", n * c * r, count, f"{dp_time:.3f}", f"{engine_time:.4f}",
                     f"{dp_time / engine_time:,.0f}x", wrong])
    return markdown_table(["instances", "N", "count", "DP s", "engine s", "ratio", "disagreements"], rows)


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
    shapes = [(3, 2, 2, 2), (4, 2, 2, 2), (3, 3, 2, 2), (4, 3, 2, 2), (4, 3, 2, 3), (5, 3, 2, 3)]
    print(f"Engine versus the paper's DP (Lemma 5), 20 random instances per shape (seed {args.seed})\n")
    print(bench_against_dp(shapes, 20, args.seed))
    print(f"\nEngine on {args.decks} random standard decks per hand size (seed {args.seed})\n")
    print(bench_standard([3, 5, 8, 10], args.decks, args.seed))


if __name__ == "__main__":
    main()

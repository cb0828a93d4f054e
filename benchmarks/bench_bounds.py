"""Throughput of U1, U2 and the bot, and the bounds' statistics on seeded deals.

Run from the repository root: ``python benchmarks/bench_bounds.py [--deals 10000] [--speed 2000]``.
Prints two markdown tables:

1. deals per second for U1, U2 and the bot (L) per player count, on one core and with two
   worker processes, measured side by side in this run (same deals, warm caches);
2. for P = 2..5 over ``--deals`` seeded deals: mean L and U2, the share of deals with
   L = 25 and U2 = 25 (95% Wilson interval) and how often L = U2.
"""

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.seer.runs.evaluation import wilson  # noqa: E402
from solitaire.seer.bounds.relaxations import u1, u2_value  # noqa: E402
from solitaire.seer.game.deals import seeded_deal  # noqa: E402
from solitaire.seer.game.simulator import seer_score  # noqa: E402

BOUNDS = {"U1": lambda d: u1(d).score, "U2": u2_value, "bot": seer_score}


def _warm():
    for name in BOUNDS:
        for players in (2, 3, 4, 5):
            _chunk((name, players, 0, 3))


def _chunk(args):
    name, players, first, last = args
    f = BOUNDS[name]
    return [f(seeded_deal(players, s)) for s in range(first, last)]


def _rate(name, players, count, pool=None):
    start = time.perf_counter()
    if pool is None:
        _chunk((name, players, 0, count))
    else:
        step = max(1, count // 16)
        list(pool.imap_unordered(_chunk, [(name, players, a, min(count, a + step)) for a in range(0, count, step)]))
    return count / (time.perf_counter() - start)


def speed_table(count):
    print(f"\n### Deals per second ({count} seeded deals per cell)\n")
    print("| P | U2 1 core | U2 2 jobs | U1 1 core | U1 2 jobs | bot 1 core | bot 2 jobs |")
    print("|---|---|---|---|---|---|---|")
    _warm()
    with get_context("fork").Pool(2, initializer=_warm) as pool:
        for players in (2, 3, 4, 5):
            cells = []
            for name in ("U2", "U1", "bot"):
                cells += [_rate(name, players, count), _rate(name, players, count, pool)]
            print(f"| {players} | " + " | ".join(f"{c:,.0f}" for c in cells) + " |")


def _stats_chunk(args):
    players, first, last = args
    return [(seer_score(seeded_deal(players, s)), u2_value(seeded_deal(players, s))) for s in range(first, last)]


def stats_table(count):
    print(f"\n### Bounds over {count:,} seeded deals per player count (seeds 0..{count - 1})\n")
    print("| P | mean L | mean U2 | L = 25 (95% CI) | U2 = 25 (95% CI) | L = U2 |")
    print("|---|---|---|---|---|---|")
    with get_context("fork").Pool(2) as pool:
        for players in (2, 3, 4, 5):
            step = 500
            pairs = [p for part in pool.map(_stats_chunk, [(players, a, min(count, a + step))
                                                           for a in range(0, count, step)]) for p in part]
            low = [a for a, _ in pairs]
            high = [b for _, b in pairs]
            assert all(a <= b for a, b in pairs), "the bot beat U2: a bug"

            def share(values):
                k = sum(v == 25 for v in values)
                lo, hi = wilson(k, len(values))
                return f"{100 * k / len(values):.2f}% ({100 * lo:.2f}–{100 * hi:.2f})"
            equal = sum(a == b for a, b in pairs) / count
            print(f"| {players} | {sum(low) / count:.3f} | {sum(high) / count:.3f} | {share(low)} | "
                  f"{share(high)} | {100 * equal:.2f}% |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10000, help="deals per player count for the statistics")
    parser.add_argument("--speed", type=int, default=2000, help="deals per cell for the speed table")
    args = parser.parse_args()
    speed_table(args.speed)
    stats_table(args.deals)


if __name__ == "__main__":
    main()

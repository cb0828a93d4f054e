"""U3 per deal, and U3 against the SAT peer on the same deals, in one run.

Run from the repository root: ``python benchmarks/bench_exact.py [--deals 2000] [--peer 3]
[--timeout 10] [--peer-timeout 60]``. Prints two markdown tables:

1. per player count over seeds ``0..deals-1``: median, 99th percentile and maximum time of
   U3 per deal (bot, U2 and the search, with the given timeout), how many deals needed a
   search and how many ran out;
2. per player count, on the first ``--peer`` seeds and the first ``--peer`` seeds that need
   a search (L < U2): the time of U3 (the whole maximum) and of the SAT peer deciding only
   "score >= U3?" (the "yes" answer, its easiest question), and their median ratio. A peer
   call that runs out counts with its time limit, so the ratio is then a lower bound.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import markdown_table  # noqa: E402
from solitaire.deals import seeded_deal  # noqa: E402
from solitaire.exact import exact, warm_up  # noqa: E402
from solitaire.satpeer import peer_reaches  # noqa: E402


def _timed(function):
    start = time.perf_counter()
    value = function()
    return time.perf_counter() - start, value


def u3_times(players, deals, timeout):
    """Per deal ``(seconds, result)`` for seeds ``0..deals-1``."""
    return [_timed(lambda: exact(seeded_deal(players, s), timeout)) for s in range(deals)]


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--peer", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--peer-timeout", type=float, default=60.0)
    args = parser.parse_args()
    warm_up()
    rows, peer_rows = [], []
    for players in (2, 3, 4, 5):
        runs = u3_times(players, args.deals, args.timeout)
        seconds = [t for t, _ in runs]
        searched = sum(1 for _, r in runs if r.searches)
        rows.append([players, args.deals, f"{1000 * statistics.median(seconds):.2f}",
                     f"{1000 * quantile(seconds, 0.99):.1f}", f"{max(seconds):.2f}", searched,
                     sum(1 for _, r in runs if not r.exact)])
        hard = [s for s, (_, r) in enumerate(runs) if r.searches and r.exact][: args.peer]
        for seed in list(range(args.peer)) + hard:
            deal = seeded_deal(players, seed)
            mine, result = _timed(lambda: exact(deal, args.timeout))
            theirs, (answer, _) = _timed(lambda: peer_reaches(deal, result.score, timeout=args.peer_timeout))
            peer_rows.append([players, seed, result.score, f"{1000 * mine:.2f}", f"{theirs:.2f}",
                              {True: "yes", False: "NO (disagrees)", None: "timeout"}[answer],
                              f"{theirs / mine:.0f}"])
    print(markdown_table(["P", "deals", "U3 median ms", "p99 ms", "max s", "searched", "timeouts"], rows))
    print()
    print(markdown_table(["P", "seed", "U3", "U3 ms", "SAT peer s (score >= U3?)", "peer answer", "ratio"],
                         peer_rows))
    ratios = [float(r[-1]) for r in peer_rows]
    print(f"\nmedian speed ratio SAT peer / U3: {statistics.median(ratios):.0f}x over {len(ratios)} deals")


if __name__ == "__main__":
    main()

"""Benchmark of the linear-time solvers: greedy (Lemma 1, r = 1) and lazy (Theorem 4, c = 1).

Run ``python benchmarks/bench_linear.py`` from the repository root (``--sizes``, ``--repeat``
and ``--seconds`` to change the defaults). After a JIT warm-up, every quantity of one N is
measured in alternation with the others, ``--repeat`` times and more until ``--seconds`` have
passed (these machines are shared and noisy: ratios measured side by side are what to compare),
and its best time is printed, as a markdown table for N = 1e5, 1e6, 1e7:

* ``bincount``: one ``np.bincount`` over the values of the won deck, the reference streaming pass
  over the same cards;
* ``decide``: the decision and the certificate of a loss — ``solve_greedy`` on a random
  ``r = 1`` deck with ``c = 10`` and ``h = 5`` (lost, more than 5 cards wait early on), and
  ``solve_lazy`` on a random ``c = 1``, ``r = 3`` deck with ``h = 5`` (lost: the filter sweeps
  every value and removes most low copies);
* ``win``: the whole solve of a won deck, its play sequence included — for greedy the same deck
  with ``h`` = its maximum overlap (the smallest winning hand), for lazy a planted win (the
  random deck of ``r - 1`` copies of every value followed by ``1..n`` in order, ``h = 5``: the
  filter runs its heap over every value, nothing useless);
* ``sequence``: building the won deck's play sequence by the copy-selection lemma
  (``asap_sequence``) alone, which greedy's win includes (lazy builds its own);
* ``fixpoint`` (lazy only): :func:`~solitaire.lazy.useless_mask` on the lost deck, the
  filter run to the whole fixpoint instead of stopping at the first lost value (on these
  decks it removes most cards, each removal one random access to ``P``);
* ``/bc``: time ratio to ``bincount`` of the same N.

A second table gives the log-log slope of every time from the smallest to the largest N
(``log(t2 / t1) / log(N2 / N1)``: 1 for linear time at a constant rate, more when the rate drops as the
tables leave the cache). The timed calls take an already built :class:`~solitaire.model.Instance`;
generating the deck is not timed.
"""

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import best_of  # noqa: E402
from solitaire.generate import random_instance  # noqa: E402
from solitaire.greedy import solve_greedy  # noqa: E402
from solitaire.lazy import solve_lazy, useless_mask  # noqa: E402
from solitaire.model import Instance  # noqa: E402
from solitaire.selection import asap_sequence  # noqa: E402

H = 5


def greedy_decks(N, seed):
    lost = random_instance(N // 10, 10, 1, H, seed)
    w = solve_greedy(lost).extra["max_overlap"]
    return lost, lost.with_hand(w), np.ones(N, np.bool_)


def lazy_decks(N, seed, r=3):
    n = N // r
    lost = random_instance(n, 1, r, H, seed)
    head = random_instance(n, 1, r - 1, H, seed)
    values = np.concatenate([head.values, np.arange(1, n + 1)])
    won = Instance(n, 1, H, values, np.ones(values.size, np.int64))
    chosen = np.zeros(won.N, np.bool_)
    chosen[head.N:] = True
    return lost, won, chosen


def timings(calls, repeat, seconds):
    """The best time of every call, the calls run in turn ``repeat`` times, and more until ``seconds`` have passed
    (a short call then has many chances to run between the other jobs of the machine)."""
    best = dict.fromkeys(calls, float("inf"))
    start, rounds = time.perf_counter(), 0
    while rounds < repeat or time.perf_counter() - start < seconds:
        for name, call in calls.items():
            best[name] = min(best[name], best_of(call, 1)[0])
        rounds += 1
    return best


def quantities(solver, fixpoint, lost, won, chosen):
    """The calls to time on one pair of decks, by name (module docstring)."""
    res = solver(lost)
    assert not res.winnable and res.certificate is not None
    res, (seq, most) = solver(won), asap_sequence(won, chosen)
    assert res.winnable and len(res.sequence) == len(seq) and most <= won.h
    calls = {"bincount": lambda: np.bincount(won.values), "decide": lambda: solver(lost),
             "win": lambda: solver(won), "sequence": lambda: asap_sequence(won, chosen)}
    if fixpoint:
        calls["fixpoint"] = lambda: fixpoint(lost)
    return calls


def measure(name, solver, decks, sizes, repeat, seed, fixpoint=None, seconds=0.0):
    """One row per N: the best time of every quantity (module docstring), and N."""
    rows = []
    for N in sizes:
        lost, won, chosen = decks(N, seed)
        calls = quantities(solver, fixpoint, lost, won, chosen)
        rows.append({"algorithm": name, "N": won.N, **timings(calls, repeat, seconds)})
    return rows


def slope(first, last, key):
    """The log-log slope of ``key`` from the row ``first`` to the row ``last``."""
    return math.log(last[key] / first[key]) / math.log(last["N"] / first["N"])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e5, 1e6, 1e7])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="least time spent measuring one N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes]
    measure("greedy", solve_greedy, greedy_decks, [1000], 1, args.seed)     # JIT warm-up
    measure("lazy", solve_lazy, lazy_decks, [999], 1, args.seed, useless_mask)
    tables = [measure("greedy", solve_greedy, greedy_decks, sizes, args.repeat, args.seed, seconds=args.seconds),
              measure("lazy", solve_lazy, lazy_decks, sizes, args.repeat, args.seed, useless_mask, args.seconds)]
    print("| algorithm | N | bincount s | decide s | /bc | win s | /bc | win cards/s | sequence s | /bc | fixpoint s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in (row for rows in tables for row in rows):
        bc = row["bincount"]
        fix = f"{row['fixpoint']:.4f}" if "fixpoint" in row else ""
        print(f"| {row['algorithm']} | {row['N']:.0e} | {bc:.5f} | {row['decide']:.5f} | {row['decide'] / bc:.1f} | "
              f"{row['win']:.5f} | {row['win'] / bc:.1f} | {row['N'] / row['win']:.2e} | {row['sequence']:.5f} | "
              f"{row['sequence'] / bc:.1f} | {fix} |")
    print(f"\n| algorithm | slope from {sizes[0]:.0e} to {sizes[-1]:.0e}: bincount | decide | win | sequence |")
    print("|---|---:|---:|---:|---:|")
    for rows in tables:
        print(f"| {rows[0]['algorithm']} | " + " | ".join(f"{slope(rows[0], rows[-1], key):.2f}"
                                                        for key in ("bincount", "decide", "win", "sequence")) + " |")


if __name__ == "__main__":
    main()

"""Benchmark of the linear-time solvers: greedy (Lemma 1, r = 1) and lazy (Theorem 4, c = 1).

Run ``python benchmarks/bench_linear.py`` from the repository root (``--sizes`` and
``--repeat`` to change the defaults). After a JIT warm-up, each measurement is the best of
``--repeat`` runs. Printed as a markdown table, for N = 1e5, 1e6, 1e7:

* ``decide``: the decision and the certificate of a loss — ``solve_greedy`` on a random
  ``r = 1`` deck with ``c = 10`` and ``h = 5`` (lost, more than 5 cards wait early on), and
  ``solve_lazy`` on a random ``c = 1``, ``r = 3`` deck with ``h = 5`` (lost: the filter sweeps
  every value and removes most low copies);
* ``sequence``: building the full winning play sequence (``asap_sequence``) alone, on a won
  deck — for greedy the same deck with ``h`` = its maximum overlap (the smallest winning
  hand), for lazy a planted win (the random deck of ``r - 1`` copies of every value followed
  by ``1..n`` in order, ``h = 5``: the filter runs its heap over every value, nothing useless);
* ``win``: the whole solve of that won deck (decision + sequence);
* ``fixpoint`` (lazy only): :func:`~solitaire.lazy.useless_mask` on the lost deck, the
  filter run to the whole fixpoint instead of stopping at the first lost value (on these
  decks it removes most cards, each removal one random access to ``P``);
* ``x10``: time ratio to the row with a 10 times smaller N (10 for linear time);
* ``/acc``: time ratio to one ``np.maximum.accumulate`` pass over N int64, measured in the
  same run (these machines are noisy; ratios measured side by side are what to compare).

The timed calls take an already built :class:`~solitaire.model.Instance`; generating the deck
is not timed.
"""

import argparse
import sys
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


def measure(name, solver, decks, sizes, repeat, seed, fixpoint=None):
    rows, previous = [], None
    for N in sizes:
        lost, won, chosen = decks(N, seed)
        base = np.arange(N, dtype=np.int64)[::-1].copy()
        t_acc, _ = best_of(lambda: np.maximum.accumulate(base), repeat)
        t_dec, res = best_of(lambda: solver(lost), repeat)
        assert not res.winnable and res.certificate is not None
        t_seq, (seq, most) = best_of(lambda: asap_sequence(won, chosen), repeat)
        assert most <= won.h
        t_win, res = best_of(lambda: solver(won), repeat)
        assert res.winnable and len(res.sequence) == len(seq)
        t_fix = best_of(lambda: fixpoint(lost), repeat)[0] if fixpoint else None
        x10 = "" if previous is None else f"{t_dec / previous:.1f}"
        rows.append((name, lost.N, t_dec, lost.N / t_dec, x10, t_dec / t_acc, t_seq, won.N / t_seq,
                     t_seq / t_acc, t_win, t_fix, t_acc))
        previous = t_dec
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e5, 1e6, 1e7])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes]
    measure("greedy", solve_greedy, greedy_decks, [1000], 1, args.seed)     # JIT warm-up
    measure("lazy", solve_lazy, lazy_decks, [999], 1, args.seed, useless_mask)
    rows = measure("greedy", solve_greedy, greedy_decks, sizes, args.repeat, args.seed)
    rows += measure("lazy", solve_lazy, lazy_decks, sizes, args.repeat, args.seed, useless_mask)
    print("| algorithm | N | decide s | cards/s | x10 | /acc | sequence s | cards/s | /acc | win s | fixpoint s "
          "| acc s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, N, t_dec, rate, x10, r_dec, t_seq, rate_seq, r_seq, t_win, t_fix, t_acc in rows:
        fix = "" if t_fix is None else f"{t_fix:.4f}"
        print(f"| {name} | {N:.0e} | {t_dec:.4f} | {rate:.2e} | {x10} | {r_dec:.1f} | {t_seq:.4f} | "
              f"{rate_seq:.2e} | {r_seq:.1f} | {t_win:.4f} | {fix} | {t_acc:.4f} |")


if __name__ == "__main__":
    main()

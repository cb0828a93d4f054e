"""Two revisions of the U3 search side by side: the same searches, their node counts, their speed.

Run from the repository root: ``python benchmarks/bench_revisions.py BASE [NEW] [--nodes 3000000]
[--runs 3] [--searches 5:282322:25,2:509913:21:free] [--exact 3:182695,4:677393] [--timeout 30]``.
``BASE`` and ``NEW`` are git revisions (``NEW`` by default: the working tree); each is checked
out in a temporary worktree (revisions since the memo of the chain rule, commit cd751fd, whose
``exact_search`` takes ``memo_bits``; :func:`calls` calls each revision's form of ``exact_search`` and
``exact``). Every measurement runs in a fresh process per revision
(numba's compiled code is loaded, or compiled, before any timing), the two revisions alternating,
and the smallest time of ``--runs`` counts. Prints two markdown tables:

1. ``--searches`` (``P:seed:target`` with ``:free`` for the token-free game): one
   ``exact_search`` from the start of the game with at most ``--nodes`` nodes and a table of
   2^22 entries, per revision its result, nodes and time; whether both revisions made the same
   search (result, nodes, whether it ran out, and the line); the ratio of the node rates NEW /
   BASE. A change meant only to be faster must say "same" on every row;
2. ``--exact`` (``P:seed``): ``exact`` of the deal with ``--timeout`` per revision, its bounds, time and
   nodes, and the ratio of the times BASE / NEW where both settle the deal (a bound, marked
   ``>=``, where only NEW does).
"""

import argparse
import hashlib
import importlib
import inspect
import json
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SEARCHES = "5:282322:25,4:10118:24,3:182695:25,4:677393:25,2:509913:21:free,4:10118:23,2:7458:25,2:4369:25:free"
#: Where a revision keeps the deals and the U3 search, ``(deals module, search module)``, newest layout first.
LAYOUTS = (("solitaire.seer.game.deals", "solitaire.seer.bounds.u3.search"),
           ("solitaire.seer.deals", "solitaire.seer.u3.search"), ("solitaire.seer.deals", "solitaire.seer.exact"),
           ("solitaire.deals", "solitaire.exact"))
EXACT = "3:182695,3:408852,4:677393,4:549062,5:590089,5:939774"


def calls(search):
    """``(one_search, one_deal)``: ``one_search(deal, target, table, nodes, free)`` and ``one_deal(deal, timeout)``
    call the ``exact_search`` and ``exact`` of the revision's ``search`` module, whichever their form: a deck, its
    players and hand, and the table's two arrays, or (since the named limits) a deal and the table; a timeout, or
    a :class:`~solitaire.seer.bounds.limits.SearchLimits`."""
    if "deal" in inspect.signature(search.exact_search).parameters:
        def one_search(deal, target, table, nodes, free):
            return search.exact_search(deal, target, table, nodes, 0, free, search.MEMO_BITS)
    else:
        def one_search(deal, target, table, nodes, free):
            return search.exact_search(np.array(deal.types, dtype=np.int64), deal.players, deal.hand, target, *table,
                                       nodes, 0, free, search.MEMO_BITS)
    if "limits" in inspect.signature(search.exact).parameters:
        limits = importlib.import_module("solitaire.seer.bounds.limits").SearchLimits

        def one_deal(deal, timeout):
            return search.exact(deal, limits(timeout))
    else:
        def one_deal(deal, timeout):
            return search.exact(deal, timeout)
    return one_search, one_deal


def child(tree, job):
    """In a fresh process, with ``tree`` first on ``sys.path`` (nothing of the project imported before):
    run ``job`` and print its rows as JSON."""
    sys.path.insert(0, tree)
    search = None
    for deals_module, search_module in LAYOUTS:  # the first layout the revision has
        try:
            deals, search = importlib.import_module(deals_module), importlib.import_module(search_module)
            break
        except ModuleNotFoundError as err:
            if not (deals_module.startswith(err.name) or search_module.startswith(err.name)):
                raise  # a module the layout imports is missing
    if search is None:
        raise RuntimeError(f"no U3 search in {tree}: expected one of {LAYOUTS}")
    seeded_deal, tt_table, warm_up = deals.seeded_deal, search.tt_table, search.warm_up
    one_search, one_deal = calls(search)

    if not Path(sys.modules["solitaire"].__file__).resolve().is_relative_to(Path(tree).resolve()):
        raise RuntimeError(f"solitaire was imported from {sys.modules['solitaire'].__file__}, not from {tree}")
    warm_up()
    rows = []
    for case in job["searches"]:
        players, seed, target, free = case
        deal = seeded_deal(players, seed)
        table = tt_table(22)
        start = time.perf_counter()
        result, nodes, aborted, line = one_search(deal, target, table, job["nodes"], free)
        seconds = time.perf_counter() - start
        digest = hashlib.md5(np.asarray(line, dtype=np.int64).tobytes()).hexdigest()[:8]
        rows.append([int(result), int(nodes), bool(aborted), digest, seconds])
    for players, seed in job["exact"]:
        start = time.perf_counter()
        r = one_deal(seeded_deal(players, seed), job["timeout"])
        rows.append([r.score, r.high, r.exact, r.nodes, time.perf_counter() - start])
    print(json.dumps(rows))


def measure(tree, job):
    """The rows of ``job`` run in ``tree`` (a fresh process)."""
    done = subprocess.run([sys.executable, __file__, "--child", tree, json.dumps(job)], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def _items(text, fields, shape, flag=None):
    """Comma-separated items of ``fields`` ints ``a:b:...`` as lists; with ``flag``, an item may end in
    ``:flag``, and its list ends with whether it does. ``shape`` names their form for the error."""
    items = []
    for part in filter(None, text.split(",")):
        flagged = flag is not None and part.endswith(":" + flag)
        try:
            values = [int(v) for v in (part.removesuffix(":" + flag) if flagged else part).split(":")]
        except ValueError:
            values = []
        if len(values) != fields:
            raise argparse.ArgumentTypeError(f"expected {shape},... got {text!r}")
        items.append(values + [flagged] if flag else values)
    return items


def searches_arg(text):
    """``--searches``: ``[players, seed, target, free]`` per ``P:seed:target[:free]``."""
    return _items(text, 3, "P:seed:target[:free]", "free")


def deals_arg(text):
    """``--exact``: ``[players, seed]`` per ``P:seed``."""
    return _items(text, 2, "P:seed")


def search_rows(searches, base, new):
    rows = []
    for (players, seed, target, free), b, n in zip(searches, base, new):
        same = all(run[:4] == b[0][:4] for run in b + n)
        sb, sn = min(run[4] for run in b), min(run[4] for run in n)
        rows.append([players, seed, target, "free" if free else "real", b[0][0], f"{b[0][1]:,}", f"{n[0][1]:,}",
                     "same" if same else "DIFFERENT", f"{sb:.2f}", f"{sn:.2f}",
                     f"{(n[0][1] / sn) / (b[0][1] / sb):.2f}"])
    return rows


def exact_rows(deals, base, new):
    rows = []
    for (players, seed), b, n in zip(deals, base, new):
        sb, sn = min(run[4] for run in b), min(run[4] for run in n)
        ratio = "-" if not n[0][2] else f"{sb / sn:.2f}" if b[0][2] else f">= {sb / sn:.2f}"
        rows.append([players, seed, f"{b[0][0]}..{b[0][1]}", f"{sb:.2f}", f"{b[0][3]:,}",
                     f"{n[0][0]}..{n[0][1]}", f"{sn:.2f}", f"{n[0][3]:,}", ratio])
    return rows


def main():
    if sys.argv[1:2] == ["--child"]:
        return child(sys.argv[2], json.loads(sys.argv[3]))
    sys.path.insert(0, str(ROOT))
    from benchmarks.common import markdown_table, revision_tree

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="git revision to compare against")
    parser.add_argument("new", nargs="?", help="git revision (default: the working tree)")
    parser.add_argument("--nodes", type=int, default=3_000_000, help="node limit of each search of the first table")
    parser.add_argument("--runs", type=int, default=3, help="runs per revision (alternating); the fastest counts")
    parser.add_argument("--searches", default=SEARCHES, type=searches_arg, help="P:seed:target[:free],... for the first table ('' for none)")
    parser.add_argument("--exact", default=EXACT, type=deals_arg, help="P:seed,... for the second table ('' for none)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per deal of the second table")
    args = parser.parse_args()
    searches, deals = args.searches, args.exact
    job = {"searches": searches, "exact": deals, "nodes": args.nodes, "timeout": args.timeout}
    with ExitStack() as trees:
        paths = [trees.enter_context(revision_tree(args.base)),
                 trees.enter_context(revision_tree(args.new)) if args.new else str(ROOT)]
        runs = [[], []]
        for run in range(args.runs):
            for side in (0, 1) if run % 2 == 0 else (1, 0):
                runs[side].append(measure(paths[side], job))
    per_case = [[list(rows) for rows in zip(*side)] for side in runs]  # [side][case] -> rows of each run
    k = len(searches)
    if searches:
        print(markdown_table(["P", "seed", "target", "game", "result", "nodes base", "nodes new", "search", "s base",
                              "s new", "node rate new / base"], search_rows(searches, per_case[0][:k], per_case[1][:k])))
        print()
    if deals:
        print(markdown_table(["P", "seed", "U3 base", "s base", "nodes base", "U3 new", "s new", "nodes new",
                              "time base / new"], exact_rows(deals, per_case[0][k:], per_case[1][k:])))


if __name__ == "__main__":
    main()

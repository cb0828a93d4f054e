"""U3 per deal, and U3 against the SAT peer on the same deals, in one run.

Run from the repository root: ``python benchmarks/bench_exact.py [--deals 2000] [--peer 3]
[--timeout 10] [--peer-timeout 60] [--also 2:6126,2:27898] [--free 2:7458,2:4369]
[--free-timeout 60] [--growth] [--sizes 2:509913,2:7458] [--root 20000] [--root-table]
[--memo 3:182695,5:282322] [--memo-searched] [--per-deal 10000 --against DIR [--first 1000000]]``. Prints up
to eleven markdown tables:

1. per player count over seeds ``0..deals-1``: median, 99th percentile and maximum time of
   U3 per deal (bot, U2 and the search, with the given timeout, no SAT peer), how many
   deals needed a search and how many ran out;
2. per player count, on the first ``--peer`` seeds, the first ``--peer`` seeds that need a
   search (L < U2) and the deals of ``--also`` (``P:seed``, e.g. deals where U3 < U2): the
   time of U3 and of each SAT peer (:data:`solitaire.seer.bounds.peers.PEERS`: the turn-indexed one, then
   the one indexed by removals) proving the same value from the same start (U2 known):
   "score >= U3?" (yes, with a line) plus, when U3 < U2, "score >= U3 + 1?" (no); the ratio
   of each peer's time to U3's, and the median ratios. A peer call that runs out counts with
   its time limit, so the ratio is then a lower bound (marked >=);
3. on the deals of ``--free``: U3 without the token-free game in the schedule and with it at
   ``free_share`` 4 and 16 (the default), side by side, ``--free-timeout`` seconds each: the
   bounds each reaches, the time and the nodes; the ratios of the times to the default's
   when both settle the deal (else a bound, marked >=);
4. with ``--growth``, per player count over the deals of the first table that needed a
   search: their total time and their median time per deal with a transposition table of
   2^20 entries from the start and with the one that starts at 2^16 and grows (the default),
   each the smaller of two alternated runs, side by side;
5. on the deals of ``--sizes``: U3 with a transposition table of at most 2^20 entries
   and of at most 2^22 (the default), ``--free-timeout`` seconds
   each, as in the third table;
6. with ``--root N``, per player count over seeds ``0..N-1``: the root's bound without and with
   the rule of the turn order and the clue tokens (2''), alternated deal by deal: the total
   seconds of each, their ratio, and how many roots each cuts below 25;
7. with ``--root-table``, per player count over the deals of the shipped winnability table
   (``instances/table/``) that need a search (L < U2): how many roots the bound cuts below 25
   without and with that rule, the deals only the rule cuts (with the row's U3 and what
   proved it), and how many roots fall below the row's U3 (a proven U3 or the score of a
   real line: a bound below it would be wrong);
8. on the deals of ``--memo``: U3 without the memo of one suit's chain verdicts and with it
   (2^12 slots, the default), ``--free-timeout`` seconds each, as in the third table. The memo
   changes no search, so where both run out the ratio of their nodes is that of their speeds;
9. with ``--memo-searched``, as the fourth table, over the same deals: without the memo and
   with it;
10. with ``--per-deal N --against DIR``, per player count over seeds ``first .. first+N-1`` (default first
    1,000,000: deals no other table uses): the median and 99th percentile time of ``exact`` per deal (L, U2
    and U3: the shipped table's row; ``--timeout`` seconds at most) in this tree and in the tree ``DIR``
    (another revision, e.g. ``git archive HEAD | tar -x -C DIR``), and their ratios;
11. with ``--against``, the same of ``analyze_game`` per game on the real games
    (``tests/data/realgames/hanablive_games.jsonl``, the games the reader plays).

The tenth and eleventh tables run each tree in its own worker process (``benchmarks/per_deal_worker.py``, its
compiled code loaded first), the two taking turns on blocks of ``--chunk`` deals or games, the order of the two
swapped from block to block, so that both see the same load.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import markdown_table, shipped_table  # noqa: E402
from solitaire.seer.game.deals import seeded_deal  # noqa: E402
from solitaire.seer.bounds.limits import SearchLimits  # noqa: E402
from solitaire.seer.bounds.u3 import Schedule, exact, root_hope, warm_up  # noqa: E402
from solitaire.seer.bounds.peers import PEERS  # noqa: E402


def _timed(function):
    start = time.perf_counter()
    value = function()
    return time.perf_counter() - start, value


def u3_times(players, deals, timeout):
    """Per deal ``(seconds, result)`` for seeds ``0..deals-1``."""
    return [_timed(lambda: exact(seeded_deal(players, s), SearchLimits(timeout))) for s in range(deals)]


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peer_proof(deal, value, upper, timeout, reaches):
    """Seconds the peer ``reaches`` needs to prove U3 = ``value`` given U2 = ``upper``, and its answers."""
    seconds, (yes, _) = _timed(lambda: reaches(deal, value, timeout=timeout))
    answers = [yes]
    if value < upper and yes:
        more, (no, _) = _timed(lambda: reaches(deal, value + 1, timeout=timeout))
        seconds += more
        answers.append(None if no is None else not no)
    return seconds, answers


#: The peers of the second table, in its column order.
PEER_COLUMNS = ("turns", "removals")


def compare(players, seed, timeout, peer_timeout):
    """One row of the second table: the deal, U3 and its time, then per peer its time and
    verdict, then per peer the ratio of its time to U3's."""
    deal = seeded_deal(players, seed)
    mine, r = _timed(lambda: exact(deal, SearchLimits(timeout)))
    if not r.exact:
        return [players, seed, f"{r.score}..{r.high}", f"{1000 * mine:.2f}"] + ["-", "U3 open"] * 2 + ["-"] * 2
    cells, ratios = [], []
    for name in PEER_COLUMNS:
        theirs, answers = peer_proof(deal, r.score, r.U2, peer_timeout, PEERS[name])
        status = "agrees" if all(answers) else "timeout" if None in answers else "DISAGREES"
        cells += [f"{theirs:.2f}", status]
        ratios.append(f"{theirs / mine:.0f}" if status == "agrees" else f">= {theirs / mine:.0f}")
    return [players, seed, f"{r.score} (U2 {r.U2})", f"{1000 * mine:.2f}"] + cells + ratios


#: Settings compared side by side (schedules of ``exact``, the default last): the third table's
#: shares of the token-free game, the fifth table's largest transposition tables, the memo of the eighth and
#: ninth tables, the fourth table's growing transposition table.
FREE_SETTINGS = {f"share {share}": Schedule(free_share=share) for share in (0, 4, 16)}
SIZE_SETTINGS = {"2^20": Schedule(tt_bits=20), "2^22": Schedule()}
MEMO_SETTINGS = {"no memo": Schedule(memo_bits=0), "memo": Schedule()}
GROWTH_SETTINGS = {"table 2^20": Schedule(tt_first_bits=20), "growing from 2^16": Schedule()}


def side_by_side(players, seed, timeout, settings):
    """One row of the third or fifth table: per setting the bounds, seconds and nodes, then the time
    ratios of the other settings to the last (the default)."""
    deal = seeded_deal(players, seed)
    runs = [_timed(lambda: exact(deal, SearchLimits(timeout), schedule=schedule)) for schedule in settings.values()]
    best_time, best = runs[-1]
    row = [players, seed]
    for seconds, r in runs:
        row += [f"{r.score}..{r.high}", f"{seconds:.2f}", f"{r.nodes:,}"]
    for seconds, r in runs[:-1]:
        row.append("-" if not best.exact else f"{seconds / best_time:.1f}" if r.exact else f">= {seconds / best_time:.1f}")
    return row


def print_side_by_side(deals, timeout, settings):
    rows = [side_by_side(p, s, timeout, settings) for p, s in deals]
    if rows:
        names = list(settings)
        print()
        print(markdown_table(["P", "seed", *(f"{what} {name}" for name in names for what in ("U3", "s", "nodes")),
                              *(f"ratio {name} / {names[-1]}" for name in names[:-1])], rows))


def table_pair(players, seeds, timeout, settings):
    """One row of the fourth or ninth table: over ``seeds``, with each of the two ``settings``, the
    total seconds and the median seconds per deal (each the smaller of two alternated runs)."""
    deals = [seeded_deal(players, s) for s in seeds]
    if not deals:
        return [players, 0, "-", "-", "-", "-", "-"]
    runs = {name: [] for name in settings}
    for _ in range(2):
        for name, out in runs.items():
            out.append([_timed(lambda: exact(d, SearchLimits(timeout), schedule=settings[name]))[0] for d in deals])
    (first_total, first_median), (last_total, last_median) = (
        (min(sum(r) for r in out), min(statistics.median(r) for r in out)) for out in runs.values())
    return [players, len(deals), f"{first_total:.2f}", f"{last_total:.2f}", f"{1000 * first_median:.2f}",
            f"{1000 * last_median:.2f}", f"{first_median / last_median:.2f}"]


def print_pairs(rows, settings):
    """The fourth or ninth table, of :func:`table_pair` rows, headed with the names of the two ``settings``."""
    if rows:
        first, last = settings
        print()
        print(markdown_table(["P", "searched deals", f"total s, {first}", f"total s, {last}", f"median ms, {first}",
                              f"median ms, {last}", "median ratio"], rows))


def root_rule(players, count):
    """One row of the sixth table: the root bound without and with the turn-order rule, side by side."""
    seconds, cut = [0.0, 0.0], [0, 0]
    first = seeded_deal(players, 0)
    for turns in (False, True):  # load the version compiled for an explicit ``turns`` before timing
        root_hope(np.array(first.types, dtype=np.int64), players, first.hand, turns=turns)
    for seed in range(count):
        deal = seeded_deal(players, seed)
        deck = np.array(deal.types, dtype=np.int64)
        for k, turns in enumerate((False, True)):
            began = time.perf_counter()
            cut[k] += root_hope(deck, players, deal.hand, turns=turns) < 25
            seconds[k] += time.perf_counter() - began
    return [players, count, f"{seconds[0]:.2f}", f"{seconds[1]:.2f}", f"{seconds[1] / seconds[0]:.2f}", *cut]


def root_rule_on_table(players, rows):
    """One row of the seventh table: the root bound without and with the turn-order rule on the
    deals of the table ``rows`` for ``players`` that need a search."""
    cut, only, below, searched = [0, 0], [], 0, 0
    for row in rows:
        if row["players"] != players or row["L"] >= row["U2"]:
            continue
        searched += 1
        deal = seeded_deal(players, row["seed"])
        deck = np.array(deal.types, dtype=np.int64)
        chains, turns = (root_hope(deck, players, deal.hand, turns=t) for t in (False, True))
        cut[0], cut[1], below = cut[0] + (chains < 25), cut[1] + (turns < 25), below + (turns < row["U3"])
        if turns < chains:
            only.append(f"{row['seed']} (U3 {row['U3']}, {row['method'] or 'open'})")
    return [players, searched, *cut, ", ".join(only) or "-", below]


#: The real games of the eleventh table.
REAL_GAMES = ROOT / "tests" / "data" / "realgames" / "hanablive_games.jsonl"


def _worker(tree):
    """A worker process (``per_deal_worker.py``) timing the code of ``tree``."""
    return subprocess.Popen([sys.executable, str(Path(__file__).with_name("per_deal_worker.py"))], cwd=tree,
                            env={**os.environ, "PYTHONPATH": str(tree)}, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)


def side_by_side_seconds(trees, requests):
    """Per tree, the seconds of every deal or game of ``requests`` (``per_deal_worker.py``'s), in order: the
    trees take turns request by request, the first tree first on even requests, the last first on odd ones."""
    workers = [_worker(tree) for tree in trees]
    seconds = [[] for _ in trees]
    try:
        for k, request in enumerate(requests):
            for i in (range(len(trees)) if k % 2 == 0 else reversed(range(len(trees)))):
                workers[i].stdin.write(json.dumps(request) + "\n")
                workers[i].stdin.flush()
                seconds[i].append(json.loads(workers[i].stdout.readline()))
    finally:
        for worker in workers:
            worker.stdin.close()
            worker.wait()
    return seconds


def _ratio_row(label, count, mine, theirs):
    """A row of the tenth or eleventh table: medians and 99th percentiles in ms, and their ratios."""
    cells = [statistics.median(mine), quantile(mine, 0.99), statistics.median(theirs), quantile(theirs, 0.99)]
    return [label, f"{count:,}", *(f"{1000 * c:.3f}" for c in cells), f"{cells[0] / cells[2]:.2f}",
            f"{cells[1] / cells[3]:.2f}"]


def per_deal_tables(deals, first, against, chunk, timeout):
    """The tenth and eleventh tables: ``exact`` per deal and ``analyze_game`` per real game, this tree against
    ``against``, side by side (:func:`side_by_side_seconds`)."""
    games = sum(1 for line in REAL_GAMES.read_text().splitlines() if line.strip())
    requests = [{"players": p, "first": a, "last": min(a + chunk, first + deals), "timeout": timeout}
                for p in (2, 3, 4, 5) for a in range(first, first + deals, chunk)]
    requests += [{"games": str(REAL_GAMES), "first": a, "last": a + chunk // 10} for a in range(0, games, chunk // 10)]
    mine, theirs = side_by_side_seconds([ROOT, Path(against).resolve()], requests)
    rows, analyses = [], ([], [])
    for request, here, there in zip(requests, mine, theirs, strict=True):
        if "games" in request:
            analyses[0].extend(here)
            analyses[1].extend(there)
        elif not rows or rows[-1][0] != request["players"]:
            rows.append([request["players"], here, there])
        else:
            rows[-1][1] += here
            rows[-1][2] += there
    header = ["this tree, median ms", "this tree, p99 ms", "against, median ms", "against, p99 ms",
              "median ratio", "p99 ratio"]
    print(f"\n`exact` per deal (L, U2, U3), seeds {first:,}..{first + deals - 1:,}, at most {timeout:g} s, this tree "
          f"against {against}:\n")
    print(markdown_table(["P", "deals", *header], [_ratio_row(p, len(a), a, b) for p, a, b in rows]))
    print(f"\n`analyze_game` per real game ({REAL_GAMES.name}), this tree against {against}:\n")
    print(markdown_table(["set", "games", *header], [_ratio_row("real games", len(analyses[0]), *analyses)]))


def _deal_list(text):
    return [tuple(int(x) for x in item.split(":")) for item in text.split(",") if item]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--peer", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--peer-timeout", type=float, default=60.0)
    parser.add_argument("--also", default="", help="extra deals for the second table, as P:seed,P:seed")
    parser.add_argument("--free", default="", help="deals for the third table, as P:seed,P:seed")
    parser.add_argument("--free-timeout", type=float, default=60.0)
    parser.add_argument("--growth", action="store_true", help="add the fourth table (the table's growth)")
    parser.add_argument("--sizes", default="", help="deals for the fifth table, as P:seed,P:seed")
    parser.add_argument("--root", type=int, default=0, help="seeds per player count for the sixth table")
    parser.add_argument("--root-table", action="store_true", help="add the seventh table (the rule on the shipped table)")
    parser.add_argument("--memo", default="", help="deals for the eighth table, as P:seed,P:seed")
    parser.add_argument("--memo-searched", action="store_true", help="add the ninth table (the memo on the first "
                        "table's searched deals)")
    parser.add_argument("--per-deal", type=int, default=10000, help="seeds per player count of the tenth table")
    parser.add_argument("--against", help="another tree (a revision's files) for the tenth and eleventh tables")
    parser.add_argument("--first", type=int, default=1_000_000, help="the first seed of the tenth table")
    parser.add_argument("--chunk", type=int, default=500, help="deals per turn of each tree (a tenth as many games)")
    args = parser.parse_args()
    if args.against:
        per_deal_tables(args.per_deal, args.first, args.against, args.chunk, args.timeout)
        return
    also = _deal_list(args.also)
    warm_up()
    rows, peer_rows, growth_rows, memo_rows = [], [], [], []
    for players in (2, 3, 4, 5):
        runs = u3_times(players, args.deals, args.timeout)
        seconds = [t for t, _ in runs]
        searched = sum(1 for _, r in runs if r.searches)
        rows.append([players, args.deals, f"{1000 * statistics.median(seconds):.2f}",
                     f"{1000 * quantile(seconds, 0.99):.1f}", f"{max(seconds):.2f}", searched,
                     sum(1 for _, r in runs if not r.exact)])
        hard = [s for s, (_, r) in enumerate(runs) if r.searches and r.exact][: args.peer]
        searched_seeds = [s for s, (_, r) in enumerate(runs) if r.searches]
        if args.growth:
            growth_rows.append(table_pair(players, searched_seeds, args.timeout, GROWTH_SETTINGS))
        if args.memo_searched:
            memo_rows.append(table_pair(players, searched_seeds, args.timeout, MEMO_SETTINGS))
        extra = [s for p, s in also if p == players]
        for seed in list(range(args.peer)) + hard + extra:
            peer_rows.append(compare(players, seed, args.timeout, args.peer_timeout))
    print(markdown_table(["P", "deals", "U3 median ms", "p99 ms", "max s", "searched", "timeouts"], rows))
    if any(r[-1] != "-" for r in peer_rows):
        print()
        print(markdown_table(["P", "seed", "U3", "U3 ms"] + [f"{name} peer {what}" for name in PEER_COLUMNS
                                                             for what in ("s (same proof)", "verdict")]
                             + [f"ratio {name}" for name in PEER_COLUMNS], peer_rows))
        for k, name in enumerate(PEER_COLUMNS):
            ratios = [float(r[k - len(PEER_COLUMNS)].lstrip(">= ")) for r in peer_rows if r[-1] != "-"]
            print(f"\nmedian speed ratio SAT peer ({name}) / U3: {statistics.median(ratios):.0f}x over "
                  f"{len(ratios)} deals (a timed-out peer counts with its limit)")
    print_side_by_side(_deal_list(args.free), args.free_timeout, FREE_SETTINGS)
    print_pairs(growth_rows, GROWTH_SETTINGS)
    print_side_by_side(_deal_list(args.sizes), args.free_timeout, SIZE_SETTINGS)
    if args.root:
        print()
        print(markdown_table(["P", "deals", "root s, chains", "root s, + turn order", "ratio", "cut < 25, chains",
                              "cut < 25, + turn order"], [root_rule(p, args.root) for p in (2, 3, 4, 5)]))
    if args.root_table:
        rows = [row for row in shipped_table() if row["L"] < row["U2"]]
        print()
        print(markdown_table(["P", "searched deals", "cut < 25, chains", "cut < 25, + turn order",
                              "cut only with the turn order: seed (the table's U3, proved by)", "below the row's U3"],
                             [root_rule_on_table(p, rows) for p in (2, 3, 4, 5)]))
    print_side_by_side(_deal_list(args.memo), args.free_timeout, MEMO_SETTINGS)
    print_pairs(memo_rows, MEMO_SETTINGS)


if __name__ == "__main__":
    main()

"""``analyze`` on real hanab.live games and on seeded games of the bot with noise.

Two sets of games, each analysed in this process, one game after another, after
:func:`~solitaire.seer.bounds.u3.warm_up`, by :func:`~solitaire.seer.runs.analysis.analyze_game` with
``--timeout`` seconds per searched position:

* ``real``: every game of ``--real`` (default ``tests/data/realgames/hanablive_games.jsonl``)
  that the reader plays (:func:`~solitaire.seer.sources.history.read_history`; a game it refuses, a
  variant or option it does not model, is skipped and counted);
* ``seeded``: ``--games`` games, a quarter for each P = 2..5 (seeds ``0 .. games/4 - 1`` of
  :func:`~solitaire.seer.game.deals.seeded_deal`), played by
  :func:`~solitaire.seer.sources.noisy.noisy_line` with ``--noise`` and the deal's seed as its seed.

Per set, a markdown table: games, positions (the positions of every game, one before each action
and the last one), positions searched (the rest follow the line of the last search at no cost),
positions per second (positions / the seconds of all the analyses), the median, 99th percentile
and largest seconds per game, and the positions left open at the timeout (bounds that do not
meet). Then, per set, where the maximum dropped: the games whose maximum was the deal's maximum
(25 on the standard deck) at the start, how many of them dropped below it before the end with
a 95% Wilson interval, and the phase of the first drop
(:func:`~solitaire.seer.runs.analysis.summarize_analyses`), for the whole set and per player count,
and the points lost by kind of action. ``--json`` prints one JSON object instead.
Run from the repository root::

    python benchmarks/bench_analyze.py [--games 1000] [--noise 0.1] [--timeout 10] [--json]
"""

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from common import markdown_table
from solitaire.seer.runs.analysis import Phase, analyze_game, summarize_analyses
from solitaire.seer.runs.evaluation import wilson
from solitaire.seer.game.deals import seeded_deal
from solitaire.seer.sources.history import read_history, split_refused
from solitaire.seer.sources.noisy import noisy_line
from solitaire.seer.bounds.u3 import warm_up

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "tests" / "data" / "realgames" / "hanablive_games.jsonl"


def real_games(path):
    """The games of a hanab.live file the reader plays, and how many it refused."""
    deals, refused = split_refused(read_history(path))
    return deals, len(refused)


def seeded_games(count, noise):
    """``count`` seeded deals (a quarter per P), each with the noisy bot's game in ``meta["actions"]``
    and its score in ``meta["real_score"]``, as the reader gives a hanab.live game."""
    games = []
    for players in (2, 3, 4, 5):
        for seed in range(count // 4):
            deal = seeded_deal(players, seed)
            actions, score = noisy_line(deal, noise, seed)
            games.append(replace(deal, meta={"actions": actions, "real_score": score}))
    return games


def analyse(games, timeout):
    """The rows of :meth:`~solitaire.seer.runs.analysis.GameAnalysis.to_json` and the wall seconds of each game."""
    rows, seconds = [], []
    for deal in games:
        began = time.perf_counter()
        rows.append(analyze_game(deal, timeout).to_json())
        seconds.append(time.perf_counter() - began)
    return rows, seconds


def drops(rows):
    """Where the maximum dropped in ``rows``: the games at the deal's maximum at the start, those
    of them that dropped below it, their share with its 95% Wilson interval, the phase of the
    first drop, and the points lost by kind of action."""
    summary = summarize_analyses(rows)
    winnable, lost = summary["winnable_at_start"], summary["lost_after_start"]
    return {"games": len(rows), "scored_0": sum(row["score"] == 0 for row in rows),
            "winnable_at_start": winnable, "lost_after_start": lost,
            "lost_share": lost / winnable if winnable else 0.0, "lost_ci": list(wilson(lost, winnable)),
            "first_drop_phase": summary["first_drop_phase"],
            "points_lost_by_kind": summary["points_lost_by_kind"]}


def figures(rows, seconds):
    """The speed and drop figures of one set (module docstring), the drops also per player count."""
    summary = summarize_analyses(rows)
    positions = sum(len(row["turns"]) + 1 for row in rows)
    times = np.array(seconds) if seconds else np.zeros(1)
    by_players = {players: drops([row for row in rows if row["players"] == players])
                  for players in sorted({row["players"] for row in rows})}
    return {"games": len(rows), "positions": positions, "searched": summary["searches"],
            "positions_per_second": positions / max(sum(seconds), 1e-9),
            "median_s": float(np.median(times)), "p99_s": float(np.percentile(times, 99)),
            "max_s": float(times.max()), "total_s": float(sum(seconds)), "open": summary["open_turns"],
            "drops": drops(rows), "drops_by_players": by_players}


def print_tables(results, refused, noise, timeout):
    names = {"real": f"real hanab.live games ({refused} refused by the reader)",
             "seeded": f"seeded games, bot with noise {noise}"}
    print(f"\n### analyze, {timeout:g} s per position\n")
    rows = [[names[name], f"{r['games']:,}", f"{r['positions']:,}", f"{r['searched']:,}",
             f"{r['positions_per_second']:,.0f}", f"{1000 * r['median_s']:.1f}", f"{1000 * r['p99_s']:.0f}",
             f"{r['max_s']:.2f}", r["open"]] for name, r in results.items()]
    print(markdown_table(["set", "games", "positions", "searched", "positions/s", "median ms/game",
                          "p99 ms/game", "max s/game", "open"], rows))
    print("\n### Games whose maximum dropped below the deal's maximum\n")
    rows = []
    for name, r in results.items():
        parts = [("all", r["drops"])] + [(f"P = {p}", d) for p, d in r["drops_by_players"].items()]
        for label, d in parts:
            low, high = d["lost_ci"]
            phases = ", ".join(f"{p} {d['first_drop_phase'][p]}" for p in Phase)
            rows.append([f"{name}, {label}", f"{d['games']:,}", d["scored_0"], d["winnable_at_start"],
                         d["lost_after_start"], f"{100 * d['lost_share']:.1f}% ({100 * low:.1f}–{100 * high:.1f})",
                         phases])
    print(markdown_table(["set", "games", "scored 0", "max at start", "dropped", "share (95% CI)",
                          "phase of the first drop"], rows))
    print("\nPoints lost by kind of action: " + "; ".join(
        f"{name}: " + ", ".join(f"{kind} {points}" for kind, points in r["drops"]["points_lost_by_kind"].items())
        for name, r in results.items()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="seeded games, a quarter per P = 2..5")
    parser.add_argument("--noise", type=float, default=0.1, help="the chance of a random action per turn")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per searched position")
    parser.add_argument("--real", type=Path, default=REAL, help="hanab.live games, JSON Lines")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = parser.parse_args()
    warm_up()
    real, refused = real_games(args.real)
    results, began = {}, time.perf_counter()
    for name, games in (("real", real), ("seeded", seeded_games(args.games, args.noise))):
        results[name] = figures(*analyse(games, args.timeout))
    wall = time.perf_counter() - began
    if args.json:
        print(json.dumps({"timeout": args.timeout, "noise": args.noise, "refused": refused, "wall_s": wall,
                          **results}, indent=1))
    else:
        print_tables(results, refused, args.noise, args.timeout)
        print(f"\nWall clock of the analyses and the noisy games, warm-up excluded: {wall:.0f} s")


if __name__ == "__main__":
    main()

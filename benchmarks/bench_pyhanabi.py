"""Humans with an AI against each deal's maximum: pyhanabi's games (Eger et al.'s experiment) by AI partner.

Every game of ``PATH`` (default: ``../shared/data/realgames/pyhanabi_2p_human_ai_games.jsonl`` beside the
repository, else the 8 logs of ``tests/data/pyhanabi``; or a folder of pyhanabi's logs, as ``--pyhanabi`` reads it)
gets its ``bound --exact`` row (:func:`~solitaire.seer.runs.boundrun.bound_row`, ``--timeout`` seconds a deal, under
pyhanabi's rules), and the rows of each AI partner (the game's player 0) are summarised as ``bound --scores`` does
(:func:`~solitaire.seer.runs.evaluation.evaluate`): the mean score, the mean U3, the score over U3 with its 95%
interval, the deals whose U3 is 25 and the share of them won. Run from the repository root::

    python benchmarks/bench_pyhanabi.py [--timeout 10] [PATH]
"""

import argparse
from pathlib import Path

from common import markdown_table

from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import warm_up
from solitaire.seer.runs.boundrun import bound_row
from solitaire.seer.runs.evaluation import evaluate
from solitaire.seer.sources.history import Refused
from solitaire.seer.sources.pyhanabi import read_pyhanabi

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "realgames" / "pyhanabi_2p_human_ai_games.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=SHARED if SHARED.exists() else ROOT / "tests/data/pyhanabi")
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    warm_up()
    items = read_pyhanabi(args.path)
    deals = [item for item in items if not isinstance(item, Refused)]
    rows = {deal.meta["names"][0]: [] for deal in deals}
    for deal in deals:
        rows[deal.meta["names"][0]].append(bound_row(deal, figures=False, limits=SearchLimits(args.timeout)))
    rows["all"] = [row for group in list(rows.values()) for row in group]
    table = []
    for partner, group in rows.items():
        out = evaluate(group)
        low, high = out["score_over_U3_ci95"]
        table.append([partner, len(group), f"{out['mean_score']:.2f}", f"{out['mean_U3']:.3f}",
                      f"{out['score_over_U3']:.3f} ({low:.3f}..{high:.3f})", out["winnable"],
                      f"{out['win_rate_winnable']:.1%}", out["scored_open"]])
    print(f"{len(items)} games, {len(items) - len(deals)} refused")
    print(markdown_table(["AI partner", "games", "mean score", "mean U3", "score / U3 (95% CI)", "U3 = 25",
                          "won of those", "open"], table))


if __name__ == "__main__":
    main()

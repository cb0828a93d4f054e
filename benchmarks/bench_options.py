"""The U3 search under a hanab.live option that changes how the game ends, beside the same deals without it.

Run ``python benchmarks/bench_options.py`` from the repository root (``--option allOrNothing``, ``speedrun`` or
``detrimentalCharacters``, ``--seeds`` per player count, ``--players``, ``--variant``, ``--timeout`` seconds per deal).
The deals are hanab.live's seed strings ``p<P>v<id>s1..`` of the variant (with ``detrimentalCharacters``, the
characters hanab.live's server draws for the seed: :func:`~solitaire.seer.game.characters.seeded_characters`, and the
deals with Genius, Panicky, Follower or Contrarian, which do more than refuse moves, are counted with the open ones
among them; a deal the solvers refuse is counted as refused); each is solved by
:func:`~solitaire.seer.bounds.u3.exact` with the option and without it, one after the other in one process after
``warm_up()``. Printed as a markdown table, per player count: the median and p99 milliseconds per deal with the
option, the deals left open at the timeout, the deals whose optimum differs with the option, and how
(``with < without``: the option cost points; ``with > without``: it gained them).
"""

import argparse
import dataclasses
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table

from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.bounds.u3.search import warm_up
from solitaire.seer.game.characters import restricts_only, seeded_characters
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.variants import UnsupportedVariant, get_variant
from solitaire.seer.sources.dealsource import live_deals

FIELDS = {"allOrNothing": "all_or_nothing", "speedrun": "speedrun", "detrimentalCharacters": "characters"}


def row(players: int, option: str, variant: str, seeds: int, timeout: float) -> list:
    """One row of the table: ``players``' deals of ``variant``, solved with and without ``option``."""
    vid, colors = get_variant(variant).id, len(get_variant(variant).clue_colors)
    limits, times, opened, lower, higher, refused = SearchLimits(timeout=timeout), [], 0, 0, 0, 0
    changing, changing_open = 0, 0  # deals whose characters do more than refuse moves, and the open ones of them
    strings = [f"p{players}v{vid}s{k}" for k in range(1, seeds + 1)]
    for seed, plain in zip(strings, live_deals(strings), strict=True):
        value = seeded_characters(seed, players, colors) if option == "detrimentalCharacters" else True
        options = dataclasses.replace(plain.options, **{FIELDS[option]: value})
        deal = Deal(plain.types, players, plain.ident, options=options)
        began = time.perf_counter()
        try:
            result = exact(deal, limits)
        except UnsupportedVariant:
            refused += 1
            continue
        times.append(time.perf_counter() - began)
        without = exact(plain, limits)
        opened += not result.exact
        if option == "detrimentalCharacters" and not restricts_only(value):
            changing, changing_open = changing + 1, changing_open + (not result.exact)
        if result.exact and without.exact:
            lower += result.score < without.score
            higher += result.score > without.score
    ms = np.array(times) * 1000
    return [players, seeds, refused, f"{np.median(ms):.2f}", f"{np.percentile(ms, 99):.1f}", opened, lower, higher,
            f"{changing} ({changing_open} open)" if option == "detrimentalCharacters" else "-"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--option", choices=sorted(FIELDS), default="allOrNothing")
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--variant", default="No Variant")
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()
    warm_up()
    rows = [row(int(p), args.option, args.variant, args.seeds, args.timeout) for p in args.players.split(",")]
    print(markdown_table(["P", "deals", "refused", "median ms", "p99 ms", f"open at {args.timeout:g} s",
                          "with < without", "with > without", "Genius, Panicky, Follower or Contrarian"], rows))


if __name__ == "__main__":
    main()

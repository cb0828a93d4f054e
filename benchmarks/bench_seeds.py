"""Benchmark of hanab.live seed strings to decks (:mod:`solitaire.seer.game.seeds`).

Run ``python benchmarks/bench_seeds.py`` from the repository root (``--seeds`` for the seed
range per variant, ``--one-by-one`` for how many of them go through the one-seed path,
``--variants`` for hanab.live variant names, ``--repeat``). Printed as a markdown table, per
variant: decks per second of :func:`~solitaire.seer.game.seeds.decks_from_seeds` (many seeds at
once, the decks as lists of cards), of :func:`~solitaire.seer.game.seeds.shuffle_orders` alone
(the permutations as one array), and of :func:`~solitaire.seer.game.seeds.deck_from_seed` one seed
at a time; each the best of ``--repeat`` runs.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import best_of, markdown_table  # noqa: E402
from solitaire.seer.game.seeds import (SeedString, deck_from_seed, decks_from_seeds,  # noqa: E402
                                  shuffle_orders)
from solitaire.seer.game.variants import get_variant  # noqa: E402


def measure(name: str, count: int, one_by_one: int, repeat: int) -> list:
    """One row: the variant, its deck size and the three rates."""
    variant = get_variant(name)
    seeds = [str(SeedString(3, variant.id, str(k))) for k in range(1, count + 1)]
    batch, _ = best_of(lambda: decks_from_seeds(seeds, variant), repeat)
    orders, _ = best_of(lambda: shuffle_orders(seeds, variant.deck_size), repeat)
    single, _ = best_of(lambda: [deck_from_seed(s, variant) for s in seeds[:one_by_one]], repeat)
    return [name, variant.deck_size, f"{count / batch:,.0f}", f"{count / orders:,.0f}",
            f"{one_by_one / single:,.0f}"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100_000)
    ap.add_argument("--one-by-one", type=int, default=5_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--variants", nargs="+",
                    default=["No Variant", "Rainbow (6 Suits)", "Black (6 Suits)", "3 Suits"])
    args = ap.parse_args()
    rows = [measure(name, args.seeds, args.one_by_one, args.repeat) for name in args.variants]
    print(markdown_table(["variant", "cards", "decks/s (batch)", "orders/s (batch)",
                          "decks/s (one by one)"], rows))


if __name__ == "__main__":
    main()

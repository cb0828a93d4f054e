"""Build the shipped variant table (``data/variants.json``) from hanab.live's definitions.

Contract: :func:`build_table` reads hanab.live's ``variants.json``, ``suits.json`` and
``colors.json`` (``packages/game/src/json/`` of the Hanabi-Live/hanabi-live repository) and
returns the project's table: every variant, with its suits (their copies rule, touch properties
and ``inverted`` flag; a ``<suit> Reversed`` name is the suit built down from 5), the clue
colours and ranks it offers and the fields its deck is dealt by (``upOrDown``, ``sudoku``,
``stackSize``, ``scarceOnes``, ``criticalRank``), so that :mod:`solitaire.seer.game.variants`
gives the deck of every variant. A variant whose rules the solvers do not model carries
``refused``: one line saying which of its rules is not modelled. The modelled variants differ
from the standard game only in their deck (suits, dark suits, Scarce Ones, Critical Fours, reversed
suits), in which cards a clue touches, and in their token economy (Clue Starved's half clue tokens, Throw It
in a Hole's finished stack that returns no token, a discard at 8 tokens beside an inverted suit), in Alternating
Clues (:mod:`solitaire.seer.bounds.alternation`); and in Up or Down (``upOrDown``) and Sudoku (``sudoku``, with
``stackSize`` 4 in Sudoku of 4 suits), carried as rules (:mod:`solitaire.seer.game.stacks`). Refused: a variant with
a variants.json or suits.json field this module does not know, so that a new hanab.live rule is never taken
silently.

hanab.live's earlier names are kept too (``--retired``, a file of them with the reason each is gone, made from
the history of hanab.live's ``variants.json``): a variant it removed, or renamed and changed, is an entry of
``retired`` (its last definition, with suits of its own where hanab.live's have changed since, and ``retired``,
why it is gone), and one it only renamed is a key of ``renamed`` (the old name to the current one), so that a
game recorded under the old name is read as it was played.

The clue colours of a variant are derived as hanab.live's ``getVariantClueColors`` does: the
variant's own ``clueColors`` if given, else the colours of its suits in suit order, each once,
skipping suits touched by every colour; a suit's colours are its ``clueColors``, else none for
rainbow-like, white-like and prism suits, else the colour of its own name.

Run it when hanab.live's definitions change::

    python -m solitaire.seer.game.variants_build VARIANTS SUITS COLORS OUT --commit HASH \
        --retired tests/data/hanablive_retired_variants.json
"""

import argparse
import json
from pathlib import Path

from solitaire.io.atomic import write_text_atomic

__all__ = ["build_table", "dump_table", "suit_clue_colors", "variant_clue_colors", "unsupported_reasons",
           "main"]

# Fields without effect on the rules the toolkit models (identity, display, clue names).
_COSMETIC_VARIANT = {"id", "newID", "name", "suits", "cowAndPig", "duck"}
_COSMETIC_SUIT = {"name", "id", "abbreviation", "createVariants", "displayName", "fill",
                  "fillColors", "fillColorblind", "pip"}
# Variant fields carried into the table as they are.
CARRIED = ("clueRanks", "specialRank", "specialRankAllClueColors", "specialRankAllClueRanks",
           "specialRankNoClueColors", "specialRankNoClueRanks", "specialRankDeceptive",
           "criticalRank", "scarceOnes", "clueStarved", "synesthesia", "oddsAndEvens",
           "funnels", "chimneys", "colorCluesTouchNothing", "rankCluesTouchNothing", "throwItInAHole",
           "alternatingClues", "upOrDown", "sudoku", "stackSize")
# Suit fields carried into the table (clueColors is derived, see suit_clue_colors).
SUIT_FLAGS = ("oneOfEach", "allClueColors", "noClueColors", "allClueRanks", "noClueRanks",
              "prism", "inverted")
REVERSED = " Reversed"


def suit_clue_colors(suit: dict, colors: set[str]) -> list[str]:
    """The colours whose clues touch ``suit`` through its colour (hanab.live's rule)."""
    if "clueColors" in suit:
        return list(suit["clueColors"])
    if suit.get("allClueColors") or suit.get("noClueColors") or suit.get("prism"):
        return []
    if suit["name"] in colors:
        return [suit["name"]]
    raise ValueError(f"suit {suit['name']!r} has no clue colours and no colour of its name")


def variant_clue_colors(variant: dict, suits: dict[str, dict], colors: set[str]) -> list[str]:
    """The colour clues ``variant`` offers, in hanab.live's index order."""
    if "clueColors" in variant:
        return list(variant["clueColors"])
    out: list[str] = []
    for name in variant["suits"]:
        suit = suits[name.removesuffix(REVERSED)]
        if suit.get("allClueColors"):
            continue
        out += [c for c in suit_clue_colors(suit, colors) if c not in out]
    return out


def unsupported_reasons(variant: dict, suits: dict[str, dict]) -> list[str]:
    """What in ``variant`` the toolkit does not model; empty when it is supported."""
    reasons = [f"unknown variant field {key!r}" for key in variant
               if key not in _COSMETIC_VARIANT and key not in CARRIED and key != "clueColors"]
    for name in variant["suits"]:
        suit = suits[name.removesuffix(REVERSED)]
        reasons += [f"unknown field {key!r} of suit {name}" for key in suit
                    if key not in _COSMETIC_SUIT and key not in SUIT_FLAGS and key != "clueColors"]
    return list(dict.fromkeys(reasons))


def build_table(variants: list[dict], suits: list[dict], colors: list[dict], source: str,
                retired: dict | None = None) -> dict:
    """The shipped table: ``suits`` (by name, a reversed suit under its own) and every variant,
    in hanab.live's order, those whose rules are not modelled with ``refused`` (the reasons); with
    ``retired`` (``{"suits", "variants"}``: hanab.live's earlier names, each with ``why`` it is gone, or
    ``renamed``, its current name), also ``retired`` and ``renamed`` (module docstring)."""
    color_names = {c["name"] for c in colors}
    by_name = {s["name"]: s for s in suits}
    used: dict[str, dict] = {}
    table: dict = {"source": source, "suits": used,
                   "variants": [_entry(v, by_name, color_names, used) for v in variants]}
    if retired is not None:
        names = {v["name"] for v in variants}
        by_name |= {s["name"]: s for s in retired["suits"]}
        gone = [v for v in retired["variants"] if "renamed" not in v]
        renamed = {v["name"]: v["renamed"] for v in retired["variants"] if "renamed" in v}
        if not set(renamed.values()) <= names or {v["name"] for v in gone} & names:
            raise ValueError("a renamed variant's new name is not hanab.live's, or a retired name still is")
        table["retired"] = [dict(_entry({k: x for k, x in v.items() if k != "why"}, by_name, color_names, used),
                                 retired=v["why"]) for v in gone]
        table["renamed"] = renamed
    return table


def _entry(v: dict, by_name: dict[str, dict], color_names: set[str], used: dict[str, dict]) -> dict:
    """The table's entry of the variant ``v``; the suits it uses are added to ``used``."""
    entry = {"id": v["id"], "name": v["name"], "suits": v["suits"],
             "clueColors": variant_clue_colors(v, by_name, color_names)}
    entry.update({key: v[key] for key in CARRIED if key in v})
    reasons = unsupported_reasons(v, by_name)
    if reasons:
        entry["refused"] = "; ".join(reasons)
    for name in v["suits"]:
        suit = by_name[name.removesuffix(REVERSED)]
        used[suit["name"]] = {"clueColors": suit_clue_colors(suit, color_names),
                              **{flag: True for flag in SUIT_FLAGS if suit.get(flag)}}
    return entry


def dump_table(table: dict) -> str:
    """Compact JSON, one variant per line (diffs of a rebuilt table stay readable)."""
    def compact(value: object) -> str:
        return json.dumps(value, separators=(",", ":"))

    def rows(key: str) -> str:
        return ",\n".join(compact(v) for v in table[key])

    head = {key: table[key] for key in ("source", "suits")}
    lines = [compact(head)[:-1] + ',"variants":[', rows("variants")]
    if "retired" in table:
        lines += ['],"retired":[', rows("retired"), f'],"renamed":{compact(table["renamed"])}}}']
    else:
        lines.append("]}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Command line: read the three hanab.live files, write the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("variants", "suits", "colors", "out"):
        ap.add_argument(name)
    ap.add_argument("--commit", required=True, help="the hanabi-live commit the files are from")
    ap.add_argument("--retired", help="hanab.live's earlier variant names, with why each is gone")
    args = ap.parse_args(argv)
    variants, suits, colors = [json.loads(Path(path).read_text(encoding="utf-8"))
                               for path in (args.variants, args.suits, args.colors)]
    retired = json.loads(Path(args.retired).read_text(encoding="utf-8")) if args.retired else None
    source = ("Derived from hanab.live's variant definitions (Hanabi-Live/hanabi-live, "
              f"packages/game/src/json/ at commit {args.commit}; GPL-3.0) by "
              "solitaire/seer/game/variants_build.py" + (", its earlier names from the history of its variants.json."
                                                         if retired else "."))
    write_text_atomic(args.out, dump_table(build_table(variants, suits, colors, source=source, retired=retired)))


if __name__ == "__main__":
    main()

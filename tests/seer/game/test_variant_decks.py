"""Decks of every hanab.live variant, those whose rules the solvers refuse included: hanab.live's copies per
rank (``numCopiesOfCard``), seed strings, the deal's JSON both ways, and the refusal where a game is played."""

import json
import re
from importlib import resources

import pytest
from click.testing import CliRunner

from cli import main
from helpers import REFUSAL, REFUSED_ID, REFUSED_VARIANT
from solitaire.seer.game.deals import deal_to_hanablive, parse_hanablive, rules_of
from solitaire.seer.game.options import Options
from solitaire.seer.game.seeds import deck_from_seed, decks_from_seeds
from solitaire.seer.game.variants import START, Card, UnsupportedVariant, all_variants, get_variant, unshuffled_deck
from solitaire.seer.sources.dealsource import live_deals, live_items

TABLE = json.loads(resources.files("solitaire.seer.game").joinpath("data/variants.json").read_text("utf-8"))


def _suit_total(entry, suit):
    """Cards of one suit by hanab.live's per-suit totals (server ``totalCardsInSuit``, with the client's 9
    under Scarce Ones): a one-of-each suit has each rank once (and START in Up or Down); else 2 per rank,
    one fewer in Up or Down, Critical Fours and Scarce Ones."""
    stack = len(entry["suits"]) if entry.get("sudoku") else 5
    if suit.get("oneOfEach"):
        return stack + bool(entry.get("upOrDown"))
    fewer = entry.get("upOrDown") or "criticalRank" in entry or entry.get("scarceOnes")
    return 2 * stack - bool(fewer and not entry.get("sudoku"))


def test_every_hanablive_variant_has_its_deck():
    """All 2,426 variants of hanab.live's variants.json: each deck of hanab.live's size, and every one played."""
    entries = TABLE["variants"]
    assert len(entries) == len(all_variants()) == 2426
    for entry in entries:
        v = get_variant(entry["id"])
        suits = [TABLE["suits"][name.removesuffix(" Reversed")] for name in entry["suits"]]
        assert v.deck_size == len(unshuffled_deck(v)) == sum(_suit_total(entry, s) for s in suits), v.name
        assert (v.refused is None) == ("refused" not in entry)
    assert all(v.refused is None for v in all_variants().values())


@pytest.mark.parametrize("name, ranks, copies, size", [  # copies per slot: the ranks in the order a stack is built
    ("Up or Down (5 Suits)", (1, 2, 3, 4, 5, START), [(1, 2, 2, 2, 1, 1)] * 5, 45),
    ("Up or Down & Black (6 Suits)", (1, 2, 3, 4, 5, START), [(1, 2, 2, 2, 1, 1)] * 5 + [(1,) * 6], 51),
    ("White Reversed (6 Suits)", (1, 2, 3, 4, 5), [(3, 2, 2, 2, 1)] * 6, 60),  # per slot: White 5 first
    ("Sudoku (5 Suits)", (1, 2, 3, 4, 5), [(2,) * 5] * 5, 50),
    ("Sudoku (4 Suits)", (1, 2, 3, 4), [(2, 2, 2, 2, 0)] * 4, 32),
    ("Orange (6 Suits)", (1, 2, 3, 4, 5), [(3, 2, 2, 2, 1)] * 6, 60),
])
def test_copies_per_slot_of_each_new_rule(name, ranks, copies, size):
    v = get_variant(name)
    assert v.ranks == ranks and [s.copies for s in v.suits] == copies and v.deck_size == size
    deck = unshuffled_deck(v)
    assert deck == sorted(deck, key=lambda c: (c.suit, v.slots.index(c.rank)))  # suits, then ranks, START last
    reversed_ = name.startswith("White Reversed")
    assert v.refused is None and {s.reversed for s in v.suits} == {reversed_, False}


def test_suit_flags():
    assert get_variant("White Reversed (6 Suits)").suits[5].reversed
    assert get_variant("Orange (6 Suits)").suits[5].inverted
    assert get_variant("Sudoku (4 Suits)").max_score == 16


def test_a_seed_deals_every_rule_and_types_round_trip():
    for seed in ("p2v24s1", "p3v1356s7", "p4v2072s2", "p2v2092s3", "p5v2130s9"):
        v = get_variant(int(seed.split("v")[1].split("s")[0]))
        deck = deck_from_seed(seed)
        assert sorted(deck, key=v.type_of) == sorted(unshuffled_deck(v), key=v.type_of)
        assert decks_from_seeds([seed], v) == [deck]
        deal, = live_deals([seed])
        assert [v.card_of(t) for t in deal.types.tolist()] == deck
        game = deal_to_hanablive(deal)
        assert [Card(c["suitIndex"], c["rank"]) for c in game["deck"]] == deck
        back = parse_hanablive(game)
        assert back.ident == deal.ident and back.types.tolist() == deal.types.tolist()


def test_the_rules_of_a_game_refuse_what_the_solvers_do_not_model(refused_variant):
    deal, = live_deals([f"p2v{REFUSED_ID}s1"])
    with pytest.raises(UnsupportedVariant, match=re.escape(f"{REFUSED_VARIANT!r} (id {REFUSED_ID}) is not supported: "
                                                           f"{REFUSAL}")):
        _ = deal.rules
    assert live_deals(["p2v24s1"])[0].rules.variant.up_or_down
    assert live_deals(["p2v2372s1"])[0].rules.variant.has_inverted_suits
    with pytest.raises(UnsupportedVariant, match=re.escape(REFUSAL)):
        rules_of(Options(variant=REFUSED_VARIANT), 3)
    assert rules_of(Options(variant="Sudoku (5 Suits)"), 3).variant.orders is not None
    assert rules_of(Options(variant="Black (6 Suits)"), 3).variant.refused is None


def test_deal_prints_the_deck_and_bound_plays_or_refuses_the_game(tmp_path, refused_variant):
    runner = CliRunner()
    printed = runner.invoke(main, ["deal", "--hanab-live-seed", "p2v2372s1"])
    assert printed.exit_code == 0, printed.output
    game = json.loads(printed.output)
    assert game["options"]["variant"] == "Up or Down & Orange (5 Suits)" and len(game["deck"]) == 45
    assert sum(card["rank"] == START for card in game["deck"]) == 5
    seeds = runner.invoke(main, ["deal", "--hanab-live-seeds", "p3v1356s1..3"])
    assert seeds.exit_code == 0 and len(seeds.output.splitlines()) == 3
    path = tmp_path / "uod.json"
    path.write_text(printed.output)
    bound = json.loads(runner.invoke(main, ["bound", "--deal", str(path), "--json"]).output)
    assert bound["rows"][0]["L"] <= bound["rows"][0]["U2"] <= 25 and not bound["summary"]["refused"]
    other = tmp_path / "refused.json"
    other.write_text(runner.invoke(main, ["deal", "--hanab-live-seed", f"p2v{REFUSED_ID}s1"]).output)
    refused = runner.invoke(main, ["bound", "--deal", str(other), "--json"])
    assert refused.exit_code == 2, refused.output  # its one deal refused: nothing computed
    assert REFUSAL in refused.output and '"refused"' in refused.output
    last = refused.output.splitlines()[-1]
    assert last == "hanabi-solitaire: error: every deal given was refused (the reasons above)"


def test_seeds_of_several_player_counts_and_variants_are_dealt_each_as_its_own(refused_variant):
    """One call with seed strings of mixed player counts and variants: each deal has its seed's players, variant
    and deck, in the order given, and a refused variant's seed is a refused item of its own."""
    seeds = ["p2v1255s1", "p3v1255s1", "p4v0s1", "p2v1255s2", f"p3v{REFUSED_ID}s1"]
    deals = live_deals(seeds)
    assert [(d.players, d.ident) for d in deals] == [(int(s[1]), f"P{s[1]}-live-{s}") for s in seeds]
    assert [d.variant.id for d in deals] == [int(s[3:].split("s")[0]) for s in seeds]
    for seed, deal in zip(seeds, deals):
        assert [deal.variant.card_of(t) for t in deal.types.tolist()] == deck_from_seed(seed), seed
    items = live_items(seeds)
    assert [type(item).__name__ for item in items] == ["Deal", "Deal", "Deal", "Deal", "RefusedDeal"]

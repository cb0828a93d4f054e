"""The variant table and model: built from hanab.live's definitions, decks of the sizes
hanab.live deals, touch rules on hand-picked cases and on the clues of real variant games."""

import json
from dataclasses import replace
from operator import attrgetter
from importlib import resources
from pathlib import Path

import pytest

from solitaire.io.errors import InputError
from solitaire.seer.game.options import Options, Rules
from solitaire.seer.game.variants import (COLOR, RANK, Card, Clue, Reach, UnsupportedVariant,
                                     clue_is_legal,
                                     clue_touches, get_variant, legal_clue_exists, retired_variants,
                                     supported_variants, unshuffled_deck, unsupported_variants)
from solitaire.seer.game.variants_build import build_table, unsupported_reasons

DATA = Path(__file__).parents[2] / "data"
GAMES = [json.loads(line) for line in open(DATA / "hanablive_variant_games.jsonl")]
PAIRS = [json.loads(line) for line in open(DATA / "hanablive_seed_decks.jsonl")]
SAMPLE = json.load(open(DATA / "hanablive_variants_sample.json"))
RETIRED = json.load(open(DATA / "hanablive_retired_variants.json"))
SUITS = json.load(open(DATA / "hanablive_suits.json"))
COLORS = json.load(open(DATA / "hanablive_colors.json"))


def _supported(name):
    variant = get_variant(name)
    return variant if variant.refused is None else None


# --- the table -------------------------------------------------------------------------------

def test_shipped_table_is_the_build_of_hanablive_definitions():
    built = build_table(SAMPLE, SUITS, COLORS, source="test")
    shipped = json.loads(resources.files("solitaire.seer.game").joinpath("data/variants.json")
                         .read_text("utf-8"))
    by_name = {v["name"]: v for v in shipped["variants"]}
    assert len(built["variants"]) == len(SAMPLE) == 66
    assert all(by_name[v["name"]] == v for v in built["variants"])
    assert all(shipped["suits"][name] == s for name, s in built["suits"].items())


def test_shipped_table_keeps_hanablive_earlier_names_as_built_from_their_history():
    gone = dict(RETIRED, variants=[v for v in RETIRED["variants"] if "renamed" not in v])
    built = build_table(SAMPLE, SUITS, COLORS, source="test", retired=gone)
    shipped = json.loads(resources.files("solitaire.seer.game").joinpath("data/variants.json")
                         .read_text("utf-8"))
    assert built["retired"] == shipped["retired"] and len(shipped["retired"]) == 17
    assert all(shipped["suits"][name] == s for name, s in built["suits"].items())
    assert shipped["renamed"] == {v["name"]: v["renamed"] for v in RETIRED["variants"] if "renamed" in v}
    with pytest.raises(ValueError):  # a renamed variant must be one hanab.live has
        build_table(SAMPLE, SUITS, COLORS, source="test", retired=RETIRED)


def test_earlier_names_are_read_as_played_and_ids_are_hanablive_current_ones():
    assert get_variant("Odds And Evens (5 Suits)") is get_variant("Odds and Evens (5 Suits)")
    old = get_variant("Rainbow & White (3 Suits)")
    assert old is retired_variants()[old.name] and "removed from hanab.live on 2022-11-01" in old.retired
    assert [s.name for s in old.suits] == ["Red", "Rainbow", "White"] and old.refused is None
    assert get_variant(old.id).name == "Matryoshka (6 Suits)"  # hanab.live gave its id to another variant
    mix, was = get_variant("Ambiguous & Dual-Color Mix"), get_variant("Ambiguous & Dual-Color")
    assert (mix.clue_colors, was.clue_colors) == (("Red", "Yellow", "Blue", "Green"), ("Red", "Yellow", "Blue"))
    assert not set(retired_variants()) & set(supported_variants()) and mix.retired is None


def test_table_covers_every_hanablive_variant_once():
    supported, refused = supported_variants(), unsupported_variants()
    assert (len(supported), len(refused)) == (2426, 0)
    ids = [v.id for v in supported.values()] + [vid for vid, _ in refused.values()]
    assert len(set(ids)) == len(ids) == 2426
    assert all(get_variant(v.id) is v for v in list(supported.values())[::50])


def test_refused_variants_name_what_is_not_modelled():
    """hanab.live has no variant the solvers refuse today; one the table refused would name its rule."""
    name, why = "Sudoku (4 Suits)", "unknown variant field 'newRule'"
    with pytest.raises(UnsupportedVariant) as refusal:
        replace(get_variant(name), refused=why).check_playable()
    message = str(refusal.value)
    assert why in message and name in message and "\n" not in message
    assert isinstance(refusal.value, InputError)


def test_unknown_names_and_fields():
    with pytest.raises(InputError) as err:
        get_variant("No Such Variant")
    assert not isinstance(err.value, UnsupportedVariant)
    with pytest.raises(InputError):
        get_variant(99999)
    suits = {s["name"]: s for s in SUITS}
    assert unsupported_reasons({"name": "x", "suits": ["Red"], "newRule": True}, suits) == [
        "unknown variant field 'newRule'"]
    odd = {**suits, "Red": {**suits["Red"], "glows": True}}
    assert unsupported_reasons({"name": "x", "suits": ["Red"]}, odd) == [
        "unknown field 'glows' of suit Red"]
    assert unsupported_reasons(SAMPLE[0], suits) == []


# --- decks -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, size, copies", [
    ("No Variant", 50, (3, 2, 2, 2, 1)),
    ("6 Suits", 60, (3, 2, 2, 2, 1)),
    ("Black (6 Suits)", 55, (1, 1, 1, 1, 1)),
    ("Dark Rainbow (6 Suits)", 55, (1, 1, 1, 1, 1)),
    ("Critical Fours (5 Suits)", 45, (3, 2, 2, 1, 1)),
    ("Scarce Ones (5 Suits)", 45, (2, 2, 2, 2, 1)),
    ("Scarce Ones & Dark Null (6 Suits)", 50, (1, 1, 1, 1, 1)),
])
def test_deck_sizes(name, size, copies):
    v = get_variant(name)
    assert v.deck_size == len(unshuffled_deck(v)) == size
    assert v.suits[-1].copies == copies
    assert v.max_score == 5 * len(v.suits)


def test_unshuffled_decks_of_the_seed_pairs():
    """Every supported variant of the real (seed, deck) pairs: the deck's size and cards."""
    checked = set()
    for pair in PAIRS:
        v = _supported(pair["variant"])
        if v is None:
            continue
        assert v.id == pair["variant_id"]
        assert v.deck_size == pair["deck_size"] == len(pair["deck"])
        assert unshuffled_deck(v) == sorted(Card(*c) for c in pair["deck"])
        checked.add(v.name)
    assert len(checked) == 15


def test_every_variant_game_is_of_a_played_variant():
    assert all(_supported(g["variant"]) for g in GAMES)
    assert len({g["variant"] for g in GAMES}) == 27


@pytest.mark.parametrize("game", GAMES,
                         ids=lambda g: str(g["game_id"]))
def test_variant_agrees_with_the_games_record(game):
    """The record's suits, clue colours and ranks (written independently from hanab.live's
    definitions) are the model's."""
    v = get_variant(game["variant"])
    assert v.id == game["variant_id"] and v.max_score == game["variant_max_score"]
    assert list(v.clue_colors) == game["variant_clue_colors"]
    assert list(v.clue_ranks) == game["variant_rules"]["clueRanks"]
    assert unshuffled_deck(v) == sorted(Card(*c) for c in game["deck"])
    fields = {"oneOfEach": "one_of_each", "allClueColors": "reach.all_colors",
              "noClueColors": "reach.no_colors", "allClueRanks": "reach.all_ranks",
              "noClueRanks": "reach.no_ranks", "prism": "prism"}
    for suit, record in zip(v.suits, game["variant_suits"], strict=True):
        assert suit.name == record["name"]
        assert suit.copies == tuple(record["copies"][str(r)] for r in v.slots)   # START (7) last in Up or Down
        assert list(suit.clue_colors) == record["clueColors"]
        assert all(attrgetter(ours)(suit) == record.get(theirs, False)
                   for theirs, ours in fields.items())
    rules = game["variant_rules"]
    assert (v.special.rank if v.special else None) == rules.get("specialRank")
    if v.special:
        assert v.special.reach == Reach.from_json(rules, "specialRank")
        assert v.special.deceptive == rules.get("specialRankDeceptive", False)
    assert (v.funnels, v.chimneys, v.scarce_ones) == (
        rules.get("funnels", False), rules.get("chimneys", False), rules.get("scarceOnes", False))


# --- touch rules -----------------------------------------------------------------------------

def _touched(name, clue, suit):
    """The ranks of suit ``suit`` that ``clue`` touches."""
    v = get_variant(name)
    return [r for r in range(1, 6) if clue_touches(v, clue, Card(suit, r))]


ALL = [1, 2, 3, 4, 5]
RED, BLUE, PURPLE = Clue(COLOR, 0), Clue(COLOR, 3), Clue(COLOR, 4)


@pytest.mark.parametrize("name, clue, suit, ranks", [
    ("No Variant", RED, 0, ALL), ("No Variant", RED, 1, []),
    ("No Variant", Clue(RANK, 3), 2, [3]),
    ("Rainbow (6 Suits)", BLUE, 5, ALL), ("Rainbow (6 Suits)", Clue(RANK, 2), 5, [2]),
    ("Pink (6 Suits)", Clue(RANK, 4), 5, ALL), ("Pink (6 Suits)", Clue(COLOR, 5), 5, ALL),
    ("Pink (6 Suits)", RED, 5, []),
    ("White (6 Suits)", RED, 5, []), ("White (6 Suits)", Clue(RANK, 1), 5, [1]),
    ("Brown (6 Suits)", Clue(RANK, 1), 5, []), ("Brown (6 Suits)", Clue(COLOR, 5), 5, ALL),
    ("Omni (6 Suits)", PURPLE, 5, ALL), ("Omni (6 Suits)", Clue(RANK, 5), 5, ALL),
    ("Null (6 Suits)", PURPLE, 5, []), ("Null (6 Suits)", Clue(RANK, 5), 5, []),
    ("Muddy Rainbow (6 Suits)", RED, 5, ALL), ("Muddy Rainbow (6 Suits)", Clue(RANK, 2), 5, []),
    ("Light Pink (6 Suits)", RED, 5, []), ("Light Pink (6 Suits)", Clue(RANK, 2), 5, ALL),
    ("Prism (6 Suits)", RED, 5, [1]), ("Prism (6 Suits)", PURPLE, 5, [5]),
    ("Prism (5 Suits)", RED, 4, [1, 5]), ("Prism (5 Suits)", BLUE, 4, [4]),
    ("Black (6 Suits)", Clue(COLOR, 5), 5, ALL), ("Black (6 Suits)", RED, 5, []),
    ("Dark Rainbow (6 Suits)", BLUE, 5, ALL), ("Gray (6 Suits)", BLUE, 5, []),
    ("Dark Pink (6 Suits)", Clue(RANK, 3), 5, ALL), ("Dark Pink (6 Suits)", Clue(COLOR, 5), 5, ALL),
    ("Dark Brown (6 Suits)", Clue(RANK, 3), 5, []), ("Dark Omni (6 Suits)", RED, 5, ALL),
    ("Dark Null (6 Suits)", RED, 5, []), ("Cocoa Rainbow (6 Suits)", Clue(RANK, 1), 5, []),
    ("Gray Pink (6 Suits)", Clue(RANK, 1), 5, ALL), ("Dark Prism (6 Suits)", BLUE, 5, [4]),
    ("Rainbow-Ones (5 Suits)", BLUE, 0, [1]), ("Pink-Ones (5 Suits)", Clue(RANK, 3), 0, [1, 3]),
    ("White-Ones (5 Suits)", RED, 0, [2, 3, 4, 5]),
    ("Brown-Ones (5 Suits)", Clue(RANK, 2), 0, [2]),
    ("Omni-Ones (5 Suits)", Clue(RANK, 4), 2, [1, 4]), ("Omni-Ones (5 Suits)", RED, 2, [1]),
    ("Null-Ones (5 Suits)", Clue(COLOR, 2), 2, [2, 3, 4, 5]),
    ("Light-Pink-Ones (5 Suits)", RED, 0, [2, 3, 4, 5]),
    ("Light-Pink-Ones (5 Suits)", Clue(RANK, 5), 0, [1, 5]),
    ("Muddy-Rainbow-Ones (5 Suits)", PURPLE, 0, [1]),
    ("Muddy-Rainbow-Ones (5 Suits)", Clue(RANK, 2), 0, [2]),
    ("Rainbow-Fives & Brown (5 Suits)", RED, 4, [5]),
    ("Rainbow-Fives & Brown (5 Suits)", RED, 0, ALL),
    ("Rainbow-Fives & Brown (5 Suits)", Clue(RANK, 5), 4, []),
    ("Deceptive-Ones (5 Suits)", Clue(RANK, 2), 0, [1, 2]),
    ("Deceptive-Ones (5 Suits)", Clue(RANK, 2), 4, [1, 2]),
    ("Deceptive-Ones (5 Suits)", Clue(RANK, 3), 1, [1, 3]),
    ("Deceptive-Ones (5 Suits)", Clue(RANK, 2), 1, [2]),
    ("Funnels (5 Suits)", Clue(RANK, 3), 0, [1, 2, 3]),
    ("Chimneys (5 Suits)", Clue(RANK, 3), 0, [3, 4, 5]),
    ("Odds and Evens (5 Suits)", Clue(RANK, 1), 0, [1, 3, 5]),
    ("Odds and Evens (5 Suits)", Clue(RANK, 2), 0, [2, 4]),
    ("Synesthesia (5 Suits)", RED, 3, [1]), ("Synesthesia (5 Suits)", RED, 0, ALL),
    ("Synesthesia (5 Suits)", BLUE, 1, [4]),
    ("Synesthesia & Brown (6 Suits)", RED, 5, []),
    ("Synesthesia & Brown (6 Suits)", Clue(COLOR, 5), 5, ALL),
    ("Color Blind (5 Suits)", RED, 0, []), ("Color Blind (5 Suits)", Clue(RANK, 1), 0, [1]),
    ("Number Blind (5 Suits)", Clue(RANK, 1), 0, []), ("Number Blind (5 Suits)", RED, 0, ALL),
    ("Dual-Color (6 Suits)", RED, 0, ALL), ("Dual-Color (6 Suits)", Clue(COLOR, 1), 0, ALL),
    ("Dual-Color (6 Suits)", BLUE, 0, []),
])
def test_touch_rules(name, clue, suit, ranks):
    assert _touched(name, clue, suit) == ranks


@pytest.mark.parametrize("name, clues", [
    ("Color Mute (5 Suits)", [Clue(RANK, r) for r in ALL]),
    ("Number Mute (5 Suits)", [Clue(COLOR, c) for c in range(5)]),
    ("Odds and Evens (5 Suits)", [Clue(COLOR, c) for c in range(5)] + [Clue(RANK, 1),
                                                                      Clue(RANK, 2)]),
    ("Brown-Ones (5 Suits)", [Clue(COLOR, c) for c in range(5)]
     + [Clue(RANK, r) for r in (2, 3, 4, 5)]),
])
def test_offered_clues(name, clues):
    assert get_variant(name).clues() == clues


def test_clue_legality():
    null, blind = get_variant("Null (6 Suits)"), get_variant("Color Blind (5 Suits)")
    null_hand = [Card(5, r) for r in (1, 2, 3, 4)]
    assert not legal_clue_exists(null, null_hand)
    assert legal_clue_exists(null, null_hand, empty_clues=True)
    assert legal_clue_exists(null, null_hand + [Card(0, 5)])
    assert clue_is_legal(blind, RED, [Card(1, 2)])             # colour clues are always legal
    assert not clue_is_legal(blind, Clue(RANK, 3), [Card(1, 2)])
    assert not clue_is_legal(null, Clue(COLOR, 5), null_hand + [Card(0, 5)])  # not offered
    assert not clue_is_legal(null, Clue(RANK, 6), [Card(0, 5)], empty_clues=True)
    total = get_variant("Totally Blind (5 Suits)")
    assert legal_clue_exists(total, [Card(0, 1)])
    assert not any(clue_touches(total, c, Card(0, 1)) for c in total.clues())


def _replay_clues(game):
    """Replay a game's card flow; yield (clue, hand) for every recorded clue."""
    players, size, deck = game["players"], game["hand_size"], game["deck"]
    hands = [list(range(p * size, (p + 1) * size)) for p in range(players)]
    drawn, actor = players * size, game["options"].get("startingPlayer", 0)
    for action in game["actions"]:
        kind, target = action["type"], action["target"]
        if kind == 4:
            return
        if kind in (0, 1):
            if target == drawn:               # a deck play: the last card, from the deck
                assert game["options"].get("deckPlays") and drawn == len(deck) - 1
                drawn += 1
            else:
                hands[actor].remove(target)
                if drawn < len(deck):
                    hands[actor].append(drawn)
                    drawn += 1
        else:
            assert target != actor
            clue = Clue(COLOR if kind == 2 else RANK, action["value"])
            yield clue, [Card(*deck[k]) for k in hands[target]]
        actor = (actor + 1) % players


def test_recorded_clues_are_legal():
    """hanab.live refused every clue touching no card (unless emptyClues was on): each
    recorded clue must be offered by the variant and touch a card of its target's hand."""
    checked = touched_nothing = 0
    for game in GAMES:
        v = _supported(game["variant"])
        if v is None:
            continue
        empty = game["options"].get("emptyClues", False)
        for clue, hand in _replay_clues(game):
            assert clue_is_legal(v, clue, hand, empty), (game["game_id"], clue, hand)
            touched_nothing += not any(clue_touches(v, clue, c) for c in hand)
            checked += 1
    assert checked == 481
    assert touched_nothing == 0


# --- options ---------------------------------------------------------------------------------

def test_options_and_rules():
    game = GAMES[0]
    options = Options.from_hanablive(game["options"])
    assert (options.starting_player, options.deck_plays, options.empty_clues) == (1, True, True)
    assert options.to_hanablive() == game["options"]
    rules = Rules(get_variant(options.variant), game["players"], options)
    assert rules.hand_size == game["hand_size"] == 5
    assert Rules(get_variant("No Variant"), 6).hand_size == 3
    both = Options(one_extra_card=True, one_less_card=True)
    assert Rules(get_variant("No Variant"), 4, both).hand_size == 4
    assert Rules(get_variant("No Variant"), 4, Options(one_less_card=True)).hand_size == 3
    assert Rules(get_variant("Clue Starved (5 Suits)"), 3).clue_starved
    assert not Rules(get_variant("No Variant"), 3).clue_starved
    timed = Options.from_hanablive(GAMES[1]["options"])
    assert timed == Options(variant=GAMES[1]["variant"])


@pytest.mark.parametrize("options, error, text", [
    ({"detrimentalCharacters": True}, UnsupportedVariant, "detrimentalCharacters"),
    ({"frobnicate": 1}, InputError, "frobnicate"),
])
def test_options_refused(options, error, text):
    with pytest.raises(error, match=text):
        Options.from_hanablive(options)
    assert Options.from_hanablive({"detrimentalCharacters": False}) == Options()


@pytest.mark.parametrize("players, start", [(1, 0), (7, 0), (3, 3)])
def test_rules_refuse_bad_players(players, start):
    with pytest.raises(InputError):
        Rules(get_variant("No Variant"), players, Options(starting_player=start))


def test_deck_size_of_every_supported_variant():
    """hanab.live's per-suit totals (client ``getTotalCardsInSuit``): 5 in a one-of-each
    suit (and its START card in Up or Down), 9 with a critical rank, Scarce Ones or Up or Down, 8 in Sudoku of 4
    suits (two of each rank 1..4, stacks of 4), else 10."""
    for v in supported_variants().values():
        fewer = v.critical_rank is not None or v.scarce_ones or v.up_or_down
        per_suit = [5 + v.up_or_down if s.one_of_each else 2 * v.stack_size if v.sudoku else 9 if fewer else 10
                    for s in v.suits]
        assert v.deck_size == len(unshuffled_deck(v)) == sum(per_suit), v.name
        assert 3 <= len(v.suits) <= 6 and v.max_score == v.stack_size * len(v.suits)
        assert v.stack_size == (4 if v.sudoku and len(v.suits) == 4 else 5), v.name

"""Inverted suits (hanab.live's Orange and Dark Orange): to a team that sees every card, a discard is also allowed at 8
clue tokens, where it returns none; nothing else changes.

hanab.live's server (``commandActionPlay``, ``commandActionDiscard`` in ``command_action.go``) turns a play of an
inverted card into its discard and a discard of it into its play, records each action as what it did, and refuses a
discard at 8 tokens only in a variant without inverted suits
(:attr:`~solitaire.seer.game.options.Rules.discard_when_full`). These tests state the rule on the simulator and on
hanab.live's recorded Orange games, show a position whose optimum it changes (3 points against 0), and check the
search against the exhaustive one on short decks, from the first turn and from random positions.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import DATA, THIRDS, brute, check_exact_from_a_random_position, exact_on_tiny_decks
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, parse_hanablive, rules_of
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Game, simulate
from solitaire.seer.game.variants import Card, UnsupportedVariant, get_variant

ORANGE = "Orange (6 Suits)"
NULL_ORANGE = "Null & Orange (3 Suits)"
GAMES = [g for g in map(json.loads, (DATA / "hanablive_variant_games.jsonl").read_text().splitlines())
         if "Orange" in g["variant"]]


def crafted(variant, cards, **options):
    """A 2-player deal of ``variant`` whose deck is ``cards`` (suit index, rank), in that order."""
    v = get_variant(variant)
    return Deal([v.type_of(Card(*c)) for c in cards], 2, "crafted", options=Options(variant=variant, **options))


@pytest.mark.parametrize("variant, allowed", [("6 Suits", False), (ORANGE, True)])
def test_a_discard_at_8_tokens_is_allowed_beside_an_inverted_suit(variant, allowed):
    game = Game(crafted(variant, [(s, r) for s in range(6) for r in (1, 2)]))
    assert game.clues == 8 and game.may_discard == allowed
    if not allowed:
        with pytest.raises(ValueError, match="8 clue tokens"):
            game.apply({"type": 1, "target": 0})
        return
    game.apply({"type": 1, "target": 0})  # at 8 tokens: no token returned
    assert (game.clues, game.next_card, game.lost[0]) == (8, 11, 1)
    game.apply({"type": 3, "target": 0, "value": 2})  # a clue: 7 tokens
    game.apply({"type": 1, "target": 1})  # below 8 a discard returns one
    assert game.clues == 8


#: 2 players with 4 cards (``oneLessCard``), red at 1, 8 tokens and 2 strikes, player 0 to move with no playable
#: card while player 1 holds only Null cards, which no clue touches; the deck's last card is the red 2.
NO_CLUE = [(0, 1), (0, 3), (0, 4), (2, 3), (2, 4), (1, 1), (1, 2), (1, 3), (1, 4), (0, 2)]


def test_a_discard_at_8_tokens_changes_the_optimum():
    """Without the rule player 0 must misplay into the third strike (0 points); with it, it discards, draws the red 2
    and plays it after player 1's Null 1 (3 points)."""
    deal = crafted(NULL_ORANGE, NO_CLUE, one_less_card=True)
    position = Position(deal, 9, ((1, 2, 3, 4), (5, 6, 7, 8)), (1, 0, 0), 8, 2, 0, None)
    result = exact(deal, start=position)
    assert result.exact and result.score == brute(position) == 3 and result.actions[0]["type"] == 1
    game = Game.from_position(position)
    for action in result.actions:
        game.apply(action)
    assert game.over and game.score == 3
    standard = Game.from_position(position)
    standard.discard_when_full = False  # the same position under the standard rule
    assert brute(None, game=standard) == 0


def test_the_peers_are_not_asked_and_deck_plays_is_refused():
    assert "8 clue tokens" in rules_of(Options(variant=ORANGE), 2).peer_gap
    with pytest.raises(UnsupportedVariant, match="deckPlays is not supported in 'Orange"):
        rules_of(Options(variant=ORANGE, deck_plays=True), 2)
    assert rules_of(Options(variant="6 Suits", deck_plays=True), 2).deck_plays


#: Per recorded Orange game (3 players, Orange (3 Suits)): the cards played and strikes at its end, as hanab.live's
#: server replays its actions (what each did), and as the independent replayer of ../shared/data/realgames recorded
#: them (``stacks_sum_final``, ``strikes``), which reads an action on an Orange card as the button pressed.
REPLAYED = {1883650: ((0, 0), (1, 0)), 1883676: ((1, 1), (1, 1)), 1883728: ((1, 0), (0, 1)), 1884348: ((4, 0), (2, 0)),
            1884410: ((4, 0), (3, 1)), 1884469: ((2, 0), (1, 0)), 1885527: ((1, 0), (2, 0)),
            1885550: ((11, 0), (10, 2)), 1885749: ((10, 0), (8, 1)), 1885855: ((13, 0), (10, 2)),
            1885899: ((1, 1), (1, 0))}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: str(g["game_id"]))
def test_real_orange_games_replay_as_the_server_records_them(game):
    """An export holds what each action did: the server logs a play or a discard as its effect (``PlayCard``,
    ``DiscardCard`` append to ``Actions2``, the rows of the database) and replays the rows uninverted (the
    ``NoWriteToDatabase`` guard of ``command_action.go``, added because reading from the database doubled the
    inversion). Read that way the games end as ``REPLAYED`` says; read as buttons (a play and a discard of an Orange
    card swapped) they end as the data's replayer recorded, which the simulator reproduces exactly."""
    deal = parse_hanablive(game)
    final = simulate(deal, game["actions"])
    as_done, as_pressed = REPLAYED[game["game_id"]]
    assert (final.played, final.strikes) == as_done
    orange = [s for s, suit in enumerate(deal.variant.suits) if suit.inverted]
    swapped = [dict(a, type=1 - a["type"]) if a["type"] in (0, 1) and deal.variant.card_of(
        int(deal.types[a["target"]])).suit in orange else a for a in game["actions"]]
    pressed = simulate(deal, swapped)
    assert (pressed.played, pressed.strikes) == as_pressed


def test_there_are_orange_games():
    assert len(GAMES) == len(REPLAYED) == 11


@pytest.mark.parametrize("players, variant, suits, cases", [
    (2, ORANGE, (0, 5), 3), (2, NULL_ORANGE, (1, 2), 3),
    pytest.param(3, ORANGE, (0, 5), 1, marks=pytest.mark.long)])
def test_exact_equals_brute_force_beside_an_inverted_suit(players, variant, suits, cases):
    assert len(exact_on_tiny_decks("inverted", players, cases, variant, suits)) == cases


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14), st.sampled_from([ORANGE, NULL_ORANGE]))
def test_exact_from_a_position_beside_an_inverted_suit_equals_brute_force(sample, seed, steps, variant):
    check_exact_from_a_random_position(seed, steps, variant, (0, 5) if variant == ORANGE else (1, 2))

"""The compiled bot (:mod:`solitaire.seer.bounds.u3.bot`) against the simulator's bot, its referee: the same line,
action for action, and the same score, from the first turn and from positions reached by random play, on the
standard deck, on variant decks (restricted clues, Clue Starved's half tokens, Throw It in a Hole's finished stacks
without a token, 6 suits, ``deckPlays``, hands of one card more or less, empty clues) and in endgames where no clue
or only a misplay is left; every line replays in the simulator to its score."""

import random

import pytest

from helpers import endgame, no_clue_position, random_game
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.game.deals import Deal, seeded_deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.simulator import Game, seer_line, simulate
from solitaire.seer.game.variants import get_variant, unshuffled_deck

#: Variants and options of the shuffled full decks.
RULES = [Options(), Options(variant="Null (5 Suits)"), Options(variant="Clue Starved (5 Suits)"),
         Options(variant="Black (6 Suits)", one_extra_card=True), Options(variant="Rainbow (6 Suits)"),
         Options(variant="Null-Fives & Brown (3 Suits)", one_less_card=True), Options(deck_plays=True),
         Options(variant="Null (6 Suits)", empty_clues=True), Options(variant="Clue Starved & Null (5 Suits)"),
         Options(variant="Throw It in a Hole (5 Suits)"), Options(speedrun=True), Options(variant="Orange (6 Suits)"),
         Options(variant="Null & Dark Orange (5 Suits)")]


def check_same_line(game):
    """The compiled bot's line from ``game`` (left unchanged) is the simulator's bot's and replays to its score."""
    position = game.position()
    actions, score = bot_finish(game)
    assert game.position() == position
    assert (actions, score) == seer_line(position)
    assert simulate(position, actions).score == score


def shuffled(rng, options, players):
    variant = get_variant(options.variant)
    types = [variant.type_of(card) for card in unshuffled_deck(variant)]
    rng.shuffle(types)
    return Deal(types, players, "shuffled", options=options)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_same_line_as_the_simulators_bot_on_seeded_deals_and_their_positions(players):
    rng = random.Random(players)
    for seed in range(150):
        deal = seeded_deal(players, seed)
        check_same_line(Game(deal))
        check_same_line(random_game(deal, rng, rng.randint(1, 60)))


@pytest.mark.parametrize("options", RULES, ids=lambda o: f"{o.variant}{'+options' if o != Options(o.variant) else ''}")
def test_the_same_line_on_variant_decks_and_their_positions(options):
    rng = random.Random(str(options))
    for _ in range(40):
        deal = shuffled(rng, options, rng.randint(2, 5))
        check_same_line(Game(deal))
        check_same_line(random_game(deal, rng, rng.randint(1, 70)))


def test_the_same_line_in_endgames_that_can_hardly_be_clued():
    rng, checked = random.Random(7), 0
    for _ in range(400):
        position = endgame(rng, rng.choice(["Null (3 Suits)", "Null-Ones & Null (3 Suits)", "Clue Starved (5 Suits)",
                                            "No Variant", "Null & Orange (3 Suits)"]), unclued=rng.random() < 0.5)
        if position is not None:
            check_same_line(Game.from_position(position))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", ["Null (5 Suits)", "Clue Starved & Null (5 Suits)"])
def test_with_no_legal_clue_and_no_discard_it_misplays_into_the_third_strike(variant):
    position = no_clue_position(variant, Deal([], 2, options=Options(variant=variant)).rules.max_clues)
    actions, score = bot_finish(Game.from_position(position))
    assert (actions, score) == seer_line(position) and score == 0 and actions[0]["type"] == 0


def test_a_game_over_has_an_empty_line():
    deal = seeded_deal(3, 4)
    actions, score = seer_line(deal)
    assert bot_finish(simulate(deal, actions)) == ([], score)

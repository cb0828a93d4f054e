"""The option ``deckPlays`` (hanab.live's "Bottom-Deck"): with one card left in the deck the player to move may play
it from the deck, its hand unchanged. The simulator's move as hanab.live's server makes it, real games that use it
replayed to their scores, and U3, U1, U2 and the search's node bound against the exhaustive search of the
simulator (tiny decks from the first turn and from reachable positions, every state of a few, and an endgame where
the play from the deck wins two points that the pace solitaire without its relaxation does not allow)."""

import json
import random
from dataclasses import replace

import pytest

from helpers import REAL_GAMES, brute, check_exact_from, long_but, random_game, tiny_deal
from solitaire.seer.bounds.relaxations import u1, u2
from solitaire.seer.game.deals import RANKS, Deal, deal_to_hanablive, parse_hanablive
from solitaire.seer.game.simulator import PLAY, Game, legal_actions, simulate
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.bounds.u3.search import deal_setup, hope_from, root_arrays, search_from, tt_table

#: Variants of the tiny decks: the standard suits, a dark suit, a suit no clue touches (restricted clues), half tokens.
VARIANTS = [("No Variant", (0, 1)), ("Black (6 Suits)", (0, 5)), ("Null (5 Suits)", (0, 4)),
            ("Clue Starved (5 Suits)", (0, 1))]
RED, YELLOW, GREEN, BLUE, WHITE = (suit * RANKS for suit in range(5))


def bottom_deck_endgame(deck_plays=True):
    """Two players with 4 cards, every stack complete but red at 2, one card left to draw: the red 3. Player 0 (to
    move) holds the red 5 and junk, player 1 the red 4 and junk. From the deck: red 3, red 4, red 5 (25 points);
    without: the drawer of the red 3 plays it on its last turn, and the red 4 comes too late (23)."""
    played = [RED, RED + 1] + [suit + r for suit in (YELLOW, GREEN, BLUE, WHITE) for r in range(RANKS)]
    hands = [RED + 4, YELLOW, YELLOW, GREEN], [RED + 3, BLUE, BLUE, WHITE]
    deal = Deal(played + hands[0] + hands[1] + [RED + 2], 2, "bottom deck",
                options=Options(deck_plays=deck_plays, one_less_card=True))
    first = len(played)
    return Position(deal, first + 8, (tuple(range(first, first + 4)), tuple(range(first + 4, first + 8))),
                    (2, 5, 5, 5, 5), 4, 0, 0, None)


def hope_at(game):
    return hope_from(deal_setup(game.deal), root_arrays(game))


def deck_played(game, actions):
    """Whether ``actions`` from the state of ``game`` play the deck's last card from the deck."""
    game = game.copy()
    for action in actions:
        if game.over:
            return False
        if action["type"] == PLAY and action["target"] == game.next_card:
            return True
        game.apply(action)
    return False


def test_a_play_from_the_deck_takes_the_last_card_and_keeps_the_hand():
    game = Game.from_position(bottom_deck_endgame())
    last = game.next_card
    assert {"type": PLAY, "target": last} in legal_actions(game)
    hand = list(game.hands[0])
    game.apply({"type": PLAY, "target": last})
    assert game.hands[0] == hand and game.stacks[0] == 3 and game.deck_left == 0 and not game.over
    assert game.position().turns_left == 2  # each player has one more turn, as after any last draw
    game.apply({"type": PLAY, "target": game.hands[1][0]})
    game.apply({"type": PLAY, "target": game.hands[0][0]})
    assert game.over and game.score == 25


def test_a_play_from_the_deck_that_does_not_play_is_a_strike_and_the_last_card_is_never_discarded():
    position = bottom_deck_endgame()
    game = Game.from_position(replace(position, stacks=(1, 5, 5, 5, 5)))  # the red 3 cannot be played
    with pytest.raises(ValueError, match="a discard of the deck's last card is not played here"):
        game.copy().apply({"type": 1, "target": game.next_card})
    game.apply({"type": PLAY, "target": game.next_card})
    assert game.strikes == 1 and game.lost[RED + 2] == 1 and game.stacks[0] == 1 and game.deck_left == 0


def test_the_deck_is_played_from_only_with_the_option_and_one_card_left():
    plain = Game.from_position(bottom_deck_endgame(deck_plays=False))
    assert {"type": PLAY, "target": plain.next_card} not in legal_actions(plain)
    with pytest.raises(ValueError, match="not in the hand"):
        plain.apply({"type": PLAY, "target": plain.next_card})
    early = Game(tiny_deal(random.Random(0), 2, draws=2, deck_plays=True))
    assert early.deck_left == 2 and all(a["target"] in early.hands[0] for a in legal_actions(early) if a["type"] < 2)


def test_the_play_from_the_deck_wins_two_points_that_u2_without_its_relaxation_misses():
    """U3 is 25 with the option and 23 without on the same position; the pace solitaire of the position without
    the relaxation (U2 of the same position without the option) allows 24 only, and the node bound's deck's tail
    (rule 2 of the bound) 23: both would cut the line of 25."""
    with_option, without = bottom_deck_endgame(), bottom_deck_endgame(deck_plays=False)
    game, plain = Game.from_position(with_option), Game.from_position(without)
    assert brute(with_option.deal, game=game) == 25 and brute(without.deal, game=plain) == 23
    assert u2(without).score == 24 and hope_at(plain) == 23
    assert u1(with_option).score >= u2(with_option).score >= 25 and hope_at(game) >= 25
    result = exact(with_option.deal, start=with_option)
    assert result.exact and result.score == 25 and deck_played(game, result.actions)
    assert exact(without.deal, start=without).score == 23
    check_exact_from(game, 1)
    check_exact_from(plain, 1)


@pytest.mark.parametrize("variant, suits", long_but(VARIANTS, {3}))  # 4 to 7 s each but Clue Starved's
def test_exact_equals_brute_force_from_the_first_turn_and_reachable_positions(variant, suits):
    rng = random.Random(f"deck plays {variant}")
    for case in range(4):
        deal = tiny_deal(rng, 2, variant, suits, deck_plays=True, one_less_card=case % 2 == 1)
        for game in (Game(deal), random_game(deal, rng, rng.randint(1, 10))):
            check_exact_from(game, 1 + case % 2)
            position = game.position()
            assert u1(position).score >= u2(position).score


@pytest.mark.parametrize("variant, suits", long_but(VARIANTS, {0}))  # 2 s each
def test_the_bounds_hold_in_every_state_of_tiny_decks(variant, suits):
    """U1 >= U2 >= the best score and the node bound >= it, in every state the exhaustive search visits."""
    rng = random.Random(f"every state {variant}")
    for _ in range(2):
        deal = tiny_deal(rng, 2, variant, suits, draws=2, deck_plays=True, one_less_card=True)
        states = []
        brute(deal, visit=lambda game, value: states.append((game.copy(), value)))
        for game, value in states:
            position = game.position()
            upper2 = u2(position).score
            assert u1(position).score >= upper2 >= value and hope_at(game) >= value, deal.types.tolist()


def test_the_token_free_game_bounds_the_deck_plays():
    """The token-free search (a shed from the deck beside its other moves) reaches the best score of the real game:
    its refutations are upper bounds."""
    rng = random.Random("token-free deck plays")
    for _ in range(6):
        deal = tiny_deal(rng, 2, deck_plays=True, one_less_card=True)
        game = random_game(deal, rng, rng.randint(0, 6))
        if game.over:
            continue
        best = brute(deal, game=game)
        found, _, aborted, _ = search_from(deal_setup(deal), root_arrays(game), best, tt_table(12), 1 << 30, 0, True)
        assert not aborted and found >= best


def test_real_games_that_play_from_the_deck_replay_and_export():
    """The real games with the option replay to their scores; those that play from the deck export (deal and
    actions, the option named) and read back to the same game, and so does U3's line."""
    lines = (REAL_GAMES / "hanablive_games.jsonl").read_text().splitlines()
    played = 0
    for number, line in enumerate(lines, start=1):
        record = json.loads(line)
        if not (record.get("options") or {}).get("deckPlays"):
            continue
        deal = parse_hanablive(record, "hanablive_games.jsonl", number)
        assert deal.rules.deck_plays and simulate(deal, record["actions"]).score == record["score"]
        if deck_played(Game(deal), record["actions"]):
            played += 1
            exported = json.loads(json.dumps(dict(deal_to_hanablive(deal), actions=record["actions"])))
            assert exported["options"]["deckPlays"] is True
            assert simulate(parse_hanablive(exported), exported["actions"]).score == record["score"]
            result = exact(deal)
            line = json.loads(json.dumps(result.to_json(deal)))
            assert line["options"]["deckPlays"] is True
            assert simulate(parse_hanablive(line), line["actions"]).score == result.score >= record["score"]
    assert played == 2

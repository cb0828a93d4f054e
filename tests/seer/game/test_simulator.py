"""The real-rules simulator and the perfect-information bot."""

import json

import pytest

from helpers import REAL_GAMES, standard_games
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.game.deals import MAX_SCORE, STANDARD_TEXT, Deal, parse_deal_text, seeded_deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Game, IllegalAction, legal_clue, seer_line, seer_score, simulate

REAL = REAL_GAMES / "hanablive_games.jsonl"
CANON = parse_deal_text(STANDARD_TEXT, 2)  # r1 r1 r1 r2 r2 r3 r3 r4 r4 r5 | y1 ...


def test_real_games_replay_to_their_recorded_stacks():
    replayed = 0
    for deal, record in zip(*standard_games(REAL)):
        game = simulate(deal, record["actions"])
        assert game.played == record["stacks_sum_final"], deal.ident
        if record["end"].startswith(("normal", "strikeout")):
            assert game.score == record["score"], deal.ident
        replayed += 1
    assert replayed == 298


def play(order):
    return {"type": 0, "target": order}


def discard(order):
    return {"type": 1, "target": order}


def test_discard_needs_fewer_than_eight_tokens():
    with pytest.raises(IllegalAction, match="action 1: a discard needs fewer than 8"):
        simulate(CANON, [discard(0)])
    game = simulate(CANON, [{"type": 3, "target": 1, "value": 3}, discard(5)])
    assert game.clues == 8 and game.hands[1] == [6, 7, 8, 9, 10] and game.turn == 2


def test_clue_rules():
    with pytest.raises(IllegalAction, match="touches no card"):
        simulate(CANON, [{"type": 2, "target": 1, "value": 1}])   # player 1 holds only red
    with pytest.raises(IllegalAction, match="another player"):
        simulate(CANON, [{"type": 3, "target": 0, "value": 1}])
    clues = [{"type": 3, "target": 1 - i % 2, "value": 3 if i % 2 == 0 else 1} for i in range(9)]
    with pytest.raises(IllegalAction, match="action 9: a clue needs a clue token"):
        simulate(CANON, clues)


def test_misplays_and_third_strike_scores_zero():
    game = simulate(CANON, [play(0), play(5), play(1)])  # r1 scores, r3 and the second r1 strike
    assert game.stacks[0] == 1 and game.strikes == 2 and game.score == 1 and not game.over
    game = simulate(CANON, [play(0), play(5), play(1), play(7)])
    assert game.strikes == 3 and game.over and game.score == 0


def test_a_played_five_returns_a_token():
    deal = seeded_deal(2, 0)
    actions, score = seer_line(deal)
    game = Game(deal)
    for action in actions:
        before = game.clues
        t = deal.types[action["target"]] if action["type"] in (0, 1) else None
        game.apply(action)
        if action["type"] == 0 and t % 5 == 4 and before < 8:
            assert game.clues == before + 1
    assert game.score == score
    assert any(a["type"] == 0 and deal.types[a["target"]] % 5 == 4 for a in actions), "the line plays a 5"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_final_round_gives_each_player_one_turn(players):
    deal = seeded_deal(players, 4)
    game = Game(deal)

    def idle():  # a discard, or a colour clue to the next player at 8 tokens
        if game.clues < 8:
            return discard(game.hands[game.current][0])
        nxt = (game.current + 1) % players
        return {"type": 2, "target": nxt, "value": int(deal.types[game.hands[nxt][0]]) // 5}

    while game.deck_left:
        game.apply(idle())
    drew_last = game.turn
    for _ in range(players):
        assert not game.over
        game.apply(idle())
    assert game.over and game.turn == drew_last + players


def test_bot_lines_replay_on_every_player_count():
    for players in (2, 3, 4, 5):
        for seed in range(40):
            deal = seeded_deal(players, seed)
            actions, score = seer_line(deal)
            assert all(set(a) == {"type", "target", "value"} for a in actions)
            assert simulate(deal, json.loads(json.dumps(actions))).score == score


def test_the_game_ends_at_once_at_25():
    deal = seeded_deal(5, 10)  # the bot reaches 25 with a card still in the deck
    actions, score = seer_line(deal)
    assert score == 25
    game = Game(deal)
    for action in actions:
        assert not game.over
        game.apply(action)
    assert game.over and game.score == 25 and game.deck_left > 0  # cards left, yet nothing more to do
    with pytest.raises(ValueError, match="the game is over"):
        game.apply(legal_clue(game))


def _last_red_five_position(variant):
    """Every stack finished but red at 4; player 0 holds the only red 5, 7 tokens, one card left to draw."""
    options = Options(variant=variant)
    rest = [t for t in range(MAX_SCORE) for _ in range(Deal([], 2, options=options).counts[t])]
    hands = [4, 5, 5, 10, 10, 0, 0, 1, 6, 11]  # red 5, yellow 1s, green 1s | red 1s, red 2, yellow 2, green 2
    for t in hands + [15]:
        rest.remove(t)
    types = hands + rest + [15]  # a blue 1 (type 15) is the card left to draw
    return Position(Deal(types, 2, "crafted", options=options), len(types) - 1, ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9)),
                    (4, 5, 5, 5, 5), 7, 0, 0, None)


@pytest.mark.parametrize("variant, ends", [("Null (5 Suits)", True), ("No Variant", False)])
def test_under_restricted_clues_the_game_ends_as_soon_as_no_card_can_score(variant, ends):
    """hanab.live's server ends the game when no card can score any more (``CheckEnd``), with its score; the
    simulator does so under restricted clues, where a strike forced later could change the score, and elsewhere
    plays on as HLE's engine does."""
    position = _last_red_five_position(variant)
    assert not position.over
    discarded, played = Game.from_position(position), Game.from_position(position)
    discarded.apply({"type": 1, "target": 0})  # the only red 5
    assert discarded.over == discarded.position().over == ends and discarded.score == 24
    if ends:
        with pytest.raises(ValueError, match="game is over"):
            discarded.apply({"type": 1, "target": 5})
    played.apply({"type": 0, "target": 0})
    assert played.over and played.score == 25
    assert seer_score(position) == 25 and bot_finish(Game.from_position(position))[1] == 25


@pytest.mark.parametrize("variant, ends", [("Null (5 Suits)", True), ("No Variant", False)])
def test_the_cards_of_a_player_who_has_taken_their_final_turn_can_score_no_more(variant, ends):
    """hanab.live's server marks the cards of a player who has taken their final turn ``CannotBePlayed``
    (``command_action.go``) and ends the game when no other card can score: player 1 holds the only red 5, player 0
    draws the last card, player 1 takes its final turn with a clue, and under restricted clues the game is over."""
    crafted = _last_red_five_position(variant)
    position = Position(crafted.deal, crafted.next_card, crafted.hands[::-1], crafted.stacks, 7, 0, 0, None)
    game = Game.from_position(position)
    game.apply({"type": 1, "target": 5})  # player 0 draws the last card: two turns left, player 1's and player 0's
    assert not game.over
    game.apply({"type": 2, "target": 0, "value": 0})  # player 1's final turn: red to player 0
    assert game.over == game.position().over == ends and game.score == 24

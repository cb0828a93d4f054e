"""Positions: validation, the JSON form, replayed games, the starting player, and every bound from a position."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.io.errors import InputError
from solitaire.seer.bounds.relaxations import u1, u2, u2_value
from solitaire.seer.game.deals import Deal, deal_to_hanablive, parse_hanablive, seeded_deal
from solitaire.seer.bounds.freegame import free_reaches
from solitaire.seer.game.simulator import Game, IllegalAction, seer_line, seer_score, simulate
from solitaire.seer.game.position import Position, parse_position
from solitaire.seer.game.simulator import positions_of_game
from helpers import REAL_GAMES, brute, legal_actions, standard_games, tiny_deal, walk

REAL = REAL_GAMES / "hanablive_games.jsonl"


def rotated(deal):
    """The deal whose player 0 is ``deal``'s starting player: its first hands rotated, start 0."""
    s, h = deal.start_player, deal.hand
    blocks = [deal.types[p * h:(p + 1) * h].tolist() for p in range(deal.players)]
    types = sum(blocks[s:] + blocks[:s], []) + deal.types[deal.pooled:].tolist()
    return Deal(types, deal.players, deal.ident)


# --- the position and its JSON form ---------------------------------------------------------

def test_initial_position_is_the_deal_dealt_in_blocks():
    deal = seeded_deal(3, 4).starting(2)
    pos = Position.initial(deal)
    assert pos.hands == ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11, 12, 13, 14))
    assert (pos.next_card, pos.stacks, pos.clues, pos.strikes, pos.to_move, pos.turns_left) == \
        (15, (0,) * 5, 8, 0, 2, None)
    assert Position.initial(deal, 1).to_move == 1
    assert Game(deal).position() == pos and pos.deck_left == 35 and pos.lost == [0] * 25


def test_json_form_round_trips_along_a_game():
    deal = seeded_deal(2, 7)
    actions, _ = seer_line(deal)
    game = Game(deal)
    for action in actions:
        pos = game.position()
        back = parse_position(json.loads(json.dumps(pos.to_json())))
        assert (back.next_card, back.hands, back.stacks, back.clues, back.strikes, back.to_move, back.turns_left) == \
            (pos.next_card, pos.hands, pos.stacks, pos.clues, pos.strikes, pos.to_move, pos.turns_left)
        assert back.deal.types.tolist() == deal.types.tolist()
        game.apply(action)


@pytest.mark.parametrize("change, words", [
    ({"hands": [[0, 1, 2, 3, 4], [0, 6, 7, 8, 9]]}, "two hands"),
    ({"hands": [[0, 1, 2, 3], [5, 6, 7, 8, 9]]}, "player 0 holds 4 cards"),
    ({"hands": [[0, 1, 2, 3, 10], [5, 6, 7, 8, 9]]}, "not yet drawn"),
    ({"turns_left": 2}, "null while the deck lasts"),
    ({"next_card": 50, "turns_left": None}, "turns_left must be in 0..2"),
    ({"stacks": [2, 0, 0, 0, 0]}, "more"),
    ({"clues": 9}, "clues must be in 0..8"),
    ({"to_move": 2}, "to_move must be in 0..1"),
    ({"clues": "8"}, "'clues' to be a number"),
    ({"hands": "x"}, "'hands' to be lists"),
    ({"deck": [[0, 1]] * 50}, "more copies"),
])
def test_bad_positions_name_what_is_wrong(change, words):
    obj = {**Position.initial(seeded_deal(2, 1)).to_json(), **change}
    with pytest.raises(InputError, match=words):
        parse_position(obj, "pos.json")


def test_a_position_without_a_field_is_refused():
    obj = Position.initial(seeded_deal(2, 1)).to_json()
    del obj["to_move"]
    with pytest.raises(InputError, match="missing to_move"):
        parse_position(obj, "pos.json")


# --- replayed real games --------------------------------------------------------------------

def real_games():
    return [json.loads(line) for line in REAL.read_text().splitlines()]


def test_every_real_game_replays_into_positions_whose_u2_never_rises():
    checked = 0
    for record in standard_games(REAL)[1]:  # No Variant with default options (the others are refused)
        positions = positions_of_game(record)
        final = positions[-1]
        assert final.played == record["stacks_sum_final"]
        values = [u2_value(p) for p in positions]
        assert values[0] == u2_value(parse_hanablive(record))
        assert all(a >= b for a, b in zip(values, values[1:])), record.get("source_index")
        assert values[-1] >= final.score and min(values) >= final.score
        checked += 1
    assert checked == 298


def test_each_position_leads_to_the_next_through_the_simulator():
    record = real_games()[0]
    positions = positions_of_game(record)
    for t, pos in enumerate(positions[:-1]):
        game = Game.from_position(pos)
        game.apply(record["actions"][t])
        assert game.position() == positions[t + 1]


def test_an_illegal_action_is_named():
    record = real_games()[0]
    record["actions"][1] = {"type": 0, "target": 49}
    with pytest.raises(IllegalAction, match="action 2"):
        positions_of_game(record)


# --- the starting player --------------------------------------------------------------------

def two_player_game_with_seats_swapped(record):
    """A real 2-player game with its two first hands swapped, its clue targets swapped and player 1
    moving first: the same game, seats exchanged."""
    h = record["hand_size"]
    order = list(range(h, 2 * h)) + list(range(h)) + list(range(2 * h, len(record["deck"])))
    new_index = {old: new for new, old in enumerate(order)}
    deck = [record["deck"][old] for old in order]
    actions = [dict(a, target=new_index[a["target"]]) if a["type"] in (0, 1) else
               dict(a, target=1 - a["target"]) if a["type"] in (2, 3) else a for a in record["actions"]]
    return {"players": ["Alice", "Bob"], "deck": deck, "actions": actions, "options": {"startingPlayer": 1}}


def test_a_game_with_starting_player_1_replays_with_player_1_first():
    record = next(r for r in real_games() if r["players"] == 2 and r["end"].startswith("normal")
                  and not (r.get("options") or {}).get("deckPlays"))
    swapped = two_player_game_with_seats_swapped(record)
    positions = positions_of_game(swapped)
    assert positions[0].to_move == 1 and positions[1].to_move == 0
    assert positions[-1].score == record["score"]
    deal = parse_hanablive(swapped)
    assert deal.start_player == 1 and simulate(deal, swapped["actions"]).score == record["score"]
    with pytest.raises(IllegalAction):
        simulate(deal.starting(0), swapped["actions"])
    assert parse_hanablive(deal_to_hanablive(deal)).start_player == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bot_and_the_bounds_follow_the_starting_player(players):
    for seed in range(12):
        for start in range(players):
            deal = seeded_deal(players, seed).starting(start)
            actions, score = seer_line(deal)
            assert simulate(deal, actions).score == score
            assert score == seer_score(rotated(deal))  # the same game with the seats renamed
            assert u2_value(deal) == u2_value(rotated(deal)) or start == 0


def test_a_start_player_outside_the_table_is_refused():
    with pytest.raises(InputError, match="startingPlayer"):
        parse_hanablive({**deal_to_hanablive(seeded_deal(2, 0)), "options": {"startingPlayer": 2}})


# --- bounds from positions: L <= optimum <= U2 <= U1 ----------------------------------------

@pytest.mark.long  # 17 s; the bounds from positions against the brute force, fast: test_exact_deck_plays.py (every
# state of tiny decks), test_variant_peers.py (random positions)
@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 2, 3]), seed=st.integers(0, 2**32), start=st.integers(0, 4),
       choices=st.lists(st.integers(0, 63), max_size=12))
def test_bounds_from_random_reachable_positions_hold(players, seed, start, choices):
    deal = tiny_deal(random.Random(seed), players).starting(start % players)
    pos = walk(deal, choices)
    best = brute(pos)
    actions, low = seer_line(pos)
    assert simulate(pos, actions).score == low
    assert low <= best <= u2(pos).score <= u1(pos).score, pos
    assert free_reaches(pos, best)[0] is True  # the token-free game reaches every real line


@pytest.mark.long  # 11 s; the bot and the bounds from positions of full deals, fast: the bot and the bounds
# from the positions of real games and from other starting players (the tests above)
@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 63), max_size=60))
def test_bounds_from_positions_of_full_deals_hold_the_bot(players, seed, choices):
    pos = walk(seeded_deal(players, seed), choices)
    low = seer_score(pos)
    assert pos.score <= low or pos.over
    assert low <= u2(pos).score <= u1(pos).score
    assert free_reaches(pos, low, timeout=5)[0] in (True, None)


def test_an_ended_position_bounds_its_own_score():
    deal = seeded_deal(2, 3)
    actions, score = seer_line(deal)
    end = simulate(deal, actions).position()
    assert end.over and u2(end).score == u1(end).score == score == seer_score(end)
    assert free_reaches(end, score) == (True, 0) and free_reaches(end, score + 1)[0] is False

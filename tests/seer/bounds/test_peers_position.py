"""The SAT peers (solitaire/seer/bounds/peers/) from any position: against the brute force, their horizon, exact()."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers import NEEDS_A_STRIKE, brute, random_game, tiny_deal
from solitaire.seer.game.deals import MAX_SCORE, seeded_deal
from solitaire.seer.game.simulator import MAX_CLUES, Game, legal_clue, seer_line, simulate
from solitaire.seer.bounds.peers import PEERS
from solitaire.seer.bounds.peers.removals import removal_formula
from solitaire.seer.bounds.peers.turns import horizon, peer_formula, peer_reaches
from solitaire.seer.game.position import Position
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact


def open_positions(players, count, seed, steps):
    """``count`` positions of tiny decks reached by random play after one of ``steps`` turns, none of them over."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        game = random_game(tiny_deal(rng, players), rng, rng.choice(steps))
        if not game.over:
            found.append(game.position())
    return found


#: Positions of two and three players (three: not before the second turn, where the brute force takes a
#: minute): some at the first turn, some with strikes, some with the deck empty.
POSITIONS = open_positions(2, 30, 1, (0, 1, 2, 3, 4, 6, 8, 12)) + open_positions(3, 8, 2, (3, 4, 6, 8))
_BEST = {}


def best(index):
    """The brute force's best score from ``POSITIONS[index]``, computed once."""
    if index not in _BEST:
        position = POSITIONS[index]
        _BEST[index] = brute(position.deal, game=Game.from_position(position))
    return _BEST[index]


def test_the_positions_cover_strikes_and_an_empty_deck():
    assert any(p.strikes for p in POSITIONS) and any(p.strikes == 2 for p in POSITIONS)
    assert any(p.deck_left == 0 for p in POSITIONS) and any(p.deck_left for p in POSITIONS)
    assert any(p.next_card == p.deal.pooled for p in POSITIONS)
    assert any(p.to_move for p in POSITIONS)


@pytest.mark.parametrize("encoding", sorted(PEERS))
def test_each_peer_agrees_with_the_brute_force_from_a_position(encoding):
    reaches = PEERS[encoding]
    for index, position in enumerate(POSITIONS):
        value = best(index)
        for target in range(max(1, value - 1), min(value + 2, MAX_SCORE) + 1):
            answer, actions = reaches(position, target)
            assert answer == (target <= value), (position, target, value)
            if answer:
                assert simulate(position, actions).score >= target, (position, target)
            else:
                assert actions is None


def test_two_strikes_forbid_the_misplay_the_deal_needs():
    # tests/seer/bounds/test_exact_strike.py: 6 needs a misplay at 8 tokens; after two strikes that misplay loses all
    start = Position.initial(NEEDS_A_STRIKE)
    for strikes, value in ((1, 6), (2, 5)):
        position = Position(**{**start.__dict__, "strikes": strikes})
        assert exact(NEEDS_A_STRIKE, start=position).score == value
        for reaches in PEERS.values():
            answer, actions = reaches(position, value)
            assert answer and simulate(position, actions).score >= value
            assert reaches(position, value + 1) == (False, None)


def test_the_horizon_from_a_position_fits_every_game_that_reaches_the_target():
    # with horizon(position, t) turns and with 25 more, the same answers: the optimum and not one point above
    for index in range(0, len(POSITIONS), 3):
        position, value = POSITIONS[index], best(index)
        for target, answer in ((value, True), (value + 1, False)):
            for slack in (0, 25):
                assert peer_reaches(position, target, slack=slack)[0] == answer, (position, target, slack)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), stall=st.floats(0.5, 1.0), before=st.integers(0, 50))
@example(players=4, seed=0, stall=1.0, before=0)
def test_no_game_outlasts_the_peer_horizon(players, seed, stall, before):
    # a game that plays a playable card half the time, else misplays now and then, else clues whenever
    # it may (with probability ``stall``), else discards: after ``before`` turns (0: the first turn) its
    # position is the start, and from there the turns taken are within horizon(position, score) after
    # every turn (the answers with the horizon: test_the_horizon_from_a_position_fits_...)
    deal, rng = seeded_deal(players, seed), random.Random(seed)
    game, position = Game(deal), None
    while not game.over:
        if game.turn == before:
            position, turn = game.position(), game.turn
        hand = game.hands[game.current]
        playable = [o for o in hand if game.playable(game.type_of(o))]
        if playable and rng.random() < 0.5:
            action = {"type": 0, "target": rng.choice(playable), "value": 0}
        elif game.strikes < 2 and rng.random() < 0.05:
            action = {"type": 0, "target": rng.choice(hand), "value": 0}
        elif game.clues == MAX_CLUES or (game.clues and rng.random() < stall):
            action = legal_clue(game)
        else:
            action = {"type": 1, "target": rng.choice(hand), "value": 0}
        game.apply(action)
        if position is not None:
            assert game.turn - turn <= horizon(position, game.played), (game.turn - turn, game.played)


@pytest.mark.parametrize("deal, target", [pytest.param(seeded_deal(4, 629581), 25, marks=pytest.mark.long),  # 2.5 s
                                          pytest.param(seeded_deal(2, 16), 25, marks=pytest.mark.long),  # 2.5 s
                                          (NEEDS_A_STRIKE, 5)])
def test_the_first_turn_gives_the_same_formulas(deal, target):
    # the variables and clauses of the formulas from the first turn (counted before positions were encoded)
    sizes = {"P4-seed-629581": ((27615, 103965), (13127, 64216)), "P2-seed-16": ((35335, 136109), (13919, 52934)),
             "needs-a-strike": ((2724, 8094), (1075, 4592))}[deal.ident]
    for formula, size in zip((peer_formula, removal_formula), sizes):
        cnf, _ = formula(deal, target)
        assert (cnf.nv, len(cnf.clauses)) == size
        assert formula(Position.initial(deal), target)[0].clauses == cnf.clauses


def test_a_target_above_every_game_is_refuted_on_a_short_deck():
    # on 13 cards the turn horizon of 25 is below 0 turns: no turn, and no point more
    deal = tiny_deal(random.Random(4), 2)
    assert horizon(deal, MAX_SCORE) == 0
    for reaches in PEERS.values():
        assert reaches(deal, MAX_SCORE) == (False, None)


@pytest.mark.parametrize("encoding", sorted(PEERS))
def test_each_peer_agrees_with_the_search_late_in_full_deals(encoding):
    # the bot's game on full deals, stopped with 8..12 cards left to draw or in the final round
    for players, seed, left in ((2, 12, 12), (3, 565, 10), (4, 227156, 8), (5, 906185, 10), (2, 12, 0)):
        deal = seeded_deal(players, seed)
        actions = seer_line(deal)[0]
        game = Game(deal)
        for action in actions:
            if game.deck_left <= left:
                break
            game.apply(action)
        position = game.position()
        r = exact(deal, start=position)
        assert r.exact and r.score > position.played and (position.deck_left > 0) == (left > 0), (players, seed)
        answer, line = PEERS[encoding](position, r.score)
        assert answer and simulate(position, line).score >= r.score
        assert PEERS[encoding](position, r.score + 1) == (False, None)


def test_settled_positions_need_no_formula():
    deal = tiny_deal(random.Random(5), 2)
    game = random_game(deal, random.Random(6), 4)
    reached = game.position()
    lost = Position(**{**reached.__dict__, "strikes": 3})
    for reaches in PEERS.values():
        assert reaches(reached, reached.played) == (True, [])
        assert reaches(lost, 1) == (False, None)


@pytest.mark.parametrize("encoding", sorted(PEERS))
def test_exact_closes_a_position_with_the_peer(encoding):
    hard = [i for i, p in enumerate(POSITIONS) if not exact(p.deal, SearchLimits(0), start=p).exact][:3]
    assert hard  # neither the bot nor the node bound settle them
    for index in hard:
        position = POSITIONS[index]
        r = exact(position.deal, SearchLimits(0, peer_timeout=60, peer_encoding=encoding), start=position)
        assert (r.exact, r.method) == (True, "peer")
        assert r.score == best(index)
        assert simulate(position, r.actions).score == r.score


@pytest.mark.long  # 5 s; the peers from a deal whose second player starts, fast: test_variant_peers.py (rule options)
def test_a_deal_starts_with_its_own_starting_player():
    # a deal is its initial position: the starting player moves first in the formulas as in the replay
    rng = random.Random(9)
    for _ in range(4):
        deal = tiny_deal(rng, 2).starting(1)
        value = brute(deal)
        for reaches in PEERS.values():
            answer, actions = reaches(deal, value)
            assert answer and simulate(deal, actions).score >= value
            assert reaches(deal, value + 1) == (False, None)


def test_a_position_with_an_empty_hand_is_refused():
    # no game empties a hand (it loses at most one card after the last draw)
    position = next(p for p in POSITIONS if p.deck_left == 0 and p.turns_left)
    hands = (position.hands[0], ()) + position.hands[2:]
    for reaches in PEERS.values():
        with pytest.raises(ValueError, match="empty hand"):
            reaches(Position(**{**position.__dict__, "hands": hands}), MAX_SCORE)

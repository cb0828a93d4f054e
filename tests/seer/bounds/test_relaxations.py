"""Validity of the bounds: L <= U2 <= U1 on seeded deals, real score <= U2 on real games,
hand-built deals with known answers, and U2 <= U1 on tiny decks."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import REAL_GAMES, standard_games, walk
from solitaire.referee import replay
from solitaire.seer.bounds.relaxations import (
    _Relaxed, _sequence_of_best, hardness, pace_problem, tail_bound, u1, u2, u2_reason, u2_value)
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import position_of
from solitaire.seer.game.deals import STANDARD_TEXT, Deal, parse_deal_text, parse_hanablive, seeded_deal
from solitaire.engine import solve_engine
from solitaire.seer.game.simulator import seer_line, simulate
from solitaire.model import Instance
from solitaire.seer.bounds.pace import PaceProblem, pace_max

REAL = REAL_GAMES


def _check_deals(players, seeds):
    for seed in seeds:
        deal = seeded_deal(players, seed)
        actions, low = seer_line(deal)
        assert simulate(deal, actions).score == low
        upper2, upper1 = u2(deal), u1(deal)
        assert low <= upper2.score <= upper1.score, (players, seed, low, upper2.score, upper1.score)
        assert len(upper2.plays) == upper2.score


@pytest.mark.long  # 4 s per player count; the bot and U2 of 1,207 deals of each count, fast: test_hard_deals.py,
# U2 <= U1: test_u2_never_exceeds_u1_on_tiny_decks
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_below_u2_below_u1(players):
    _check_deals(players, range(3000))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_below_u2_below_u1_more(players):
    _check_deals(players, range(3000, 20000))


def test_real_hanablive_games_never_beat_u2():
    games, records = standard_games(REAL / "hanablive_games.jsonl")
    normal = [(g, r) for g, r in zip(games, records) if r["end"].startswith("normal")]
    assert len(normal) == 263
    for game, record in normal:
        assert record["score"] <= u2_value(game), game.ident
    # struck-out or stopped games: what they really played is below U2 too
    for game, record in zip(games, records):
        assert record["stacks_sum_final"] <= u2_value(game), game.ident


def test_real_pyhanabi_games_within_hanablive_rules_never_beat_u2():
    path = REAL / "pyhanabi_2p_hanablive_legal.jsonl"
    checked = 0
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if not record.get("hanablive_legal"):
            continue
        standard = {key: value for key, value in record.items() if key != "variant"}  # a description of the deck
        game = parse_hanablive(standard, str(path))
        assert record["stacks_sum_final"] <= u2_value(game), record.get("game_id")
        checked += 1
    assert checked > 1000


def _deck(tail, head=""):
    """The standard deck in canonical order with the cards of ``tail`` moved to the end, ``head`` to the front."""
    cards = STANDARD_TEXT.split()
    for name in (head + " " + tail).split():
        cards.remove(name)
    return " ".join(head.split() + cards + tail.split())


def test_all_three_copies_of_a_one_at_the_bottom():
    # r1 is drawn at the last three draws: r1..r5 need 5 actions after the first of them,
    # and only 2 steps + P final turns remain. Everything else comes in order (no other loss).
    text = _deck("r1 r1 r1")
    two, three = parse_deal_text(text, 2), parse_deal_text(text, 3)
    assert u2_value(two) == 24 and u2_value(three) == 25
    assert tail_bound(two)[:2] == (24, 3)
    reason = u2_reason(two, 24)
    assert reason.startswith("r1, r2, r3, r4 and r5 cannot be played before one of the last 3 cards")
    assert "at most 4 actions" in reason


def test_both_copies_of_a_two_last():
    text = _deck("y2 y2")
    assert u2_value(parse_deal_text(text, 2)) == 24   # y2..y5 in 1 step + 2 final turns: 3 of 4
    assert u2_value(parse_deal_text(text, 3)) == 25   # 1 step + 3 final turns suffice
    assert "y2, y3, y4 and y5" in u2_reason(parse_deal_text(text, 2), 24)


def test_hand_too_small():
    # the first 15 cards are all 5s and 4s: once the duplicates are gone, 10 distinct needed
    # cards fill the pooled hand of 2 players before any 1 arrives, so one must be given up.
    head = "r5 y5 g5 b5 w5 r4 r4 y4 y4 g4 g4 b4 b4 w4 w4"
    text = _deck("", head)
    two = parse_deal_text(text, 2)
    assert u2_value(two) == 24
    assert u2_reason(two, 24) == "the pooled hand of 10 cards is too small: 25 points need 11 cards held at once"
    assert u2_value(parse_deal_text(text, 3)) == 25
    # U1 has the same problem: 10 distinct needed cards wait when the first 1 is scanned, h = 9
    assert u1(two).score == 24


def test_hardness_figures_are_consistent():
    for players in (2, 3):
        for seed in range(30):
            deal = seeded_deal(players, seed)
            value = u2_value(deal)
            figures = hardness(deal, value)
            prob = pace_problem(deal)
            assert 0 <= figures["min_hand"] <= deal.pooled
            assert pace_max(prob, cap=figures["min_hand"]).score == value
            if figures["min_hand"] > 0:
                assert pace_max(prob, cap=figures["min_hand"] - 1).score < value
            assert 0 <= figures["pace_slack"] <= prob.steps + prob.final - value


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 3))
    c = draw(st.integers(1, 3))
    deck = [t for t in range(n * c) for _ in range(draw(st.integers(1, 3)))]
    deck = draw(st.permutations(deck))
    n0 = draw(st.integers(1, min(5, len(deck))))
    final = draw(st.integers(0, 3))
    return PaceProblem(deck, n, c, n0, final)


@settings(max_examples=300, deadline=None)
@given(tiny())
def test_u2_never_exceeds_u1_on_tiny_decks(prob):
    instance = Instance.from_cards(prob.n, prob.c, prob.n0 - 1,
                                   [(t % prob.n + 1, t // prob.n + 1) for t in prob.types.tolist()])
    assert pace_max(prob).score <= solve_engine(instance).score
    # the same argument for every capacity m: what min_hand's cheap necessary condition uses
    for m in range(1, prob.n0 + 1):
        assert pace_max(prob, cap=m).score <= solve_engine(instance.with_hand(m - 1)).score, m


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 63), max_size=70),
       deck_plays=st.booleans())
def test_u1_from_the_u2_line_is_a_legal_solitaire_play_reaching_the_engines_value(players, seed, choices,
                                                                                   deck_plays):
    """Where U2's line reaches the maximum, U1 is its solitaire play (no engine): the referee replays that play to the
    maximum, and the engine finds nothing else; from first turns and from positions of full deals."""
    deal = seeded_deal(players, seed % 10**6)
    if deck_plays:
        deal = Deal(deal.types, players, deal.ident, options=Options(deck_plays=True))
    position = walk(deal, choices)
    if position.over:
        return
    relaxed = _Relaxed(position)
    sequence = _sequence_of_best(relaxed, deal.max_score)
    best = solve_engine(relaxed.instance()).score
    if sequence is not None:
        assert replay(relaxed.instance(), sequence.events()) == best == deal.max_score - relaxed.played
    assert u1(position).score == relaxed.played + best


def test_u1_takes_the_u2_line_wherever_it_reaches_the_maximum():
    """On the first 200 seeds of each player count every deal whose U2 is the maximum has its U1 play from U2's line
    (the copies it plays are the last in the hand at their step, which never hold more than h cards there)."""
    for players in (2, 3, 4, 5, 6):
        for seed in range(200):
            deal = seeded_deal(players, seed)
            relaxed = _Relaxed(position_of(deal))
            taken = _sequence_of_best(relaxed, deal.max_score) is not None
            assert taken == (u2(deal).score == deal.max_score), (players, seed)

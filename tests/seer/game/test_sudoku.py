"""Sudoku of 5 and of 4 suits in the simulator and the search: the stacks' rule against hanab.live's server, a
finished stack, positions, the search against the exhaustive search and on real seeds, the clue rule the reduction to
fixed starts relies on, the bot."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.io.errors import InputError
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.orders import directions
from solitaire.seer.bounds.relaxations import u1, u2
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position, parse_position
from solitaire.seer.game.simulator import seer_line, simulate
from solitaire.seer.game.stacks import SUDOKU, SUDOKU_4
from solitaire.seer.game.variants import Card, clue_touches, get_variant, supported_variants
from solitaire.seer.sources.dealsource import live_deals
from tests.helpers import brute, exact_on_tiny_decks, long_but, random_game, tiny_deal

SUDOKU5 = "Sudoku (5 Suits)"
SUDOKU4 = "Sudoku (4 Suits)"
#: The variant of ``k`` suits and ranks.
VARIANTS = {5: SUDOKU5, 4: SUDOKU4}
#: Cards in a hand of 2 players: the first 5 are player 0's, the next 5 player 1's.
HAND = 5


def _two_suits(k):
    """The cards of the first two suits (red, yellow) of Sudoku of ``k`` suits as (suit, rank)."""
    return [(suit, rank) for suit in range(2) for rank in range(1, k + 1)]


def _deck(k):
    """The deck of Sudoku of ``k`` suits: two of every card (types ``suit * 5 + rank - 1``), the last suit first."""
    return [suit * 5 + slot for suit in reversed(range(k)) for slot in reversed(range(k)) for _ in range(2)]


def _hanablive_plays(cards, k=5):
    """Whether hanab.live's server plays each of ``cards`` ((suit, rank), suits 0 and 1) in turn in Sudoku of ``k``
    suits (ranks 1..k), written from ``variantSudokuPlay`` (server ``variants_sudoku.go``): a misplay leaves the
    stacks as they were. Returns the outcomes and the ranks on each stack."""
    starts, stacks, finished, outcomes = [], [[], []], [False, False], []
    for suit, rank in cards:
        stack = stacks[suit]
        if finished[suit]:
            ok = False
        elif not stack:
            ok = rank not in starts
        else:
            ok = rank == stack[-1] % k + 1
        if ok:
            if not stack:
                starts.append(rank)
            stack.append(rank)
            finished[suit] = len(stack) == k
        outcomes.append(ok)
    return outcomes, stacks


def _sequences(prefix, misplays, k):
    """Every sequence of up to 6 cards of :func:`_two_suits` of ``k`` beginning with ``prefix`` (``misplays`` of them)
    with at most one misplay under :func:`_hanablive_plays`."""
    yield prefix
    if len(prefix) == 6:
        return
    for card in _two_suits(k):
        longer = prefix + [card]
        missed = misplays + (not _hanablive_plays(longer, k)[0][-1])
        if missed <= 1:
            yield from _sequences(longer, missed, k)


def _index(turn):
    """The deck index of the card played on ``turn`` of a crafted deal, players 0 and 1 taking turns: each plays
    its hand from its first slot."""
    return turn // 2 + HAND * (turn % 2)


def _deal(placed, k=5):
    """A deal of Sudoku of ``k`` suits and 2 players with the types ``placed`` at their deck indices, the rest of the
    deck (:func:`_deck`) in the other places."""
    rest = _deck(k)
    for t in placed.values():
        rest.remove(t)
    others = iter(rest)
    return Deal([placed[i] if i in placed else next(others) for i in range(len(_deck(k)))], 2, "t",
                options=Options(variant=VARIANTS[k]))


def _crafted(cards, k=5):
    """A deal of Sudoku of ``k`` suits where the 2 players, taking turns, play ``cards`` ((suit, rank)) in that order
    from their hands, and the play actions that do it."""
    placed = {_index(turn): suit * 5 + rank - 1 for turn, (suit, rank) in enumerate(cards)}
    return _deal(placed, k), [{"type": 0, "target": _index(turn)} for turn in range(len(cards))]


def _starts(ways, orders=SUDOKU):
    """The ranks the orders in ``ways`` start at."""
    return {order[0] + 1 for order in orders.of(ways)}


@pytest.mark.parametrize("k, orders, sequences", long_but([(5, SUDOKU, 30000), (4, SUDOKU_4, 8000)], fast=(1,)))
def test_the_simulator_plays_exactly_the_cards_hanablive_plays(k, orders, sequences):
    """Every sequence of up to 6 red and yellow cards with at most one misplay (a misplay leaves the stacks alone in
    both rules, which the cards after it check), played by the simulator from a crafted deal of Sudoku of ``k``
    suits: a card plays exactly when hanab.live's server plays it; the ranks on the stacks are the server's, and an
    empty stack is open to the starts the other stack left it."""
    checked = 0
    for cards in _sequences([], 0, k):
        outcomes, stacks = _hanablive_plays(cards, k)
        deal, actions = _crafted(cards, k)
        game = simulate(deal, actions)
        assert game.orders is orders and game.strikes == outcomes.count(False), cards
        for suit, ranks in enumerate(stacks):
            assert game.stacks[suit] == len(ranks), cards
            if ranks:
                assert [slot + 1 for slot in orders.played(game.ways[suit], game.stacks[suit])] == ranks, cards
            else:
                assert _starts(game.ways[suit], orders) == set(range(1, k + 1)) - {r[0] for r in stacks if r}, cards
        checked += 1
    assert checked > sequences


def test_no_two_stacks_start_at_the_same_rank():
    """The red stack starts at 3: a yellow 3 on the empty yellow stack misplays, a yellow 4 starts it; red goes
    3, 4, 5, 1, and a red 3 there misplays although the red stack's next card would be a 2 and its start 3."""
    assert _hanablive_plays([(0, 3), (1, 3), (1, 4)])[0] == [True, False, True]
    deal, actions = _crafted([(0, 3), (1, 3), (1, 4), (0, 4), (0, 5), (0, 1), (0, 3)])
    game = simulate(deal, actions[:2])
    assert (game.stacks[:2], game.strikes) == ([1, 0], 1)
    game = simulate(deal, actions)
    assert (game.stacks[:2], game.strikes) == ([4, 1], 2)
    assert _starts(game.ways[2]) == {1, 2, 5}


def test_the_fifth_card_finishes_a_stack_and_returns_a_token():
    """Red 4, 5, 1, 2, 3 with a clue after each of the first four: the fifth card returns a token (5 left, not 4);
    a sixth red card, another red 4 or a red 1, misplays on the finished stack."""
    deal = _deal(dict(enumerate([3, 4, 0, 1, 2, 3, 0])))         # types: red 4, 5, 1, 2, 3 | red 4, 1
    clue = {"type": 2, "target": 0, "value": 0}
    actions = [a for o in range(4) for a in ({"type": 0, "target": o}, clue)] + [{"type": 0, "target": 4}]
    game = simulate(deal, actions)
    assert (game.stacks[0], game.clues, game.strikes) == (5, 5, 0)
    assert SUDOKU.played(game.ways[0], 5) == (3, 4, 0, 1, 2)
    for sixth in (5, 6):
        after = game.copy()
        after.apply({"type": 0, "target": sixth})
        assert (after.stacks[0], after.strikes, after.clues) == (5, 1, 5)


def test_of_four_suits_the_fourth_card_finishes_a_stack_and_returns_a_token():
    """Sudoku (4 Suits), red 3, 4, 1, 2 (wrapping from 4 to 1) with a clue after each of the first three: the fourth
    card returns a token (6 left, not 5); a fifth red card, another red 3 or a red 1, misplays on the finished stack;
    hanab.live's rule of 4 ranks agrees."""
    assert _hanablive_plays([(0, 3), (0, 4), (0, 1), (0, 2), (0, 3)], 4) == ([True] * 4 + [False], [[3, 4, 1, 2], []])
    deal = _deal({0: 2, 1: 3, 2: 0, 3: 1, 5: 2, 6: 0}, 4)       # types: red 3, 4, 1, 2 | red 3, 1 (player 1's)
    clue = {"type": 2, "target": 0, "value": 0}
    actions = [a for o in range(3) for a in ({"type": 0, "target": o}, clue)] + [{"type": 0, "target": 3}]
    game = simulate(deal, actions)
    assert (game.stacks[0], game.clues, game.strikes) == (4, 6, 0)
    assert SUDOKU_4.played(game.ways[0], 4) == (2, 3, 0, 1)
    for fifth in (5, 6):
        after = game.copy()
        after.apply({"type": 0, "target": fifth})
        assert (after.stacks[0], after.strikes, after.clues) == (4, 1, 6)


def test_a_finished_stack_at_eight_tokens_returns_none():
    """With 8 tokens the fifth card leaves 8."""
    deal, actions = _crafted([(0, 2), (1, 1), (0, 3), (1, 2), (0, 4), (1, 3), (0, 5), (1, 4), (0, 1)])
    game = simulate(deal, actions)
    assert (game.stacks[:2], game.clues, game.strikes) == ([5, 4], 8, 0)


def _started_position():
    """The position after red 4 (played), yellow 4 (misplayed: red started at 4), red 5, yellow 2 and red 1 (played,
    red wrapping from 5 to 1) on a crafted deal."""
    deal, actions = _crafted([(0, 4), (1, 4), (0, 5), (1, 2), (0, 1)])
    return simulate(deal, actions).position()


def test_a_sudoku_position_reads_its_played_cards():
    """The JSON form lists the ranks played per suit; read back, the started stacks have their one order and the
    empty ones every start but 4 and 2; the form round-trips."""
    position = _started_position()
    out = position.to_json()
    assert (out["stacks"], out["played"], out["strikes"]) == ([3, 1, 0, 0, 0], [[4, 5, 1], [2], [], [], []], 1)
    again = parse_position(json.loads(json.dumps(out)))
    assert (again.stacks, again.ways, again.lost, again.hands) == (position.stacks, position.ways, position.lost,
                                                                  position.hands)
    assert [_starts(ways) for ways in again.ways] == [{4}, {2}] + [{1, 3, 5}] * 3
    assert again.to_json() == out


def test_a_sudoku_position_refuses_two_stacks_of_one_start():
    """Red and yellow both started at 4, or a stack not built up one rank at a time, are refused as input; a
    position given both starts directly is refused too."""
    position = _started_position()
    out = position.to_json()
    with pytest.raises(InputError, match="same rank"):
        parse_position(dict(out, played=[[4, 5, 1], [4], [], [], []]))
    with pytest.raises(InputError, match="cannot be played in that order"):
        parse_position(dict(out, played=[[4, 5, 2], [2], [], [], []]))
    with pytest.raises(ValueError, match="same rank"):
        replace(position, ways=(position.ways[0], SUDOKU.ways_of([3])) + position.ways[2:])


@pytest.mark.parametrize("variant, suits, cases, draws", [
    (SUDOKU5, (0, 1), 4, 2), ("Sudoku & Dark Null (5 Suits)", (0, 4), 1, 2),
    ("Sudoku & Orange (5 Suits)", (0, 4), 1, 2),
    pytest.param(SUDOKU5, (0, 1), 2, None, marks=pytest.mark.long),
    pytest.param("Sudoku & Dark Null (5 Suits)", (0, 4), 1, None, marks=pytest.mark.long),
    pytest.param("Sudoku & Orange (5 Suits)", (0, 4), 1, None, marks=pytest.mark.long),
    (SUDOKU4, (0, 1), 3, 2), ("Sudoku & White (4 Suits)", (0, 3), 1, 2), ("Sudoku & Orange (4 Suits)", (0, 3), 1, 2),
    pytest.param(SUDOKU4, (0, 1), 2, None, marks=pytest.mark.long),
    pytest.param("Sudoku & White (4 Suits)", (0, 3), 1, None, marks=pytest.mark.long)])
def test_exact_is_the_exhaustive_search_on_short_decks(variant, suits, cases, draws):
    """U3 from the first turn equals the exhaustive search of the real rules on short decks of two suits (two copies
    of each card; one of a dark suit's; an orange suit's clued by orange alone; a white suit's by rank alone; of 4
    suits stacks of 4 cards), two cards to draw or one to three; every line replays to its score."""
    options = {} if draws is None else {"draws": draws}
    assert len(exact_on_tiny_decks("sudoku", 2, cases, variant, suits, **options)) == cases


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 12), st.sampled_from([(SUDOKU5, (0, 1)), (SUDOKU4, (0, 1)),
                                                                     ("Sudoku & White (4 Suits)", (0, 3))]))
def test_exact_from_random_positions(seed, steps, variant_suits):
    """From the state after random actions (stacks started at any rank, the other's start closed; of 4 suits, stacks
    finished at 4 cards), any starting player: exact equals the exhaustive search, its line replays, and the bounds
    hold it."""
    rng = random.Random(seed)
    variant, suits = variant_suits
    game = random_game(tiny_deal(rng, 2, variant, suits=suits, draws=2).starting(seed % 2), rng, steps)
    result = exact(game.deal, start=game.position())
    assert result.exact and result.score == brute(game.deal, game=game)
    assert simulate(game.position(), result.actions).score == result.score
    assert result.L <= result.score <= result.U2 <= u1(game.position()).score


#: hanab.live seeds of Sudoku (5 Suits) (2072) and Sudoku & Dark Null (2088), & Null (2079), & Black (2073), & Orange
#: (2391), 2 to 5 players; live_deals takes one player count and variant at a time.
SEEDS = [["p2v2072s1", "p2v2072s2"], ["p3v2072s1"], ["p4v2072s1"], ["p5v2072s1"], ["p2v2088s1", "p3v2088s2"],
         ["p3v2079s1"], ["p4v2073s1"], ["p2v2391s1"]]
#: hanab.live seeds of Sudoku (4 Suits) (2092), 2 to 5 players, and of Sudoku & White (2095) and & Orange (2390).
SEEDS_4 = [[f"p{players}v2092s{seed}" for seed in range(1, 4)] for players in (2, 3, 4, 5)] + [
    ["p2v2095s1", "p2v2095s2"], ["p3v2095s1"], ["p2v2390s1"], ["p4v2390s1"]]


@pytest.mark.parametrize("seeds", SEEDS + SEEDS_4, ids=lambda seeds: seeds[0])
def test_real_seeds_are_searched_and_bounded(seeds):
    """Exact, the line replays under the real rules to its score, U2 and U1 bound it."""
    for deal in live_deals(seeds):
        result = exact(deal, SearchLimits(30.0))
        assert result.exact and simulate(deal, result.actions).score == result.score
        assert result.L <= result.score <= u2(deal).score <= u1(deal).score <= deal.max_score


def test_a_seed_the_bot_leaves_short_is_searched():
    """p2v2072s1: the bot scores 23, the search finds the line of 25."""
    deal = live_deals(["p2v2072s1"])[0]
    result = exact(deal)
    assert (result.L, result.score, result.exact) == (23, 25, True)
    assert simulate(deal, result.actions).score == 25


def test_directions_are_the_pairwise_different_starts():
    """The first turn allows 5! assignments of starts (4! of 4 suits); red at 4 and yellow at 2 leave 3! for the
    other three."""
    assert len(directions(Position.initial(live_deals(["p2v2072s1"])[0]))) == 120
    assert len(directions(Position.initial(live_deals(["p2v2092s1"])[0]))) == 24
    assignments = directions(_started_position())
    assert len(assignments) == 6
    assert all(d[:2] == (3, 1) and sorted(d[2:]) == [0, 2, 4] for d in assignments)


def _sudoku():
    return [v for v in supported_variants().values() if v.sudoku]


def test_the_sudoku_variants_are_played_through_their_variant_without():
    """The 22 Sudoku variants of 5 suits and the 11 of 4 suits are played; each fixed variant exists, is played,
    has the same suits, and has no Sudoku; stacks of 4 suits hold 4 cards, built along :data:`SUDOKU_4`."""
    played = _sudoku()
    assert sorted(len(v.suits) for v in played) == [4] * 11 + [5] * 22
    assert all(v.stack_size == len(v.suits) and v.orders is (SUDOKU if len(v.suits) == 5 else SUDOKU_4)
               for v in played)
    assert get_variant(SUDOKU5).fixed_variant == "No Variant" and get_variant(SUDOKU4).fixed_variant == "4 Suits"
    assert get_variant("Sudoku & Black (5 Suits)").fixed_variant == "Black (5 Suits)"
    for variant in played:
        base = get_variant(variant.fixed_variant)
        assert base.refused is None and not base.sudoku and base.orders is None
        assert [s.name for s in base.suits] == [s.name for s in variant.suits]


@pytest.mark.parametrize("variant", _sudoku(), ids=lambda v: v.name)
def test_whether_some_clue_touches_a_card_does_not_depend_on_its_rank(variant):
    """The reduction to fixed starts deals a card of rank r as the card of another rank of the same suit (of 4
    suits, one rank higher): only whether some clue touches it matters, and for these suits that is the same for
    every rank, in the variant and in its fixed variant."""
    base = get_variant(variant.fixed_variant)
    for suit in range(len(variant.suits)):
        touched = {any(clue_touches(v, clue, Card(suit, rank)) for clue in v.clues())
                   for v in (variant, base) for rank in v.ranks}
        assert len(touched) == 1, (variant.name, variant.suits[suit].name, touched)


BOT_SEEDS = [[f"p{players}v2072s{s}" for s in range(1, 5)] for players in (2, 3, 4, 5)] + [
    [f"p2v2088s{s}" for s in range(1, 3)], [f"p3v2073s{s}" for s in range(1, 3)]]


@pytest.mark.parametrize("seeds", BOT_SEEDS, ids=lambda seeds: seeds[0])
def test_the_bot_plays_legal_sudoku_games(seeds):
    """On 20 seeds in all the bot's line replays in the simulator to the score it claims."""
    for deal in live_deals(seeds):
        actions, score = seer_line(deal)
        final = simulate(deal, actions)
        assert final.over and final.score == score and 15 <= score <= deal.max_score

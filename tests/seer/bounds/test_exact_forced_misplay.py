"""U3 where a third strike can be forced: 2 strikes spent, clue tokens full, and teammates holding cards no clue
touches (Null-like variants), so that a player may have no move but a misplay. The score already reached is then not
a score the team keeps (a strike-out scores 0): the search must look past it (the kernel's "Reaching the target").
Two positions of real Null games, and random tiny positions of that kind against the exhaustive search of the
simulator."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute, search_value
from solitaire.seer.bounds.maxscore import max_score
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Game, legal_actions, simulate

#: Null-like variants and the suits of their tiny decks (the Null suit beside one or two others).
FORCED = [("Null (5 Suits)", (1, 4)), ("Clue Starved & Null (5 Suits)", (0, 4)), ("Null-Ones & Null (3 Suits)", (1, 2)),
          ("Brown & Null (5 Suits)", (3, 4)), ("Null-Ones & Null (5 Suits)", (0, 1, 4))]


def hanablive_position(variant: str, deck: list[list[int]], state: tuple) -> Position:
    """A position of 2 players under ``oneLessCard``, player 1 moving first: ``deck`` as hanab.live's
    ``[suitIndex, rank]`` pairs, ``state`` the fields of :class:`Position` after the deal."""
    deal = Deal([suit * RANKS + rank - 1 for suit, rank in deck], 2, "forced misplay", start_player=1,
                options=Options(variant=variant, one_less_card=True))
    return Position(deal, *state)


NULL_DECK = [[4, 1], [1, 1], [4, 1], [4, 4], [1, 2], [4, 4], [4, 3], [1, 1], [4, 5], [1, 1], [4, 2], [4, 2], [4, 1],
             [4, 3], [1, 2]]
#: Null (5 Suits), the deck empty, two turns left: the mover holds only junk (null 1, 2, 1 and a yellow 2 played),
#: the teammate only null cards, the last null 4 among them, 8 tokens. Every move is a misplay into the third strike:
#: U3 = 0, below the 5 played.
ONLY_MISPLAYS = hanablive_position("Null (5 Suits)", NULL_DECK,
                                   (15, ((2, 11, 12, 14), (5, 6, 8)), (0, 2, 0, 0, 3), 8, 2, 0, 2))
#: The same with one turn left: the teammate has taken its final turn, so its null 4 can score no more, and the game
#: is over with the 5 played, as hanab.live's server ends it (its cards ``CannotBePlayed``).
TEAMMATE_DONE = hanablive_position("Null (5 Suits)", NULL_DECK,
                                   (15, ((2, 11, 12, 14), (5, 6, 8)), (0, 2, 0, 0, 3), 8, 2, 0, 1))
#: Clue Starved & Null (5 Suits), the deck empty, two turns left, 8 tokens (16 half tokens): the mover holds only
#: null cards, the null 3 playable and the last null 4; the teammate a red 1 beside null cards. Playing the null 3
#: (4 points) is the mover's final turn: its null 4 can score no more and the game ends with 4, as on hanab.live.
#: Under a rule that counted its cards still, the teammate would be left nothing but a misplay into the third strike.
PLAY_ENDS = hanablive_position(
    "Clue Starved & Null (5 Suits)",
    [[0, 1], [4, 3], [4, 1], [4, 4], [4, 4], [0, 1], [4, 1], [0, 1], [4, 2], [4, 2], [4, 5], [4, 3], [4, 1]],
    (13, ((1, 3, 9, 11), (5, 6, 10, 12)), (1, 0, 0, 0, 2), 16, 2, 0, 2))


def test_a_position_whose_every_move_is_the_third_strike_is_worth_zero():
    game = Game.from_position(ONLY_MISPLAYS)
    assert game.score == 5 and {action["type"] for action in legal_actions(game)} == {0}
    result = max_score(ONLY_MISPLAYS, timeout=60)
    assert (result.score, result.high, result.exact) == (0, 0, True)
    assert simulate(result.start, result.actions).score == 0 == brute(ONLY_MISPLAYS)


def test_the_cards_of_a_player_who_has_taken_their_final_turn_score_no_more():
    assert TEAMMATE_DONE.over and Game.from_position(TEAMMATE_DONE).over and TEAMMATE_DONE.score == 5
    result = max_score(PLAY_ENDS, timeout=60)
    assert (result.score, result.high, result.exact) == (4, 4, True)
    assert simulate(result.start, result.actions).score == 4 == brute(PLAY_ENDS)
    assert [(a["type"], a["target"]) for a in result.actions] == [(0, 1)]  # the null 3, and the game is over
    line, score = bot_finish(Game.from_position(PLAY_ENDS))  # the compiled bot plays it too, and keeps the 4
    assert ([(a["type"], a["target"]) for a in line], score) == ([(0, 1)], 4)
    assert simulate(PLAY_ENDS, line).score == 4


def forced_position(rng: random.Random, variant: str, suits: tuple[int, ...]) -> Position | None:
    """A random position of 2 players on a tiny deck of ``suits`` of ``variant`` where a third strike may be
    forced: random stacks and lost cards, 0 to 2 cards to draw (none: any turns left, hands full or one short),
    the player to move's teammate holding mostly cards no clue touches, tokens mostly full, 2 strikes mostly;
    ``None`` if the cards do not allow it."""
    options = Options(variant=variant, one_less_card=rng.random() < 0.7)
    probe = Deal([], 2, options=options)
    H, clueable, rules = probe.hand, probe.rules.clueable, probe.rules
    stacks = [rng.randint(0, 3) if s in suits else 0 for s in range(probe.n_types // RANKS)]
    played = [s * RANKS + r for s in suits for r in range(stacks[s])]
    pool = [s * RANKS + r for s in suits for r in range(RANKS) for _ in range(probe.counts[s * RANKS + r])]
    for t in played:
        pool.remove(t)
    rng.shuffle(pool)
    pool.sort(key=lambda t: clueable[t] + 1.5 * rng.random())  # cards no clue touches first, mostly
    draws = rng.choice([0, 0, 1, 2])
    sizes = [H if draws or rng.random() < 0.5 else H - 1 for _ in range(2)]
    teammate, rest = pool[:sizes[1]], pool[sizes[1]:]
    rng.shuffle(rest)
    mover, draw = rest[:sizes[0]], rest[sizes[0]:sizes[0] + draws]
    lost = rest[sizes[0] + draws:][:rng.randint(0, 3)]
    if len(mover) < sizes[0] or len(draw) < draws or len(played + lost) + sum(sizes) + draws <= 2 * H:
        return None
    deal = Deal(played + lost + mover + teammate + draw, 2, "forced", options=options)
    first = len(played) + len(lost)
    hands = (tuple(range(first, first + sizes[0])), tuple(range(first + sizes[0], first + sum(sizes))))
    clues = rng.choice([rules.max_clues] * 3 + [rules.max_clues - 1, rng.randint(0, rules.max_clues)])
    turns_left = None if draws else rng.randint(1, 2)
    return Position(deal, first + sum(sizes), hands, tuple(stacks), clues, rng.choice([1, 2, 2, 2]), 0, turns_left)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(FORCED), st.randoms(use_true_random=False))
def test_exact_equals_brute_force_where_a_third_strike_can_be_forced(variant_suits, rng):
    """``max_score`` (proven, its line replayed) and the compiled search alone in two move orders equal the
    exhaustive search of the simulator."""
    position = forced_position(rng, *variant_suits)
    if position is None:
        return
    best = brute(position)
    result = max_score(position, timeout=30)
    assert result.exact and result.score == best, (position.deal.types.tolist(), position)
    assert simulate(result.start, result.actions).score == best
    game = Game.from_position(position)
    if not game.over:
        assert search_value(game, 0) == search_value(game, 1) == best

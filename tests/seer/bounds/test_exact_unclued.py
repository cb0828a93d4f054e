"""U3 in variants with cards no clue touches (null suits, Null-Ones, Brown beside Null-Fives, ...), where a clue
needs a teammate holding a card some clue touches (the search's restricted clues), against the exhaustive search
of the simulator: endgames whose hands can hardly be clued, the canonical state of every state solved, the
discard that keeps a teammate's clue and a forced third strike (tiny decks from the first turn and from reachable
positions, and full shuffled decks: ``test_exact_variants.py``)."""

import random

import pytest

from helpers import brute, canonical_key, check_exact_from, endgame, long_but, no_clue_position, tiny_deal
from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.simulator import DISCARD, Game, legal_actions, seer_line
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import MAX_CLUES, Position
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.bounds.u3.search import deal_setup, muted_types, root_arrays, search_from, tt_table

#: Variants with cards no clue touches: an unclueable suit, or the ones, fives or brown cards of some suits (their
#: tiny decks from the first turn and from reachable positions are in ``test_exact_variants.py``).
UNCLUED = [("Null (5 Suits)", (0, 4)), ("Null-Ones (5 Suits)", (0, 1)), ("White-Ones & Brown (5 Suits)", (0, 4)),
           ("Null-Fives & Brown (3 Suits)", (0, 2))]
#: Variants of the endgames: few suits, and many cards no clue touches.
ENDGAME = ["Null (3 Suits)", "Null (4 Suits)", "Null-Fives & Brown (3 Suits)", "Null-Ones & Null (3 Suits)",
           "Dark Null (5 Suits)"]


def test_the_variants_restrict_clues():
    for variant, suits in UNCLUED:
        deal = tiny_deal(random.Random(0), 2, variant, suits)
        mute = muted_types(deal)
        assert mute and all(bool((mute >> t) & 1) == (not deal.rules.clueable[t]) for t in range(deal.n_types))
    assert muted_types(Deal([0, 25, 1, 26, 2, 27, 3, 28, 4, 29, 0, 1], 2, "tiny",
                            options=Options(variant="Null (6 Suits)", empty_clues=True))) == 0
    assert muted_types(tiny_deal(random.Random(0), 2, "Black (6 Suits)", (0, 5))) == 0


@pytest.mark.parametrize("seed", long_but(range(12), {2}))  # 1 to 5 s each
def test_exact_equals_brute_force_in_endgames_that_can_hardly_be_clued(seed):
    rng, checked = random.Random(seed), 0
    while checked < 6:
        position = endgame(rng, rng.choice(ENDGAME), unclued=True)
        if position is not None:
            check_exact_from(Game.from_position(position), 1 + checked % 2)
            checked += 1


def check_one_value_per_key(start: Game) -> None:
    """Every two states the exhaustive search solves from ``start`` that share the search's canonical key
    (:func:`~solitaire.seer.bounds.u3.kernel.state_key`) have the same value."""
    values = {}

    def visit(game, value):
        assert values.setdefault(canonical_key(game), value) == value, game.position().to_json()

    brute(start.deal, visit=visit, game=start)


@pytest.mark.parametrize("seed", long_but(range(6), {2, 3}))  # 0.4 to 13 s each
def test_states_of_one_key_have_one_value(seed):
    """The canonical state is exact: junk cards merge only with junk cards alike for clues."""
    rng, checked = random.Random(f"key {seed}"), 0
    check_one_value_per_key(Game(tiny_deal(rng, 2, *UNCLUED[seed % len(UNCLUED)])))
    while checked < 4:
        position = endgame(rng, rng.choice(ENDGAME), unclued=True)
        if position is not None:
            check_one_value_per_key(Game.from_position(position))
            checked += 1


def keep_the_clue(spare: bool = False) -> Position:
    """Null (5 Suits), 2 players with 4 cards: red and the null 1 played. The player to move holds a red 1 (junk,
    the only card of its hand a clue touches) and the null 5, 4 and 3; the teammate null cards (3, 1, 1, 4) and no
    token is left. The deck holds two null 2s. Discarding the red 1 draws a null 2 and leaves the teammate no clue:
    it must draw the last card, and only the null 2 and 3 are played. Discarding the null 5 (or the 3, whose other
    copy the teammate holds) lets the teammate clue, and the null 2, 3 and 4 are played. With ``spare`` the player
    holds a null 1 (junk no clue touches) instead of the null 5, and the teammate the null 5 instead of a null 1."""
    red, null = 0, 4 * RANKS
    played = [red + r for r in range(RANKS)] + [null]
    mover, teammate = [red, null + 4, null + 3, null + 2], [null + 2, null, null, null + 3]
    if spare:
        mover[1], teammate[1] = null, null + 4
    deal = Deal(played + mover + teammate + [null + 1] * 2, 2, "keep the clue",
                options=Options(variant="Null (5 Suits)", one_less_card=True))
    first = len(played)
    return Position(deal, first + 8, (tuple(range(first, first + 4)), tuple(range(first + 4, first + 8))),
                    (5, 0, 0, 0, 1), 0, 0, 0, None)


def discard_values(game: Game) -> dict[int, int]:
    """Per type in the hand of the player to move, the value of discarding it (the exhaustive search)."""
    values = {}
    for action in legal_actions(game):
        if action["type"] == DISCARD:
            child = game.copy()
            child.apply(action)
            values[game.type_of(action["target"])] = brute(game.deal, game=child)
    return values


def test_the_discard_that_keeps_a_clue_beats_the_junk_discard():
    """The spare card's dominance fails here: the junk card is the clue the teammate needs."""
    game = Game.from_position(keep_the_clue())
    assert discard_values(game) == {0: 8, 4 * RANKS + 2: 9, 4 * RANKS + 3: 8, 4 * RANKS + 4: 9}
    check_exact_from(game, 1)


def test_junk_a_clue_touches_is_not_junk_no_clue_touches():
    """The two junk cards of the player to move differ: keeping the red 1 keeps the teammate's clue. The states
    after either discard differ only in that card: the canonical state must tell them apart."""
    game = Game.from_position(keep_the_clue(spare=True))
    assert discard_values(game) == {0: 8, 4 * RANKS: 9, 4 * RANKS + 2: 9, 4 * RANKS + 3: 8}
    check_exact_from(game, 1)
    check_one_value_per_key(game)


def test_a_forced_third_strike_scores_zero():
    position = no_clue_position("Null (5 Suits)", MAX_CLUES)
    game = Game.from_position(position)
    assert {a["type"] for a in legal_actions(game)} == {0} and brute(position.deal, game=game) == 0
    result = exact(position.deal, start=position)
    assert result.exact and result.score == result.high == 0
    actions, score = seer_line(position)  # the bot misplays too, as it must
    assert len(actions) == 1 and actions[0]["type"] == 0 and score == 0
    deal = position.deal
    bound, _, aborted, line = search_from(deal_setup(deal), root_arrays(game), 1, tt_table(8), 1000, 0)
    assert (bound, aborted, len(line)) == (0, False, 0)  # fail-soft: the value itself, the node has no move

"""U3 in variants with cards no clue touches (null suits, Null-Ones, Brown beside Null-Fives, ...), where a clue
needs a teammate holding a card some clue touches (the search's restricted clues), against the exhaustive search
of the simulator: endgames whose hands can hardly be clued, the canonical state of every state solved, the
discard that keeps a teammate's clue, a forced third strike, and full shuffled decks (tiny decks from the first
turn and from reachable positions: ``test_exact_variants.py``)."""

import random

import numpy as np
import pytest

from helpers import brute, check_exact_from, tiny_deal
from solitaire.seer.deals import RANKS, Deal
from solitaire.seer.game import DISCARD, Game, legal_actions, seer_line, simulate
from solitaire.seer.options import Options
from solitaire.seer.position import MAX_CLUES, Position
from solitaire.seer.seeds import deck_from_seed
from solitaire.seer.u3 import exact
from solitaire.seer.u3.kernel import FIN, MOVER, POS, STRIKES, TOKENS, position, state_key
from solitaire.seer.u3.search import MEMO_BITS, muted_types, root_arrays, search_from, tt_table
from solitaire.seer.variants import get_variant

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


def unclued_endgame(rng: random.Random, variant: str) -> Position | None:
    """A position of 2 players a few cards before the end of the deck: random stacks, the player to move
    holding one junk card a clue touches beside distinct useful cards no clue touches, the other hand mostly
    of cards no clue touches, few tokens (where the spare card's dominance and the clues' restriction
    matter); ``None`` if the variant's cards do not allow it."""
    options = Options(variant=variant, one_less_card=rng.random() < 0.5)
    probe = Deal([], 2, options=options)
    clueable, H, suits = probe.rules.clueable, probe.hand, probe.n_types // RANKS
    stacks = [rng.randint(0, RANKS) for _ in range(suits - 1)] + [rng.randint(0, 2)]
    played = [s * RANKS + r for s in range(suits) for r in range(stacks[s])]
    pool = [t for t in range(probe.n_types) for _ in range(probe.counts[t])]
    for t in played:
        pool.remove(t)
    rng.shuffle(pool)
    junk = [t for t in pool if clueable[t] and t % RANKS < stacks[t // RANKS]]
    useful = sorted({t for t in pool if not clueable[t] and t % RANKS >= stacks[t // RANKS]},
                    key=lambda t: rng.random())
    if not junk or len(useful) < H - 1:
        return None
    mover = [junk[0]] + useful[:H - 1]
    for t in mover:
        pool.remove(t)
    pool.sort(key=lambda t: clueable[t] + 1.2 * rng.random())
    other, rest = pool[:H], pool[H:]
    rng.shuffle(rest)
    draw = rest[:rng.randint(1, 4)]
    lost = rest[len(draw):]
    deal = Deal(played + lost + mover + other + draw, 2, "endgame", options=options)
    first = len(played) + len(lost)
    hands = (tuple(range(first, first + H)), tuple(range(first + H, first + 2 * H)))
    return Position(deal, first + 2 * H, hands, tuple(stacks), rng.choice([0, 0, 1, 2]), rng.choice([0, 1, 2]), 0,
                    None)


@pytest.mark.parametrize("seed", range(12))
def test_exact_equals_brute_force_in_endgames_that_can_hardly_be_clued(seed):
    rng, checked = random.Random(seed), 0
    while checked < 6:
        position = unclued_endgame(rng, rng.choice(ENDGAME))
        if position is not None:
            check_exact_from(Game.from_position(position), 1 + checked % 2)
            checked += 1


def junk_types(game: Game) -> int:
    """The junk types of ``game`` as a bit mask, by their definition: played, or a card of the suit above the
    stack and at or below it with every copy lost."""
    mask = 0
    for t in range(game.deal.n_types):
        suit, rank = divmod(t, RANKS)
        dead = any(game.lost[suit * RANKS + r] >= game.counts[suit * RANKS + r]
                   for r in range(game.stacks[suit], rank + 1))
        mask |= (rank < game.stacks[suit] or dead) << t
    return mask


def check_one_value_per_key(start: Game) -> None:
    """Every two states the exhaustive search solves from ``start`` that share the search's canonical key
    (:func:`~solitaire.seer.u3.kernel.state_key`) have the same value."""
    deal = start.deal
    deck, mute, values = np.array(deal.types, dtype=np.int64), muted_types(deal), {}

    def visit(game, value):
        hand_cards, hlen, stacks, root = root_arrays(game)
        _, cards = position(deck, deal.players, deal.hand, hand_cards, hlen, stacks, root[POS], mute)
        key = state_key(np.zeros(8, dtype=np.int64), root[POS], root[TOKENS], root[STRIKES], root[MOVER], root[FIN],
                        cards.stacks, cards.hands, cards.hlen, junk_types(game), mute, deal.players, deal.hand, False)
        assert values.setdefault(key, value) == value, (deal.types.tolist(), game.position().to_json())

    brute(deal, visit=visit, game=start)


@pytest.mark.parametrize("seed", range(6))
def test_states_of_one_key_have_one_value(seed):
    """The canonical state is exact: junk cards merge only with junk cards alike for clues."""
    rng, checked = random.Random(f"key {seed}"), 0
    check_one_value_per_key(Game(tiny_deal(rng, 2, *UNCLUED[seed % len(UNCLUED)])))
    while checked < 4:
        position = unclued_endgame(rng, rng.choice(ENDGAME))
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


def forced_strike():
    """Null (5 Suits), 2 players with 4 cards, 8 tokens and 2 strikes, nothing played: the player to move holds
    red 2 to 5, the teammate null 2 to 5. No clue is legal, no discard (8 tokens) and nothing can be played: the
    only moves are misplays, the third strike."""
    red, null = 0, 4 * RANKS
    deal = Deal([red + 1, red + 2, red + 3, red + 4, null + 1, null + 2, null + 3, null + 4, red], 2, "strike",
                options=Options(variant="Null (5 Suits)", one_less_card=True))
    return Position(deal, 8, ((0, 1, 2, 3), (4, 5, 6, 7)), (0,) * 5, MAX_CLUES, 2, 0, None)


def test_a_forced_third_strike_scores_zero():
    position = forced_strike()
    game = Game.from_position(position)
    assert {a["type"] for a in legal_actions(game)} == {0} and brute(position.deal, game=game) == 0
    result = exact(position.deal, start=position)
    assert result.exact and result.score == result.high == 0
    actions, score = seer_line(position)  # the bot misplays too, as it must
    assert len(actions) == 1 and actions[0]["type"] == 0 and score == 0
    deal = position.deal
    bound, _, aborted, line = search_from(np.array(deal.types, dtype=np.int64), 2, deal.hand, *root_arrays(game), 1,
                                          *tt_table(8), 1000, 0, False, MEMO_BITS, muted_types(deal))
    assert (bound, aborted, len(line)) == (0, False, 0)  # fail-soft: the value itself, the node has no move


def test_the_sat_peers_are_not_asked_on_restricted_clues():
    """The peers encode clues legal whenever a token is left: with a peer timeout the search alone answers."""
    deal = tiny_deal(random.Random(3), 2, "Null (5 Suits)", (0, 4))
    result = exact(deal, peer_timeout=1)
    assert result.exact and result.method != "peer" and result.score == brute(deal)


#: Full shuffled decks (hanab.live seeds ``p<P>v<id>s<k>``) that need the search.
FULL = [("Null (5 Suits)", 2, 0), ("Null (5 Suits)", 3, 1), ("Dark Null (6 Suits)", 2, 0),
        ("Ambiguous & Null (5 Suits)", 2, 1)]


@pytest.mark.parametrize("variant, players, k", FULL)
def test_full_unclued_decks_are_solved_and_replay(variant, players, k):
    cards = deck_from_seed(f"p{players}v{get_variant(variant).id}s{k}")
    deal = Deal([c.suit * RANKS + c.rank - 1 for c in cards], players, f"p{players}s{k}",
                options=Options(variant=variant))
    result = exact(deal, timeout=60)
    assert result.exact and result.method == "search"
    assert result.L <= result.score == result.high <= result.U2 <= deal.max_score
    final = simulate(deal, result.actions)
    assert final.score == result.score and final.over

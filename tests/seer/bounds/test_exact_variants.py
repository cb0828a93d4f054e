"""U3 on the decks of hanab.live variants (3 to 6 suits, cards no clue touches included): the search against the
exhaustive search of the simulator on tiny decks, from the first turn and from reachable positions, full shuffled
decks solved and their lines replayed, and the deals the SAT peers are not asked about."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import SUIT_KINDS, TINY_VARIANTS, brute, check_exact_from, exact_on_tiny_decks, long_but, random_game, tiny_deal
from solitaire.seer.game.deals import Deal, parse_hanablive
from solitaire.seer.game.simulator import simulate
from solitaire.seer.game.options import Options
from solitaire.seer.game.seeds import deck_from_seed
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact, root_hope
from solitaire.seer.bounds.u3.search import peers_asked
from solitaire.seer.game.variants import get_variant, retired_variants

#: Variants with cards no clue touches, where a clue needs a teammate holding a card some clue touches (the search's
#: restricted clues): an unclueable suit, or the suits whose ones, fives or brown cards no clue touches.
UNCLUED = [("Null (5 Suits)", (0, 4)), ("Dark Null (6 Suits)", (1, 5)), ("Ambiguous & Null (5 Suits)", (2, 4)),
           ("Null-Ones (5 Suits)", (0, 1)), ("White-Ones & Brown (5 Suits)", (0, 4)),
           ("Null-Ones & Null (3 Suits)", (1, 2)), ("Null-Fives & Brown (3 Suits)", (0, 2)),
           ("Light-Pink-Ones & Brown (3 Suits)", (1, 2))]
#: Clue Starved: half clue tokens (a discard or a played 5 returns half a token).
STARVED = [("Clue Starved (5 Suits)", (0, 1)), ("Clue Starved & Null (5 Suits)", (1, 4)),
           ("Clue Starved & Brown (6 Suits)", (2, 5))]


#: In the default run: Dark Null, Ambiguous & Null, Light-Pink-Ones & Brown and Clue Starved & Brown (a second
#: each; the others 1 to 13 s, ``long``): a dark suit, cards no clue touches and half tokens.
@pytest.mark.parametrize("variant, suits", long_but(TINY_VARIANTS + UNCLUED + STARVED, {6, 7, 12, 15}))
def test_exact_equals_brute_force_on_tiny_variant_decks(variant, suits):
    rng = random.Random(variant)
    for case in range(3):
        deal = tiny_deal(rng, 2, variant, suits)
        result = exact(deal)
        assert result.exact, case
        assert result.score == brute(deal), (case, deal.types.tolist())
        assert result.L <= result.score <= result.U2
        assert simulate(deal, result.actions).score == result.score


@pytest.mark.parametrize("variant, suits", long_but(TINY_VARIANTS + UNCLUED + STARVED, set(range(16)) - {4}))
def test_exact_from_a_position_on_tiny_variant_decks(variant, suits):
    """As ``check_from_a_position`` of ``test_exact.py``: ``exact``, the compiled search alone in two move
    orders and the node bound, from random reachable positions, against the exhaustive search (4 Suits: 4 s,
    ``long``)."""
    for seed in range(4):
        rng = random.Random(f"{variant} {seed}")
        deal = tiny_deal(rng, 2, variant, suits)
        check_exact_from(random_game(deal, rng, rng.randint(0, 14)), 1 + seed % 2)


#: Full shuffled decks (hanab.live seeds ``p<P>v<id>s<k>``): some the bot's line settles, most need the
#: search (below the maximum score or at it: ``3 Suits`` 2 players seed 35 reaches 15 only by the search).
FULL = [("Black (6 Suits)", 2, 0), ("Black (6 Suits)", 2, 1), ("Black (6 Suits)", 3, 0),
        ("Rainbow (6 Suits)", 2, 19), ("Rainbow (6 Suits)", 3, 0), ("Dark Rainbow (6 Suits)", 2, 0),
        ("Dark Rainbow (6 Suits)", 2, 3), ("3 Suits", 2, 35), ("3 Suits", 5, 1), ("4 Suits", 2, 31),
        ("Null (5 Suits)", 2, 0), ("Null (5 Suits)", 3, 1), ("Dark Null (6 Suits)", 2, 0),
        ("Ambiguous & Null (5 Suits)", 2, 1), ("Clue Starved (6 Suits)", 2, 2), ("Clue Starved & Null (5 Suits)", 2, 2),
        ("Clue Starved & Null (5 Suits)", 3, 0)]


def seeded_variant_deal(variant, players, k):
    """hanab.live's deck of seed ``p<players>v<id>s<k>`` as a deal."""
    found = get_variant(variant)
    cards = deck_from_seed(f"p{players}v{found.id}s{k}")
    return Deal([found.type_of(c) for c in cards], players, f"p{players}s{k}", options=Options(variant=variant))


@pytest.mark.parametrize("variant, players, k", FULL)
def test_full_variant_decks_are_solved_and_replay(variant, players, k):
    deal = seeded_variant_deal(variant, players, k)
    assert len(deal.types) == sum(deal.counts)
    result = exact(deal, SearchLimits(60))
    assert result.exact
    assert result.L <= result.score == result.high <= result.U2 <= deal.max_score
    final = simulate(deal, result.actions)
    assert final.score == result.score and final.over
    assert root_hope(np.array(deal.types, dtype=np.int64), players, deal.hand, n_types=deal.n_types) >= result.score
    exported = result.to_json(deal)
    assert exported["options"] == {"variant": variant}
    again = parse_hanablive(exported)
    assert again.options.variant == variant and again.types.tolist() == deal.types.tolist()
    assert simulate(again, exported["actions"]).score == result.score


@pytest.mark.parametrize("variant", list(retired_variants()))
def test_games_of_variants_hanab_live_retired_are_solved_replay_and_keep_their_name(variant):
    found = get_variant(variant)
    deal = Deal([found.type_of(c) for c in deck_from_seed("p3v0s1", found)], 3, "old", options=Options(variant=variant))
    result = exact(deal, SearchLimits(60))
    assert result.exact and result.L <= result.score <= result.U2 <= deal.max_score == found.max_score
    assert simulate(deal, result.actions).score == result.score
    again = parse_hanablive(result.to_json(deal))
    assert again.variant is found and simulate(again, result.actions).score == result.score


@pytest.mark.parametrize("variant, suits", [("Synesthesia & Black (3 Suits)", (0, 2)),
                                            ("Ambiguous & Dual-Color", (0, 4)), ("Rainbow & White (3 Suits)", (0, 1))])
def test_exact_equals_brute_force_in_variants_hanab_live_retired(variant, suits):
    exact_on_tiny_decks(variant, 2, 2, variant, suits, draws=1)


def test_the_standard_export_has_no_options():
    deal = tiny_deal(random.Random(0), 2)
    assert "options" not in exact(deal).to_json(deal)


@pytest.mark.parametrize("players, variant, suits", [
    (2, "No Variant", (0, 1)), (2, "Black (6 Suits)", (0, 5)), (2, "Null (5 Suits)", (0, 4)),
    (3, "No Variant", (0, 1, 2)), (3, "Rainbow (6 Suits)", (1, 2, 5))])
def test_exact_equals_brute_force_with_hands_of_six_cards(players, variant, suits):
    """Hands of 6 cards (the sorting network of 6 in the canonical key): from the first turn of a deck with one
    card to draw, and from reachable positions of decks with up to three (3 players: late positions only, where
    the exhaustive search is short)."""
    rng = random.Random(f"six {variant} {players}")
    deal = tiny_deal(rng, players, variant, suits, draws=1, one_extra_card=True)
    assert deal.hand == 6
    result = exact(deal)
    assert result.exact and result.score == brute(deal) == simulate(deal, result.actions).score
    for case in range(3):
        deal = tiny_deal(rng, players, variant, suits, one_extra_card=True)
        check_exact_from(random_game(deal, rng, rng.randint(1, 4) + 4 * (players - 2)), 1 + case % 2)


def test_a_variant_with_empty_clues_is_searched():
    """Null cards cannot be clued, but with empty clues every clue is legal: nothing is refused."""
    deal = Deal([0, 25, 1, 26, 2, 27, 3, 28, 4, 29, 0, 1], 2, "tiny",
                options=Options(variant="Null (6 Suits)", empty_clues=True))
    result = exact(deal)
    assert result.exact and result.score == brute(deal)
    assert simulate(deal, result.actions).score == result.score


@pytest.mark.long  # 4 to 6 s each; the peers refusing these rules and exact answering alone, fast:
# test_variant_peers.py
@pytest.mark.parametrize("variant, suits, options", [("Null (5 Suits)", (0, 4), {}),
                                                     ("Clue Starved (5 Suits)", (0, 1), {}),
                                                     ("No Variant", (0, 1), {"deck_plays": True})])
def test_the_sat_peers_are_not_asked_where_they_do_not_encode_the_rules(variant, suits, options):
    """The peers encode clues legal whenever a whole token is left and removals of the actor's cards only: with
    restricted clues, half tokens or plays from the deck a peer timeout leaves the search alone to answer."""
    deal = tiny_deal(random.Random(3), 2, variant, suits, **options)
    assert not peers_asked(deal)
    result = exact(deal, SearchLimits(peer_timeout=1))
    assert result.exact and result.method != "peer" and result.score == brute(deal)


#: Long (3 to 6 s each): White, Omni, Prism, Dark Prism, Odds and Evens, Synesthesia and White-Fives, whose cards
#: some clue touches as the other kinds' (the touch rules themselves: tests/seer/game/test_variants.py).
@pytest.mark.parametrize("variant, suits", long_but(SUIT_KINDS, set(range(24)) - {1, 3, 6, 12, 18, 21, 23}))
def test_exact_equals_brute_force_on_every_suit_kind(variant, suits):
    deal = tiny_deal(random.Random(variant), 2, variant, suits)
    result = exact(deal)
    assert result.exact and result.score == brute(deal), deal.types.tolist()
    assert simulate(deal, result.actions).score == result.score


@pytest.mark.parametrize("options", [Options(one_less_card=True),  # empty clues: 4 s, fast:
                                     # test_a_variant_with_empty_clues_is_searched
                                     pytest.param(Options(empty_clues=True), marks=pytest.mark.long),
                                     Options(variant="Black (6 Suits)", one_less_card=True)])
def test_exact_equals_brute_force_under_the_rule_options(options):
    rng = random.Random(str(options))
    suits = (0, 5) if options.variant != "No Variant" else (0, 1)
    for case in range(2):
        plain = tiny_deal(rng, 2, options.variant, suits)
        deal = Deal(plain.types[:2 * 4 + 1 + case], 2, "tiny", options=options) if options.one_less_card \
            else Deal(plain.types, 2, "tiny", options=options)
        result = exact(deal)
        assert result.exact and result.score == brute(deal), deal.types.tolist()
        assert simulate(deal, result.actions).score == result.score


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 5), st.integers(3, 6), st.randoms(use_true_random=False))
def test_the_canonical_key_is_the_hands_as_multisets(players, hand, rng):
    """Every hand size and player count the key holds (``P * H <= 25``): the same key for any order of the
    cards in each hand (and a scratch buffer holding anything), a different one when a card changes type."""
    from solitaire.seer.bounds.u3.kernel import state_key

    if players * hand > 25:
        return
    hands = np.full((players, 8), -1, dtype=np.int64)
    for p in range(players):
        hands[p, :hand] = [rng.randrange(30) for _ in range(hand)]
    hlen, stacks = np.full(players, hand, dtype=np.int64), np.zeros(6, dtype=np.int64)

    def key(cards):
        buf = np.array([rng.randrange(32) for _ in range(8)], dtype=np.int64)
        return state_key(buf, 40, 3, 1, 0, -1, stacks, cards, hlen, 0, 0, players, hand, False)

    shuffled = hands.copy()
    for p in range(players):
        rng.shuffle(shuffled[p, :hand])
    assert key(hands) == key(shuffled)
    p, j = rng.randrange(players), rng.randrange(hand)
    changed = hands.copy()
    changed[p, j] = (changed[p, j] + 1 + rng.randrange(29)) % 30
    assert key(changed) != key(hands)

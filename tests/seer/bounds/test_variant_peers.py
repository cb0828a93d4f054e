"""The SAT peers and the token-free solver on the decks of hanab.live variants, against the exhaustive search
of the simulator on tiny decks of every supported suit kind: from the first turn, from random reachable
positions and under the rule options that change the hands; ``exact`` closing variant positions with a
peer; and the one-line refusal of the rules the peers do not encode."""

import random

import pytest

from helpers import SUIT_KINDS, TINY_VARIANTS, brute, brute_free, free_value_by_slots, long_but, random_game, tiny_deal
from solitaire.seer.game.deals import Deal
from solitaire.seer.bounds.freegame import free_reaches
from solitaire.seer.game.simulator import Game, simulate
from solitaire.seer.game.options import Options
from solitaire.seer.bounds.peers import PEERS
from solitaire.seer.game.position import position_of
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.variants import UnsupportedVariant


def check_peers(start, value):
    """Both peers from ``start`` (a deal or a position) against ``value``, the exhaustive search's best score
    from there: "yes" exactly up to ``value``, each "yes" with a line the simulator replays to the target."""
    deal = position_of(start).deal
    for name, reaches in PEERS.items():
        for target in range(max(1, value - 1), min(value + 2, deal.max_score) + 1):
            answer, actions = reaches(start, target)
            assert answer == (target <= value), (name, target, value, deal.types.tolist())
            if answer:
                assert simulate(start, actions).score >= target, (name, target)
            else:
                assert actions is None


#: In the default run (under 0.5 s each; the others up to 5 s, ``long``): Rainbow, Dark Rainbow, 4 Suits, Light Pink,
#: Dark Pink, Gray and Cocoa Rainbow, a dark suit and suits that clues of each kind touch (the other kinds' touch rules:
#: tests/seer/game/test_variants.py; their tiny decks against the search: test_exact_variants.py).
@pytest.mark.parametrize("variant, suits", long_but(TINY_VARIANTS + SUIT_KINDS, {1, 2, 4, 10, 12, 13, 15}))
def test_the_peers_and_the_token_free_solver_on_every_suit_kind(variant, suits):
    deal = tiny_deal(random.Random(f"peers {variant}"), 2, variant, suits)
    value = brute(deal)
    check_peers(deal, value)
    assert free_value_by_slots(deal) == brute_free(deal) >= value, deal.types.tolist()


@pytest.mark.parametrize("variant, suits", TINY_VARIANTS)
def test_the_peers_and_the_token_free_solver_from_random_positions(variant, suits):
    rng = random.Random(f"positions {variant}")
    cards = sum(Deal([], 2, options=Options(variant)).counts[s * 5:(s + 1) * 5].sum() for s in suits)
    for case in range(6):
        # three players where two suits outlast their hands of 5: some turns in, where the exhaustive search is quick
        players = 3 if case == 5 and cards > 15 else 2
        game = random_game(tiny_deal(rng, players, variant, suits), rng, rng.randint(0 if players == 2 else 3, 12))
        if game.over:
            continue
        position = game.position()
        value = brute(position.deal, game=Game.from_position(position))
        check_peers(position, value)
        assert free_value_by_slots(position) >= value  # the token-free game's "no" proves U3 below its target


@pytest.mark.parametrize("variant, options", [  # in the default run: one of each option but empty clues (5 s; the
    # peers with empty clues, fast: test_cards_no_clue_touches_with_empty_clues_are_encoded)
    pytest.param("Black (6 Suits)", {"one_less_card": True}, marks=pytest.mark.long),
    ("Critical Fours (5 Suits)", {"one_less_card": True}),
    pytest.param("Dark Rainbow (6 Suits)", {"empty_clues": True}, marks=pytest.mark.long),
    pytest.param("No Variant", {"one_extra_card": True}, marks=pytest.mark.long),  # 11 s
    ("Black (6 Suits)", {"one_extra_card": True})])
def test_the_rule_options_hand_size_and_starting_player(variant, options):
    rng = random.Random(f"{variant} {options}")
    suits = (0, 5) if "6 Suits" in variant else (0, 4)
    for start_player in (0, 1):
        tiny = tiny_deal(rng, 2, variant, suits, **options)
        deal = Deal(tiny.types, 2, "tiny", start_player=start_player, options=tiny.options)
        value = brute(deal)
        check_peers(deal, value)
        assert free_value_by_slots(deal) == brute_free(deal) >= value, deal.types.tolist()


def test_cards_no_clue_touches_with_empty_clues_are_encoded():
    # a Null card cannot be clued, but with empty clues every clue is legal (Rules.always_clue)
    deal = Deal([0, 25, 1, 26, 2, 27, 3, 28, 4, 29, 0, 1], 2, "tiny",
                options=Options(variant="Null (6 Suits)", empty_clues=True))
    check_peers(deal, brute(deal))


@pytest.mark.long  # 4 to 7 s each; exact closing positions with each peer, fast: test_peers_position.py
@pytest.mark.parametrize("encoding", sorted(PEERS))
def test_exact_closes_variant_positions_with_the_peer(encoding):
    # positions that neither the bot nor the root's bounds settle (no search: timeout 0), of every tiny variant
    rng, closed = random.Random(f"close {encoding}"), []
    while len(closed) < 6:
        variant, suits = rng.choice(TINY_VARIANTS)
        game = random_game(tiny_deal(rng, 2, variant, suits), rng, rng.randint(0, 4))
        position = game.position()
        if game.over or exact(position.deal, SearchLimits(0), start=position).exact:
            continue
        r = exact(position.deal, SearchLimits(0, peer_timeout=60, peer_encoding=encoding), start=position)
        assert (r.exact, r.method) == (True, "peer")
        assert r.score == brute(position.deal, game=Game.from_position(position))
        assert simulate(position, r.actions).score == r.score
        closed.append(variant)
    assert len(set(closed)) >= 3, closed


def null_deal():
    """A tiny Null (6 Suits) deal: its Null cards (suit 5) no clue touches, and no clue is always legal."""
    return Deal([0, 25, 1, 26, 2, 27, 3, 28, 4, 29, 0, 1], 2, "tiny", options=Options(variant="Null (6 Suits)"))


def assert_refused(call, name):
    with pytest.raises(UnsupportedVariant) as refused:
        call()
    assert name in str(refused.value) and "\n" not in str(refused.value)
    return refused.value.message


def test_the_peers_refuse_cards_no_clue_touches_and_exact_answers_without_them():
    # a hand of Null cards cannot be clued: the peers refuse the deal, the search restricts its clues and
    # answers alone, and the token-free game stays an upper bound (its clues are passes)
    deal = null_deal()
    for reaches in PEERS.values():
        assert "no clue touches" in assert_refused(lambda: reaches(deal, 3), "SAT peers")
    value = brute(deal)
    result = exact(deal, SearchLimits(peer_timeout=1))
    assert result.exact and result.score == value and result.method != "peer"
    assert free_value_by_slots(deal) == brute_free(deal) >= value


def test_plays_from_the_deck_are_refused_by_the_peers_and_the_token_free_solver():
    deal = Deal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2], 2, "tiny", options=Options(deck_plays=True))
    for call, name in [(lambda reaches=reaches: reaches(deal, 3), "SAT peers") for reaches in PEERS.values()] + [
            (lambda: free_reaches(deal, 3), "token-free solver")]:
        assert "deckPlays" in assert_refused(call, name)


def test_the_peers_refuse_half_tokens_and_the_token_free_game_takes_them():
    # Clue Starved changes only the tokens, which the token-free game does not count: it stays an upper bound
    deal = Deal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2], 2, "tiny", options=Options("Clue Starved (5 Suits)"))
    for reaches in PEERS.values():
        assert "half clue tokens" in assert_refused(lambda: reaches(deal, 3), "SAT peers")
    result = exact(deal, SearchLimits(peer_timeout=1))
    assert result.exact and result.score == brute(deal) and result.method != "peer"
    assert free_value_by_slots(deal) == brute_free(deal) >= result.score

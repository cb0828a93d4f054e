"""hanab.live seed strings -> decks: every real (seed, deck) pair, and Go's generator checked
against a step-by-step transcription of its seeding."""

import json
import re
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import REFUSAL, REFUSED_ID
from solitaire.io.errors import InputError
from solitaire.seer.game.gorand import PREFIX_LEN, GoRand, int31_prefix
from solitaire.seer.game.seeds import (SeedString, _swap_targets, deck_from_seed, decks_from_seeds,
                                  expand_seed_range, parse_seed, seed_number, shuffle_order,
                                  shuffle_orders)
from solitaire.seer.game.variants import Card, UnsupportedVariant, get_variant, unshuffled_deck

DATA = Path(__file__).parents[2] / "data"
PAIRS = [json.loads(line) for line in open(DATA / "hanablive_seed_decks.jsonl")]
M31 = (1 << 31) - 1
INT64 = st.integers(-(1 << 63), (1 << 63) - 1)
COOKED = [int(line) for line in resources.files("solitaire.seer.game").joinpath(
    "data/go_rng_cooked.txt").read_text().splitlines() if not line.startswith("#")]


def test_the_pairs_cover_what_they_should():
    assert len(PAIRS) == 122
    assert len({p["variant"] for p in PAIRS}) == 15


@pytest.mark.parametrize("pair", PAIRS, ids=[p["seed"] for p in PAIRS])
def test_shuffle_of_every_pair(pair):
    """The shuffle alone, on the deck's own sorted cards (hanab.live's unshuffled order for
    every variant here), reproduces the deck: variant model not involved."""
    unshuffled = sorted(pair["deck"])
    order = shuffle_order(pair["seed"], len(unshuffled))
    assert [unshuffled[k] for k in order] == pair["deck"]


@pytest.mark.parametrize("pair", PAIRS, ids=[p["seed"] for p in PAIRS])
def test_deck_of_every_pair(pair):
    """The seed string alone gives the deck (variant read from the seed), in every variant, those the
    solvers refuse (Sudoku) included."""
    variant = get_variant(parse_seed(pair["seed"]).variant_id)
    assert variant.name == pair["variant"]
    deck = deck_from_seed(pair["seed"])
    assert all(isinstance(card, Card) for card in deck)
    assert [list(card) for card in deck] == pair["deck"]


def test_supported_pairs_count():
    supported = [p for p in PAIRS if get_variant(p["variant"]).refused is None]
    assert len(supported) == 122
    assert all(deck_from_seed(p["seed"]) == [Card(*c) for c in p["deck"]] for p in PAIRS)


def _seedrand(x):
    """Go's seedrand: x * 48271 mod (2^31 - 1) by Schrage's method, as written in rng.go."""
    hi, lo = x // 44488, x % 44488          # x > 0: Go's / and % agree with Python's
    x = 48271 * lo - 3399 * hi
    return x + M31 if x < 0 else x


class _StepByStep:
    """rngSource transcribed loop by loop from rng.go (the oracle for GoRand)."""

    def __init__(self, seed):
        table = [w % 2**64 for w in COOKED]
        seed = abs(seed) % M31 * (-1 if seed < 0 else 1)   # Go's truncated %
        if seed < 0:
            seed += M31
        if seed == 0:
            seed = 89482311
        x, self.vec = seed, [0] * 607
        for i in range(-20, 607):
            x = _seedrand(x)
            if i >= 0:
                u = (x << 40) & (2**64 - 1)
                x = _seedrand(x)
                u ^= (x << 20)
                x = _seedrand(x)
                u ^= x
                self.vec[i] = u ^ table[i]
        self.tap, self.feed = 0, 607 - 273

    def int31(self):
        self.tap = self.tap - 1 + (607 if self.tap == 0 else 0)
        self.feed = self.feed - 1 + (607 if self.feed == 0 else 0)
        self.vec[self.feed] = (self.vec[self.feed] + self.vec[self.tap]) % 2**64
        return (self.vec[self.feed] & (2**63 - 1)) >> 32


@given(seed=st.one_of(INT64, st.sampled_from([0, M31, -M31, 2 * M31, 89482311])))
def test_generator_matches_step_by_step_seeding(seed):
    fast, slow = GoRand(seed), _StepByStep(seed)
    assert [fast.int31() for _ in range(700)] == [slow.int31() for _ in range(700)]


@given(seed=INT64, n=st.integers(1, 200))
def test_intn_is_int31n_by_rejection(seed, n):
    fast, slow = GoRand(seed), _StepByStep(seed)
    got = [fast.intn(n) for _ in range(20)]
    want = []
    for _ in range(20):
        v = slow.int31()
        if n & (n - 1):
            while v > M31 - (1 << 31) % n:
                v = slow.int31()
            want.append(v % n)
        else:
            want.append(v & (n - 1))
    assert got == want


def test_intn_refuses_out_of_range():
    with pytest.raises(ValueError):
        GoRand(1).intn(0)


@given(seed=st.text(min_size=1, max_size=30), n=st.integers(1, 80))
def test_shuffle_order_is_a_permutation(seed, n):
    assert sorted(shuffle_order(seed, n)) == list(range(n))


def test_legacy_prefix_is_cut_before_hashing():
    assert seed_number("legacy-1-p3v0s17") == seed_number("p3v0s17")
    assert seed_number("legacy-2-p3v0s17") == seed_number("p3v0s17")
    assert seed_number("p3v0s17") != seed_number("p3v0s18")
    assert deck_from_seed("legacy-1-p4v0s9") == deck_from_seed("p4v0s9")


def test_seed_number_is_a_signed_int64():
    numbers = [seed_number(f"p3v0s{k}") for k in range(200)]
    assert all(-(1 << 63) <= n < (1 << 63) for n in numbers)
    assert any(n < 0 for n in numbers) and any(n > 0 for n in numbers)


@given(players=st.integers(2, 6), variant_id=st.integers(0, 3000),
       suffix=st.from_regex(r"[0-9a-z]{1,8}", fullmatch=True),
       legacy=st.sampled_from(["", "legacy-1-", "legacy-x-"]))
def test_parse_and_format_round_trip(players, variant_id, suffix, legacy):
    seed = SeedString(players, variant_id, suffix, legacy)
    assert parse_seed(str(seed)) == seed


@pytest.mark.parametrize("bad", ["", "p3v0", "3v0s1", "pxv0s1", "p3v0s", "JSON"])
def test_bad_seed_strings_are_refused(bad):
    with pytest.raises(InputError, match="seed"):
        parse_seed(bad)


def test_seed_ranges():
    assert expand_seed_range("p3v0s1..3") == ["p3v0s1", "p3v0s2", "p3v0s3"]
    assert expand_seed_range("p3v0s17") == ["p3v0s17"]
    assert len(expand_seed_range("p5v16s1..1000")) == 1000
    with pytest.raises(InputError):
        expand_seed_range("p3v0s5..4")


def test_seed_of_a_refused_variant_deals_its_deck(refused_variant):
    deck = deck_from_seed(f"p3v{REFUSED_ID}s1")
    assert sorted(deck) == sorted(unshuffled_deck(refused_variant))
    with pytest.raises(UnsupportedVariant, match=re.escape(REFUSAL)):
        refused_variant.check_playable()


class _Scripted(GoRand):
    """GoRand whose Int31 stream is given, to test Intn's rejection boundary."""

    def __init__(self, values):
        super().__init__(1)
        self._values = iter(values)

    def int31(self):
        return next(self._values)


def test_intn_rejects_exactly_above_the_largest_multiple():
    n = 3
    limit = M31 - (1 << 31) % n          # the largest v kept: v <= limit
    assert _Scripted([limit, 7]).intn(n) == limit % n
    assert _Scripted([limit + 1, 7]).intn(n) == 7 % n
    assert _Scripted([M31, limit + 1, 5]).intn(n) == 5 % n
    assert _Scripted([M31]).intn(4) == M31 & 3      # powers of two: a mask, no rejection


# --- many seeds at once ---------------------------------------------------------------------

@given(seeds=st.lists(INT64, min_size=1, max_size=5), count=st.integers(0, PREFIX_LEN))
def test_int31_prefix_is_the_generator_stream(seeds, count):
    block = int31_prefix(seeds, count)
    assert block.shape == (len(seeds), count)
    for row, seed in zip(block.tolist(), seeds):
        rng = GoRand(seed)
        assert row == [rng.int31() for _ in range(count)]


def test_int31_prefix_stops_where_written_words_are_read():
    with pytest.raises(ValueError):
        int31_prefix([1], PREFIX_LEN + 1)


def test_batch_decks_of_every_pair():
    by_variant = {}
    for pair in PAIRS:
        by_variant.setdefault(pair["variant"], []).append(pair)
    checked = 0
    for name, pairs in by_variant.items():
        size = pairs[0]["deck_size"]
        orders = shuffle_orders([p["seed"] for p in pairs], size)
        assert orders.tolist() == [shuffle_order(p["seed"], size) for p in pairs]
        decks = decks_from_seeds([p["seed"] for p in pairs], get_variant(name))
        assert [[list(c) for c in d] for d in decks] == [p["deck"] for p in pairs]
        checked += len(pairs)
    assert checked == 122


@given(seeds=st.lists(st.text(max_size=12), max_size=6), n=st.integers(1, 70))
def test_batch_shuffle_is_one_by_one(seeds, n):
    assert shuffle_orders(seeds, n).tolist() == [shuffle_order(s, n) for s in seeds]


def test_batch_shuffle_of_long_decks_goes_one_by_one():
    seeds = ["p2v0s1", "x"]
    assert shuffle_orders(seeds, 300).tolist() == [shuffle_order(s, 300) for s in seeds]


def test_batch_flags_rejected_draws():
    limit3 = M31 - (1 << 31) % 3
    v = np.array([[0, 0, limit3], [0, 0, limit3 + 1], [M31, M31, 0]])
    targets, rejected = _swap_targets(v)
    assert rejected.tolist() == [False, True, False]     # Intn(1) and Intn(2): masks
    assert targets[0].tolist() == [0, 0, limit3 % 3]


def test_a_seed_range_is_kept_as_its_bounds_and_dealt_lazily():
    import itertools
    import tracemalloc

    from solitaire.seer.sources.dealsource import LiveSeeds, live_seeds

    tracemalloc.start()
    seeds = live_seeds("p2v0s1..999999999999")
    first = [deal.ident for deal in itertools.islice(seeds.deals(), 3)]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 << 20, peak
    assert seeds == LiveSeeds("p2v0s", 1, 999999999999) and seeds.count == len(seeds) == 999999999999
    assert first == ["P2-live-p2v0s1", "P2-live-p2v0s2", "P2-live-p2v0s3"]
    assert "P2-live-p2v0s999999999999" in seeds and "P2-live-p2v0s5" in seeds
    for other in ("P2-live-p2v0s0", "P2-live-p2v0s05", "P3-live-p2v0s5", "P2-live-p2v1s5", "P2-seed-5", "bad"):
        assert other not in seeds, other
    assert seeds.max_score("P2-live-p2v0s7") == 25 and seeds.max_score("P2-seed-7") is None


def test_one_seed_keeps_its_legacy_prefix_and_leading_zeros():
    from solitaire.seer.sources.dealsource import live_seeds
    from solitaire.seer.game.seeds import seed_range

    assert seed_range("legacy-1-p3v0s017") == ("legacy-1-p3v0s0", 17, 17)
    assert seed_range("p3v0s0") == ("p3v0s", 0, 0) and seed_range("p3v0s00") == ("p3v0s0", 0, 0)
    seeds = live_seeds("legacy-1-p3v0s017")
    (deal,) = seeds.deals()
    assert deal.ident == "P3-live-p3v0s017" and deal.ident in seeds and "P3-live-p3v0s17" not in seeds
    assert deal.types.tolist() == live_seeds("p3v0s017").deals().__next__().types.tolist()


@pytest.mark.parametrize("text, words", [
    ("p2v0s1.." + "9" * 5000, "1 to 12"), ("p2v0s" + "9" * 5000, "1 to 12"), ("p" + "9" * 5000 + "v0s1", "p3v0s17"),
    ("p2v0s1..1000000000000", "1 to 12"), ("p2v0s5..4", "first <= last"), ("p2v0sfoo", "`hanab_live_seed`")])
def test_seed_strings_past_the_documented_range_are_one_short_error(text, words):
    from solitaire.seer.sources.dealsource import live_seeds
    from solitaire.seer.game.seeds import split_seed_range

    with pytest.raises(InputError, match=words) as err:
        live_seeds(text)
    assert len(str(err.value)) < 200
    if ".." in text or text.startswith("p2v0s9"):
        with pytest.raises(InputError):
            split_seed_range(text)

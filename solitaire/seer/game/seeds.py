"""hanab.live seed strings and the decks they deal.

Contract: :func:`deck_from_seed` returns the deck hanab.live deals for a seed string, card 0
first (player 0's hand is the first cards, as everywhere in the toolkit). hanab.live's rule
(server ``setSeed`` and ``ShuffleDeck``):

1. a ``legacy-`` prefix is removed with the one character and dash after it (``legacy-1-``);
2. the UTF-8 bytes are hashed with CRC-64/ECMA (Go's ``crc64.ECMA`` table: the reflected
   polynomial 0xC96C5795D7870F42, initial value and final XOR all ones), the 64 bits read as
   a signed int64;
3. Go's legacy ``math/rand`` source is seeded with it (:class:`~solitaire.seer.game.gorand.GoRand`);
4. the unshuffled deck of the variant (:func:`~solitaire.seer.game.variants.unshuffled_deck`: every
   hanab.live variant, those the solvers refuse included, with Up or Down's START cards, Sudoku's
   ranks and the copies of reversed suits) is shuffled by a forward Fisher-Yates pass: for
   i = 0, 1, ..., n - 1, j = ``Intn(i + 1)`` and cards i and j swap.

Seed strings of ordinary games read ``p<players>v<variant id>s<suffix>`` (``p3v0s17``: three
players, No Variant, the 17th seed); :func:`parse_seed` splits them, :class:`SeedString`
formats them, :func:`seed_range` bounds ``p3v0s1..1000`` and :func:`expand_seed_range` lists it
(suffixes of at most 12 digits, as hanab.live's). :func:`shuffle_orders` and
:func:`decks_from_seeds` do many seeds at once: a deck of n cards uses the generator's first n
outputs unless ``Intn`` rejects one (odds below n / 2^31 a draw), and those come from
:func:`~solitaire.seer.game.gorand.int31_prefix`; a seed with a rejection, or a deck longer than
273 cards, goes through :class:`~solitaire.seer.game.gorand.GoRand` one output at a time. Any string is a seed of some
deck (``!seed`` tables choose free suffixes), so :func:`deck_from_seed` also takes a variant
explicitly.

Examples
--------
>>> parse_seed("p3v0s17")
SeedString(players=3, variant_id=0, suffix='17', legacy='')
>>> str(SeedString(4, 180, "1"))
'p4v180s1'
>>> expand_seed_range("p2v0s9..11")
['p2v0s9', 'p2v0s10', 'p2v0s11']
>>> seed_range("p2v0s9..11"), seed_range("legacy-1-p3v0s017")
(('p2v0s', 9, 11), ('legacy-1-p3v0s0', 17, 17))
>>> crc64_ecma(b"123456789") == 0x995DC9BBDF1939FA   # the CRC-64/XZ check value
True
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solitaire.io.errors import InputError
from solitaire.seer.game.gorand import PREFIX_LEN, GoRand, int31_prefix
from solitaire.seer.game.variants import Card, Variant, get_variant, unshuffled_deck

__all__ = ["SeedString", "parse_seed", "seed_range", "expand_seed_range", "split_seed_range", "crc64_ecma",
           "seed_number", "shuffle_order", "shuffle_orders", "deck_from_seed", "decks_from_seeds", "types_from_seeds"]

_ECMA_REFLECTED = 0xC96C5795D7870F42
_ONES = (1 << 64) - 1
_LEGACY = "legacy-"
_LEGACY_CUT = len("legacy-x-")
_SEED = re.compile(r"(legacy-.-)?p(\d{1,9})v(\d{1,9})s(.+)", re.DOTALL | re.ASCII)
_BLOCK = 4096             # seeds shuffled together (bounds the memory of shuffle_orders)
_RANGE = re.compile(r"(p\d+v\d+s)(\d+)\.\.(\d+)", re.ASCII)
#: A seed suffix of digits: hanab.live's suffixes have at most 12 (a number of them is below 10^12).
_SUFFIX = re.compile(r"[0-9]{1,12}", re.ASCII)
#: A suffix of digits split into its leading zeros and its number.
_ZEROS = re.compile(r"(0*?)(0|[1-9][0-9]*)", re.ASCII)


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ (_ECMA_REFLECTED if crc & 1 else 0)
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


@dataclass(frozen=True)
class SeedString:
    """A seed string ``[legacy-x-]p<players>v<variant_id>s<suffix>``."""

    players: int
    variant_id: int
    suffix: str
    legacy: str = ""

    def __str__(self) -> str:
        return f"{self.legacy}p{self.players}v{self.variant_id}s{self.suffix}"


def _shown(text):
    """``text`` quoted for a message, cut to 40 characters."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def parse_seed(text: str) -> SeedString:
    """Split a seed string; :class:`InputError` if it is not ``[legacy-x-]pNvMsSUFFIX``."""
    m = _SEED.fullmatch(text)
    if m is None:
        raise InputError(f"expected a hanab.live seed such as 'p3v0s17', got {_shown(text)}", "seed")
    legacy, players, variant_id, suffix = m.groups()
    return SeedString(int(players), int(variant_id), suffix, legacy or "")


def seed_range(text: str) -> tuple[str, int, int]:
    """``(prefix, first, last)`` of a range ``p3v0s1..1000`` or of one seed string whose suffix is
    digits: its seed strings are ``f"{prefix}{k}"`` for ``k = first .. last`` (one seed keeps a
    ``legacy-x-`` prefix and its suffix's leading zeros in ``prefix``: ``p3v0s017`` is
    ``("p3v0s0", 17, 17)``). :class:`InputError` for anything else, a suffix of more than 12
    digits among it, or a range with first > last."""
    m = _RANGE.fullmatch(text)
    if m is None:
        suffix = parse_seed(text).suffix
        if not _SUFFIX.fullmatch(suffix):
            raise InputError(f"expected a seed suffix of 1 to 12 ASCII digits, got {_shown(text)}", "seed")
        zeros = _ZEROS.fullmatch(suffix)
        assert zeros is not None  # it matches every string of digits
        number = zeros.group(2)
        return text[:len(text) - len(number)], int(number), int(number)
    parse_seed(m.group(1) + "0")
    if not (_SUFFIX.fullmatch(m.group(2)) and _SUFFIX.fullmatch(m.group(3))):
        raise InputError(f"expected a range of suffixes of 1 to 12 ASCII digits, got {_shown(text)}", "seed")
    first, last = int(m.group(2)), int(m.group(3))
    if first > last:
        raise InputError(f"expected a range with first <= last, got {_shown(text)}", "seed")
    return m.group(1), first, last


def expand_seed_range(text: str) -> list[str]:
    """``p3v0s1..1000`` -> the seed strings with suffixes 1 to 1000 (:func:`seed_range`); a single
    seed -> itself."""
    if _RANGE.fullmatch(text) is None:
        return [str(parse_seed(text))]
    prefix, first, last = seed_range(text)
    return [f"{prefix}{k}" for k in range(first, last + 1)]


def split_seed_range(text: str) -> tuple[int, int, int, int]:
    """``(players, variant id, first, last)`` of ``p3v0s1..1000`` or of one seed ``p3v0s17`` (first =
    last), suffixes of 1 to 12 ASCII digits; :class:`InputError` otherwise.

    >>> split_seed_range("p3v0s1..1000"), split_seed_range("p2v1s9")
    ((3, 0, 1, 1000), (2, 1, 9, 9))
    """
    m = _RANGE.fullmatch(text)
    seed = parse_seed(text if m is None else m.group(1) + m.group(2))
    if not (_SUFFIX.fullmatch(seed.suffix) and (m is None or _SUFFIX.fullmatch(m.group(3)))):
        raise InputError("expected a seed or a range with suffixes of 1 to 12 digits (p3v0s1..1000), "
                         f"got {_shown(text)}", "seed")
    first, last = int(seed.suffix), int(seed.suffix if m is None else m.group(3))
    if first > last:
        raise InputError(f"expected a range with first <= last, got {_shown(text)}", "seed")
    return seed.players, seed.variant_id, first, last


def crc64_ecma(data: bytes) -> int:
    """Go's ``crc64.Checksum(data, crc64.MakeTable(crc64.ECMA))`` (CRC-64/XZ)."""
    crc = _ONES
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ _ONES


def seed_number(seed: str) -> int:
    """The int64 hanab.live passes to ``rand.Seed`` for ``seed``."""
    if seed.startswith(_LEGACY):
        seed = seed[_LEGACY_CUT:]
    crc = crc64_ecma(seed.encode("utf-8"))
    return crc - (1 << 64) if crc >> 63 else crc


def shuffle_order(seed: str, n: int) -> list[int]:
    """Positions of the unshuffled deck in deck order: card k of the deck is card
    ``order[k]`` of the unshuffled deck of ``n`` cards."""
    rng = GoRand(seed_number(seed))
    order = list(range(n))
    for i in range(n):
        j = rng.intn(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _swap_targets(int31s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``j_i = Intn(i + 1)`` from one ``Int31`` output per step, for rows with no rejection;
    and which rows had one (their ``j`` are then wrong)."""
    bound = np.arange(1, int31s.shape[1] + 1)
    limit = (1 << 31) - 1 - (1 << 31) % bound
    limit[(bound & (bound - 1)) == 0] = (1 << 31) - 1        # powers of two: no rejection
    return int31s % bound, np.asarray((int31s > limit).any(axis=1))


def shuffle_orders(seeds: Sequence[str], n: int) -> np.ndarray:
    """:func:`shuffle_order` of every seed: row r is ``shuffle_order(seeds[r], n)``."""
    if n > PREFIX_LEN:
        return np.array([shuffle_order(seed, n) for seed in seeds]).reshape(len(seeds), n)
    return np.concatenate([_shuffle_block(seeds[start:start + _BLOCK], n)
                           for start in range(0, len(seeds), _BLOCK)] or
                          [np.empty((0, n), dtype=np.int64)])


def _shuffle_block(seeds: Sequence[str], n: int) -> np.ndarray:
    orders = np.tile(np.arange(n), (len(seeds), 1))
    targets, rejected = _swap_targets(int31_prefix([seed_number(s) for s in seeds], n))
    rows = np.arange(len(seeds))
    for i in range(n):
        j = targets[:, i]
        orders[rows, i], orders[rows, j] = orders[rows, j], orders[rows, i]
    for r in np.flatnonzero(rejected).tolist():
        orders[r] = shuffle_order(seeds[r], n)
    return orders


def decks_from_seeds(seeds: Sequence[str], variant: Variant) -> list[list[Card]]:
    """:func:`deck_from_seed` of every seed, all in ``variant``."""
    cards = unshuffled_deck(variant)
    return [[cards[k] for k in row] for row in shuffle_orders(seeds, len(cards)).tolist()]


def types_from_seeds(seeds: Sequence[str], variant: Variant) -> list[list[int]]:
    """:func:`decks_from_seeds` as the types of the cards (:meth:`~solitaire.seer.game.variants.Variant.type_of`),
    each card of the unshuffled deck numbered once."""
    types = np.array([variant.type_of(card) for card in unshuffled_deck(variant)], dtype=np.int64)
    return types[shuffle_orders(seeds, len(types))].tolist()


def deck_from_seed(seed: str, variant: Variant | None = None) -> list[Card]:
    """hanab.live's deck for ``seed``; the variant is read from the seed string unless given."""
    if variant is None:
        variant = get_variant(parse_seed(seed).variant_id)
    cards = unshuffled_deck(variant)
    return [cards[k] for k in shuffle_order(seed, len(cards))]

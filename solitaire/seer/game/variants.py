"""hanab.live variants: suits, decks and which cards a clue touches.

Contract: :func:`get_variant` returns the :class:`Variant` of a hanab.live variant name or id
from the shipped table ``data/variants.json`` (built from hanab.live's definitions by
:mod:`solitaire.seer.game.variants_build`, which also says which variants are refused and why). A
variant the table refuses raises :class:`UnsupportedVariant` naming the rule that is not
modelled; a name or id hanab.live does not have raises :class:`InputError`.

A variant has 3 to 6 suits, each of ranks 1..5; its maximum score is 5 per suit. Copies of a
card (hanab.live's ``numCopiesOfCard`` for the supported variants): 1 of every rank in a
one-of-each ("dark") suit; 1 of the critical rank (Critical Fours); rank 1: 2 with Scarce
Ones, else 3; rank 5: 1; every other rank 2. The unshuffled deck lists the suits in variant
order, ranks ascending, copies adjacent.

A clue is a colour (an index into the variant's clue colours) or a rank (one of its clue
ranks). :func:`clue_touches` is hanab.live's ``variantIsCardTouched`` (server
``variants.go``): colour clues touch nothing in colour-blind variants, every colour touches
rainbow-like suits (``allClueColors``), none touches white-like suits (``noClueColors``),
Synesthesia adds the prism colour of the card's rank, the special rank (``-Ones``/``-Fives``
variants) may be touched by every or no colour, a prism card of rank r is touched by colour
(r - 1) mod (number of clue colours), other suits by their own colours. Rank clues touch
nothing in number-blind variants, every card of pink-like suits (``allClueRanks``), none of
brown-like suits (``noClueRanks``); the special rank may be touched by every rank, by none,
or (deceptive) only by the clue rank indexed by the suit index; Odds and Evens clues 1 and 2
touch odd and even ranks, Funnels touch ranks <= the clue, Chimneys ranks >= the clue; else a
rank clue touches its own rank. A clue may be given to a hand when it touches one of its cards,
or always when empty clues are allowed (the ``emptyClues`` option; colour clues in colour-blind
and rank clues in number-blind variants).

Examples
--------
>>> v = get_variant("Rainbow (6 Suits)")
>>> v.id, v.max_score, len(unshuffled_deck(v)), v.clue_colors
(3, 30, 60, ('Red', 'Yellow', 'Green', 'Blue', 'Purple'))
>>> clue_touches(v, Clue(COLOR, 0), Card(suit=5, rank=3))   # a red clue, a rainbow 3
True
>>> get_variant("Black (6 Suits)").suits[5].copies
(1, 1, 1, 1, 1)
"""

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import NamedTuple

from solitaire.io.errors import InputError

__all__ = [
    "RANKS", "COLOR", "RANK", "Card", "Clue", "Reach", "Suit", "SpecialRank", "Variant",
    "UnsupportedVariant", "get_variant", "supported_variants", "unsupported_variants",
    "unshuffled_deck", "clue_touches", "clue_offered", "clue_is_legal", "legal_clue_exists",
]

RANKS = (1, 2, 3, 4, 5)
COLOR = "color"
RANK = "rank"


class UnsupportedVariant(InputError):
    """A hanab.live variant (or option) with rules the toolkit does not model."""


class Card(NamedTuple):
    """A card by hanab.live's suit index (position in the variant's suits) and rank."""

    suit: int
    rank: int

    @property
    def type(self) -> int:
        """The card's type as the solvers number them: ``suit * 5 + rank - 1``."""
        return self.suit * len(RANKS) + self.rank - 1


class Clue(NamedTuple):
    """A clue: ``kind`` is :data:`COLOR` (``value`` indexes the clue colours) or :data:`RANK`."""

    kind: str
    value: int


@dataclass(frozen=True)
class Reach:
    """Clues that touch a card whatever its colour or rank (``all_*``), or never (``no_*``):
    hanab.live's ``allClueColors``, ``noClueColors``, ``allClueRanks``, ``noClueRanks``."""

    all_colors: bool = False
    no_colors: bool = False
    all_ranks: bool = False
    no_ranks: bool = False

    @classmethod
    def from_json(cls, entry: dict, prefix: str = "") -> "Reach":
        """Read the four flags, named ``<prefix>AllClueColors`` ... in ``entry``."""
        def flag(name: str) -> bool:
            return entry.get(prefix + (name if prefix else name[0].lower() + name[1:]), False)
        return cls(flag("AllClueColors"), flag("NoClueColors"), flag("AllClueRanks"),
                   flag("NoClueRanks"))

    def verdict(self, kind: str) -> bool | None:
        """Whether every clue of ``kind`` touches (True), none does (False), or it depends."""
        every, none = ((self.all_colors, self.no_colors) if kind == COLOR
                       else (self.all_ranks, self.no_ranks))
        return True if every else False if none else None


@dataclass(frozen=True)
class Suit:
    """One suit: its copies of ranks 1..5 and how clues touch it."""

    name: str
    copies: tuple[int, ...]
    clue_colors: tuple[str, ...]
    reach: Reach = Reach()
    one_of_each: bool = False
    prism: bool = False


@dataclass(frozen=True)
class SpecialRank:
    """The rank of ``-Ones``/``-Fives`` variants and how clues touch cards of that rank."""

    rank: int
    reach: Reach = Reach()
    deceptive: bool = False


@dataclass(frozen=True)
class Variant:
    """A supported hanab.live variant."""

    id: int
    name: str
    suits: tuple[Suit, ...]
    clue_colors: tuple[str, ...]
    clue_ranks: tuple[int, ...]
    special: SpecialRank | None = None
    critical_rank: int | None = None
    scarce_ones: bool = False
    clue_starved: bool = False
    synesthesia: bool = False
    odds_and_evens: bool = False
    funnels: bool = False
    chimneys: bool = False
    color_clues_touch_nothing: bool = False
    rank_clues_touch_nothing: bool = False

    @property
    def max_score(self) -> int:
        return len(RANKS) * len(self.suits)

    @property
    def deck_size(self) -> int:
        return sum(sum(s.copies) for s in self.suits)

    def clues(self) -> list[Clue]:
        """Every clue the variant offers: colours in index order, then ranks."""
        return ([Clue(COLOR, i) for i in range(len(self.clue_colors))]
                + [Clue(RANK, r) for r in self.clue_ranks])


def _copies(one_of_each: bool, critical_rank: int | None, scarce_ones: bool) -> tuple[int, ...]:
    def count(rank: int) -> int:
        if one_of_each or rank == critical_rank or rank == 5:
            return 1
        if rank == 1:
            return 2 if scarce_ones else 3
        return 2
    return tuple(count(r) for r in RANKS)


def _variant(entry: dict, suits: dict[str, dict]) -> Variant:
    critical, scarce = entry.get("criticalRank"), entry.get("scarceOnes", False)

    def suit(name: str) -> Suit:
        s = suits[name]
        return Suit(name, _copies(s.get("oneOfEach", False), critical, scarce),
                    tuple(s["clueColors"]), Reach.from_json(s), s.get("oneOfEach", False),
                    s.get("prism", False))

    special = None
    if "specialRank" in entry:
        special = SpecialRank(entry["specialRank"], Reach.from_json(entry, "specialRank"),
                              entry.get("specialRankDeceptive", False))
    return Variant(entry["id"], entry["name"], tuple(suit(n) for n in entry["suits"]),
                   tuple(entry["clueColors"]), tuple(entry.get("clueRanks", RANKS)), special,
                   critical, scarce, entry.get("clueStarved", False),
                   entry.get("synesthesia", False), entry.get("oddsAndEvens", False),
                   entry.get("funnels", False), entry.get("chimneys", False),
                   entry.get("colorCluesTouchNothing", False),
                   entry.get("rankCluesTouchNothing", False))


@cache
def _table() -> dict:
    text = resources.files("solitaire.seer.game").joinpath("data/variants.json").read_text("utf-8")
    return json.loads(text)


@cache
def supported_variants() -> dict[str, Variant]:
    """Every supported variant by name, in hanab.live's order."""
    table = _table()
    return {e["name"]: _variant(e, table["suits"]) for e in table["variants"]}


@cache
def unsupported_variants() -> dict[str, tuple[int, str]]:
    """Every refused variant by name: its id and what is not modelled."""
    return {name: (vid, why) for vid, name, why in _table()["unsupported"]}


@cache
def _ids() -> dict[int, str]:
    ids = {v.id: name for name, v in supported_variants().items()}
    ids.update({vid: name for name, (vid, _) in unsupported_variants().items()})
    return ids


def get_variant(key: str | int) -> Variant:
    """The variant named ``key`` (hanab.live's exact name) or with hanab.live id ``key``."""
    name = _ids().get(key) if isinstance(key, int) else key
    if name in supported_variants():
        return supported_variants()[name]
    if name in unsupported_variants():
        vid, why = unsupported_variants()[name]
        raise UnsupportedVariant(f"{name!r} (id {vid}) is not supported: {why}",
                                 "hanab.live variant")
    raise InputError(f"expected a hanab.live variant name or id, got {key!r}",
                     "hanab.live variant")


def unshuffled_deck(variant: Variant) -> list[Card]:
    """hanab.live's deck before the shuffle: suits in order, ranks ascending, copies adjacent."""
    return [Card(s, rank) for s, suit in enumerate(variant.suits)
            for rank, n in zip(RANKS, suit.copies, strict=True) for _ in range(n)]


def _color_touches(variant: Variant, color: int, suit: Suit, rank: int) -> bool:
    if variant.color_clues_touch_nothing:
        return False
    if (verdict := suit.reach.verdict(COLOR)) is not None:
        return verdict
    name = variant.clue_colors[color]
    if variant.synesthesia and not suit.reach.no_ranks and name == _prism_color(variant, rank):
        return True
    special = variant.special
    if special is not None and rank == special.rank and (verdict := special.reach.verdict(COLOR)) is not None:
        return verdict
    if suit.prism:
        return name == _prism_color(variant, rank)
    return name in suit.clue_colors


def _prism_color(variant: Variant, rank: int) -> str:
    return variant.clue_colors[(rank - 1) % len(variant.clue_colors)]


def _rank_touches(variant: Variant, clue_rank: int, suit_index: int, suit: Suit,
                  rank: int) -> bool:
    if variant.rank_clues_touch_nothing:
        return False
    if (verdict := suit.reach.verdict(RANK)) is not None:
        return verdict
    special = variant.special
    if special is not None and rank == special.rank:
        if (verdict := special.reach.verdict(RANK)) is not None:
            return verdict
        if special.deceptive:
            return clue_rank == variant.clue_ranks[suit_index % len(variant.clue_ranks)]
    if variant.odds_and_evens:
        return rank in ((1, 3, 5) if clue_rank == 1 else (2, 4))
    if variant.funnels:
        return rank <= clue_rank
    if variant.chimneys:
        return rank >= clue_rank
    return rank == clue_rank


def clue_touches(variant: Variant, clue: Clue, card: Card) -> bool:
    """Whether ``clue`` touches ``card`` (hanab.live's server rule, see the module text)."""
    suit = variant.suits[card.suit]
    if clue.kind == COLOR:
        return _color_touches(variant, clue.value, suit, card.rank)
    return _rank_touches(variant, clue.value, card.suit, suit, card.rank)


def clue_offered(variant: Variant, clue: Clue) -> bool:
    """Whether the variant has the clue (its colour index or rank among its clue colours or ranks)."""
    if clue.kind == COLOR:
        return 0 <= clue.value < len(variant.clue_colors)
    return clue.kind == RANK and clue.value in variant.clue_ranks


def clue_is_legal(variant: Variant, clue: Clue, hand: list[Card],
                  empty_clues: bool = False) -> bool:
    """Whether ``clue`` may be given to a player holding ``hand`` (tokens aside)."""
    if not clue_offered(variant, clue):
        return False
    if (empty_clues or (clue.kind == COLOR and variant.color_clues_touch_nothing)
            or (clue.kind == RANK and variant.rank_clues_touch_nothing)):
        return True
    return any(clue_touches(variant, clue, card) for card in hand)


def legal_clue_exists(variant: Variant, hand: list[Card], empty_clues: bool = False) -> bool:
    """Whether some clue may be given to a player holding ``hand`` (tokens aside)."""
    return any(clue_is_legal(variant, clue, hand, empty_clues) for clue in variant.clues())

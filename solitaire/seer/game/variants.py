"""hanab.live variants: suits, decks and which cards a clue touches.

Contract: :func:`get_variant` returns the :class:`Variant` of every hanab.live variant, by name
or id, from the shipped table ``data/variants.json`` (built from hanab.live's definitions by
:mod:`solitaire.seer.game.variants_build`, which also says which rules are not modelled and
why); a name or id hanab.live does not have raises :class:`InputError`. Every variant has its
deck; a variant with a rule the solvers do not model has :attr:`Variant.refused`, and
:meth:`Variant.check_playable` raises :class:`UnsupportedVariant` naming that rule (the rules
of a game to be played are checked there, :func:`solitaire.seer.game.deals.rules_of`). Up or Down's stacks are
:mod:`solitaire.seer.game.stacks`.

A variant has 3 to 6 suits; its cards have the ranks :attr:`Variant.ranks` (hanab.live's
``Ranks``: 1..5; 1..k in Sudoku with k suits; 1..5 and :data:`START` in Up or Down) and its
maximum score is :attr:`Variant.stack_size` (5; k in Sudoku) per suit. Copies of a card
(hanab.live's ``numCopiesOfCard``, server ``game_deck.go``): 1 of every rank in a one-of-each
("dark") suit; 2 of every rank in Sudoku; rank 1: 1 in Up or Down and in a reversed suit, 2
with Scarce Ones, else 3; 1 of the critical rank (Critical Fours); rank 5: 3 in a reversed
suit, else 1; the START card 1; every other rank 2. The unshuffled deck lists the suits in
variant order, ranks ascending (START last), copies adjacent. A card's type in a deal is
``suit * width + slot`` (:meth:`Variant.type_of`): the slots of a suit are its ranks in the order
its stack is built, 1..5 (5..1 in a reversed suit), and START after them in Up or Down (width 6);
every variant the searches play has width 5. The solvers see only types, so a reversed suit is to them a
suit built up; its ranks matter only to which clues touch a card, which :func:`clue_touches`
decides on the card (:meth:`Variant.card_of`).

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
>>> u = get_variant("Up or Down (5 Suits)")
>>> u.ranks, u.suits[0].copies, u.deck_size, u.refused
((1, 2, 3, 4, 5, 7), (1, 2, 2, 2, 1, 1), 45, None)
"""

import difflib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import NamedTuple

from solitaire.io.errors import InputError
from solitaire.seer.game.stacks import SUDOKU, SUDOKU_4, UP_OR_DOWN, Orders

__all__ = [
    "RANKS", "START", "COLOR", "RANK", "Card", "Clue", "Reach", "Suit", "SpecialRank", "Variant",
    "UnsupportedVariant", "get_variant", "all_variants", "supported_variants", "unsupported_variants", "variant_names",
    "unshuffled_deck", "retired_variants", "clue_touches", "clue_offered", "clue_is_legal", "legal_clue_exists",
    "variant_from_entry",
]

RANKS = (1, 2, 3, 4, 5)
#: The rank of Up or Down's START card (hanab.live's ``StartCardRank``).
START = 7
COLOR = "color"
RANK = "rank"
_REVERSED = " Reversed"


class UnsupportedVariant(InputError):
    """A hanab.live variant (or option) with rules the toolkit does not model."""


class Card(NamedTuple):
    """A card by hanab.live's suit index (position in the variant's suits) and rank."""

    suit: int
    rank: int


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
    """One suit: its copies per slot (:meth:`Variant.suit_slots`: ranks 1..5, then START in Up or Down; 5..1
    in a reversed suit), how clues touch it,
    whether it is built down from 5 (``reversed``, hanab.live's ``<suit> Reversed``) and whether a
    play discards it and a discard plays it (``inverted``)."""

    name: str
    copies: tuple[int, ...]
    clue_colors: tuple[str, ...]
    reach: Reach = Reach()
    one_of_each: bool = False
    prism: bool = False
    reversed: bool = False
    inverted: bool = False


@dataclass(frozen=True)
class SpecialRank:
    """The rank of ``-Ones``/``-Fives`` variants and how clues touch cards of that rank."""

    rank: int
    reach: Reach = Reach()
    deceptive: bool = False


@dataclass(frozen=True)
class Variant:
    """A hanab.live variant: its deck, its clues, and ``refused``, the rule the solvers do not model
    (``None`` when they play it)."""

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
    ranks: tuple[int, ...] = RANKS
    stack_size: int = len(RANKS)
    refused: str | None = None
    #: hanab.live's Throw It in a Hole: plays are hidden from their player, and a finished stack returns no
    #: clue token (the server's ``ShouldGiveClueTokenForFinishingStack``); to a team that sees every card only
    #: the token differs.
    throw_it_in_a_hole: bool = False
    #: hanab.live's Alternating Clues: a clue may not be of the kind (colour or rank) of the previous clue.
    alternating_clues: bool = False
    #: hanab.live's Sudoku: stacks start at any rank, pairwise different, and wrap around
    #: (:data:`~solitaire.seer.game.stacks.SUDOKU`; :data:`~solitaire.seer.game.stacks.SUDOKU_4` of 4 suits).
    sudoku: bool = False
    #: Why hanab.live no longer has this variant (removed, or renamed and changed), for one of
    #: :func:`retired_variants`; ``None`` for a variant hanab.live has.
    retired: str | None = None

    @property
    def max_score(self) -> int:
        return self.stack_size * len(self.suits)

    @property
    def slots(self) -> tuple[int, ...]:
        """The ranks of a suit in hanab.live's deck order: 1..5, then START in Up or Down."""
        return RANKS + (START,) if START in self.ranks else RANKS

    def suit_slots(self, suit: int) -> tuple[int, ...]:
        """The rank of each type of suit ``suit``, in the order its stack is built: :attr:`slots`, or 5..1 for
        a reversed suit. The solvers see a reversed suit as a suit built up, its ``k``-th card to play
        being type ``suit * width + k - 1``, whatever its rank."""
        return RANKS[::-1] if self.suits[suit].reversed else self.slots

    @property
    def width(self) -> int:
        """Types per suit (5; 6 in Up or Down)."""
        return len(self.slots)

    def type_of(self, card: "Card") -> int:
        """The type of ``card`` in a deal of this variant: ``suit * width + slot`` (:meth:`suit_slots`)."""
        return card.suit * self.width + self.suit_slots(card.suit).index(card.rank)

    def card_of(self, card_type: int) -> "Card":
        """The card of a type (:meth:`type_of`)."""
        suit, slot = divmod(card_type, self.width)
        return Card(suit, self.suit_slots(suit)[slot])

    @property
    def has_inverted_suits(self) -> bool:
        """Whether a suit is inverted (Orange, Dark Orange): hanab.live's ``HasInvertedSuits``, under which a discard
        is allowed at 8 clue tokens (:attr:`~solitaire.seer.game.options.Rules.discard_when_full`)."""
        return any(s.inverted for s in self.suits)

    @property
    def up_or_down(self) -> bool:
        """hanab.live's Up or Down: a stack is built up from 1 or down from 5, or from a START card
        (:mod:`solitaire.seer.game.stacks`)."""
        return START in self.ranks

    @property
    def orders(self) -> "Orders | None":
        """The build orders of its suits when a stack may follow several (:mod:`solitaire.seer.game.stacks`: Up or
        Down, Sudoku of 5 or of 4 suits by its :attr:`stack_size`), else ``None``."""
        if self.sudoku:
            return SUDOKU if self.stack_size == SUDOKU.length else SUDOKU_4
        return UP_OR_DOWN if self.up_or_down else None

    @property
    def fixed_variant(self) -> str:
        """The name of the variant with this Up or Down, Sudoku or Alternating Clues variant's suits and clues and
        neither several build orders per suit nor the alternation: No Variant, 4 or 6 Suits for the plain ones, ``X (6
        Suits)`` for ``Up or Down & X (6 Suits)``, ``Sudoku & X (6 Suits)`` or ``Alternating Clues & X (6 Suits)``
        (the searches play them through it: :mod:`solitaire.seer.bounds.orders`,
        :mod:`solitaire.seer.bounds.alternation`)."""
        if "&" in self.name:
            return self.name.split(" & ", 1)[1]
        return "No Variant" if len(self.suits) == 5 else f"{len(self.suits)} Suits"

    def check_playable(self) -> None:
        """Raise :class:`UnsupportedVariant` naming the rule the solvers do not model, if any."""
        if self.refused is not None:
            raise UnsupportedVariant(f"{self.name!r} (id {self.id}) is not supported: {self.refused}",
                                     "hanab.live variant")

    @property
    def deck_size(self) -> int:
        return sum(sum(s.copies) for s in self.suits)

    def clues(self) -> list[Clue]:
        """Every clue the variant offers: colours in index order, then ranks."""
        return ([Clue(COLOR, i) for i in range(len(self.clue_colors))]
                + [Clue(RANK, r) for r in self.clue_ranks])


def _copies(entry: dict, suit: dict, reversed_: bool, ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Copies of each card of a suit, per slot (:meth:`Variant.suit_slots`: hanab.live's ``numCopiesOfCard``
    of each rank in the order the stack is built; 0 for a rank the variant does not deal)."""
    def count(rank: int) -> int:
        if rank not in ranks:
            return 0
        if suit.get("oneOfEach", False):
            return 1
        if entry.get("sudoku", False):
            return 2
        if rank == 1:
            return 1 if entry.get("upOrDown", False) or reversed_ else 2 if entry.get("scarceOnes", False) else 3
        if rank == entry.get("criticalRank") or rank == START:
            return 1
        if rank == len(RANKS):
            return 3 if reversed_ else 1
        return 2
    return tuple(count(r) for r in (RANKS[::-1] if reversed_ else RANKS + (START,) if START in ranks else RANKS))


def _ranks(entry: dict) -> tuple[int, ...]:
    """hanab.live's ``Ranks`` of a variant: 1..5, cut to the number of suits in Sudoku, START appended
    in Up or Down."""
    ranks = RANKS[:len(entry["suits"])] if entry.get("sudoku", False) else RANKS
    return ranks + (START,) if entry.get("upOrDown", False) else ranks


def variant_from_entry(entry: dict, suits: dict[str, dict]) -> Variant:
    """The :class:`Variant` of an entry of the shipped table, ``suits`` the table's suits by name."""
    critical, scarce = entry.get("criticalRank"), entry.get("scarceOnes", False)
    ranks = _ranks(entry)

    def suit(name: str) -> Suit:
        base = name.removesuffix(_REVERSED)
        s = suits[base]
        return Suit(name, _copies(entry, s, base != name, ranks), tuple(s["clueColors"]), Reach.from_json(s),
                    s.get("oneOfEach", False), s.get("prism", False), base != name, s.get("inverted", False))

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
                   entry.get("rankCluesTouchNothing", False), ranks,
                   len(entry["suits"]) if entry.get("sudoku", False) else len(RANKS), entry.get("refused"),
                   entry.get("throwItInAHole", False), entry.get("alternatingClues", False),
                   entry.get("sudoku", False), entry.get("retired"))


@cache
def _table() -> dict:
    text = resources.files("solitaire.seer.game").joinpath("data/variants.json").read_text("utf-8")
    return json.loads(text)


@cache
def _entries() -> dict[str, dict]:
    """The shipped table's entries of hanab.live's current variants, by name, in hanab.live's order."""
    return {e["name"]: e for e in _table()["variants"]}


@cache
def _built(name: str) -> Variant:
    """The variant of a current name, built from its entry once a process (a command on one game builds one
    variant, not the table's 2,426)."""
    return variant_from_entry(_entries()[name], _table()["suits"])


@cache
def all_variants() -> dict[str, Variant]:
    """Every hanab.live variant by name, in hanab.live's order."""
    return {name: _built(name) for name in _entries()}


@cache
def supported_variants() -> dict[str, Variant]:
    """Every variant the solvers play, by name, in hanab.live's order."""
    return {name: v for name, v in all_variants().items() if v.refused is None}


@cache
def unsupported_variants() -> dict[str, tuple[int, str]]:
    """Every variant the solvers refuse, by name: its id and what is not modelled."""
    return {name: (v.id, v.refused) for name, v in all_variants().items() if v.refused is not None}


@cache
def retired_variants() -> dict[str, Variant]:
    """The variants hanab.live had under names it no longer has, by those names: each as hanab.live last
    defined it under that name, :attr:`Variant.retired` saying why it is gone. A name hanab.live only changed
    (its capitals) is not one of them: :func:`get_variant` reads it as the current name."""
    table = _table()
    return {e["name"]: variant_from_entry(e, table["suits"]) for e in table.get("retired", ())}


@cache
def variant_names() -> dict[int, str]:
    """Every current hanab.live variant's name by its id, modelled or not."""
    return {e["id"]: e["name"] for e in _table()["variants"]}


def get_variant(key: str | int) -> Variant:
    """The variant named ``key`` (hanab.live's exact name, or one of its earlier names: a retired variant,
    :func:`retired_variants`, or a renamed one, read as its current name) or with hanab.live id ``key`` (the
    ids of its current variants: hanab.live has given the ids of retired variants to others)."""
    name = variant_names().get(key) if isinstance(key, int) else _table().get("renamed", {}).get(key, key)
    if name in _entries():
        return _built(name)
    if isinstance(key, str) and key in retired_variants():
        return retired_variants()[key]
    raise InputError(f"expected a hanab.live variant name or id, got {key!r}{_suggestion(key)}",
                     "hanab.live variant")


def _suggestion(key: str | int) -> str:
    """``; did you mean ...?`` naming the variants whose names are closest to ``key`` (the same letters in
    another case first), or nothing."""
    if not isinstance(key, str):
        return ""
    names = list(all_variants())
    close = [name for name in names if name.casefold() == key.casefold()] or \
        difflib.get_close_matches(key, names, n=3, cutoff=0.75)
    return f"; did you mean {' or '.join(repr(name) for name in close)}?" if close else ""


def unshuffled_deck(variant: Variant) -> list[Card]:
    """hanab.live's deck before the shuffle: suits in order, ranks ascending, copies adjacent."""
    return [Card(s, rank) for s, suit in enumerate(variant.suits) for rank in variant.slots
            for _ in range(suit.copies[variant.suit_slots(s).index(rank)])]


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
    if suit.prism:  # a START card counts as rank 0: the last colour touches it
        return name == (variant.clue_colors[-1] if rank == START else _prism_color(variant, rank))
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

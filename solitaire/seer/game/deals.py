"""Multiplayer Hanabi deals (docs/architecture.md, the real game): formats and generators.

A deal is the order of the 50 cards of the standard deck (5 suits, ranks 1,1,1,2,2,3,3,4,4,5
in each), or of the deck of a hanab.live variant (3 to 6 suits, :attr:`Deal.options`),
together with the number of players ``P`` in ``2..6``; the hand size is 5 for ``P <= 3``,
4 for 4 or 5 players and 3 for 6 (one less or more with the options). Cards are dealt in blocks, as hanab.live
and the Hanabi Learning Environment both do: player 0 gets the first ``hand`` cards, player 1
the next ``hand``, …; every later draw goes to the player who just played or discarded.

A card is a pair ``(rank, suit)`` with rank ``1..5`` and suit ``0..4`` (``0..S-1`` in a variant
of ``S`` suits); its *type* is ``suit * 5 + rank - 1`` (``0..24``, ``0..5 S - 1``). A deal holds the
deck of every hanab.live variant, those the solvers refuse included (:attr:`Deal.rules` refuses them):
Up or Down's START card (rank 7) is a sixth type per suit
(:meth:`~solitaire.seer.game.variants.Variant.type_of`), Sudoku with ``k`` suits has ranks ``1..k``. Suits are
lettered ``r y g b w`` (hanab.live's suit indices 0..4: red, yellow, green, blue, purple — the
fifth suit is written ``w``).

Sources
-------
* Text: cards separated by white space or commas, each a suit letter and a rank (``r1``,
  ``y2``; ``1r`` is also accepted, letters in either case), in deck order. ``#`` starts a
  comment.
* ``.deck`` files (:mod:`solitaire.deckfile`) with ``n = 5`` and ``c = 5``: value ``a``,
  color ``k`` is rank ``a`` of suit ``k - 1``.
* hanab.live game JSON: an object with ``"deck"`` (a list of ``{"suitIndex", "rank"}``
  objects or of ``[suitIndex, rank]`` pairs) and ``"players"`` (a list of names or a count);
  one object per file, a JSON list of them, or JSON Lines. ``"score"``, ``"end"``,
  ``"actions"`` and the names are kept when present; ``"options": {"startingPlayer": s}`` is
  the deal's starting player (:func:`deal_to_hanablive` writes this form). The game's variant
  (``variant``, ``options.variant`` or ``variant_id``) and rule options are read by
  :meth:`~solitaire.seer.game.options.Options.from_hanablive` into :attr:`Deal.options` (every
  hanab.live variant: a deck is a deck); an option the toolkit does not model
  (:meth:`~solitaire.seer.game.options.Options.from_hanablive`), a deck
  that is not the variant's or a ``hand_size`` other than the game's is refused, naming it.
* :func:`seeded_deal`: our generator, specified exactly in its docstring.
* :func:`solitaire.seer.game.hle.hle_deal`: the deal of the Hanabi Learning Environment for a seed.

Each deal is named by its id (:mod:`solitaire.seer.game.ids`): a hanab.live game with a
``game_id`` by that number, any other deal from a file by a hash of its record, with
``meta["source"]`` saying where it was read (``file:line``).

Every parser raises :class:`~solitaire.io.errors.InputError` (file, line, what was expected) on a
bad deal: a wrong number of cards, an unknown suit, a rank outside ``1..5``, more copies of
a card than the deck has.

Examples
--------
>>> d = parse_deal_text(STANDARD_TEXT, players=2)
>>> d.players, d.hand, len(d.types), d.cards[:3]
(2, 5, 50, [(1, 0), (1, 0), (1, 0)])
>>> format_deal_text(seeded_deal(2, 0))[:23]
'b3 b4 w2 g1 b4 y3 g2 g3'
"""

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_records, json_text, looks_like_json, read_text, text_lines
from solitaire.model import Instance
from solitaire.seer.game.ids import deck_key, game_id, parse_id
from solitaire.seer.game.options import DEFAULT_NAMES, HAND_SIZES, PLAYER_RANGE, Options, Rules, read_option
from solitaire.seer.game.seeds import deck_from_seed, parse_seed
from solitaire.seer.game.variants import START, Card, Variant, get_variant

__all__ = [
    "SUITS", "RANKS", "COPIES", "DECK_SIZE", "MAX_SCORE", "STANDARD_COUNTS", "STANDARD_TEXT",
    "Deal", "hand_size", "hanablive_deck", "card_name", "format_deal_text", "text_or_reason",
    "parse_deal_text", "check_deck", "check_copies", "deal_from_instance", "parse_hanablive", "read_hanablive",
    "read_hanablive_file", "live_id", "game_like",
    "read_deal", "seeded_deal", "splitmix64", "hanablive_names", "deal_to_hanablive", "rules_of", "whole_number",
]

SUITS = "rygbw"
RANKS = 5
COPIES = (3, 2, 2, 2, 1)  # copies of ranks 1..5 in every suit
DECK_SIZE = len(SUITS) * sum(COPIES)
MAX_SCORE = len(SUITS) * RANKS
#: Copies of every type ``suit * 5 + rank - 1`` in the standard deck.
STANDARD_COUNTS = np.array(COPIES * len(SUITS), dtype=np.int64)
#: The standard deck in canonical order (suit by suit, ranks ascending) as text.
STANDARD_TEXT = " ".join(f"{s}{r}" for s in SUITS for r in range(1, RANKS + 1) for _ in range(COPIES[r - 1]))
#: The fewest and the most players.
_PLAYERS = (min(HAND_SIZES), max(HAND_SIZES))


def whole_number(value: Any, parameter: str, low: int, high: int, shown: str | None = None) -> int:
    """``value`` as an ``int``: a whole number (an ``int`` or a numpy integer, not a ``bool``) in ``low..high``
    (``shown``: how a message writes that range); else an :class:`InputError` naming ``parameter``.

    Examples
    --------
    >>> whole_number(np.int64(3), "players", 2, 6)
    3
    >>> whole_number("3", "players", 2, 6)
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: `players`: expected a whole number in 2..6, got '3'
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not low <= value <= high:
        raise InputError(f"expected a whole number in {shown or f'{low}..{high}'}, got {value!r}", f"`{parameter}`")
    return int(value)


def hand_size(players: int) -> int:
    """Cards per hand: 5 for 2 or 3 players, 4 for 4 or 5, 3 for 6 (hanab.live's hands); :class:`InputError`
    naming ``players`` for any other value."""
    return HAND_SIZES[whole_number(players, "players", *_PLAYERS)]


def card_name(card_type: int, variant: Variant | None = None) -> str:
    """Text of a type ``suit * 5 + rank - 1``: ``card_name(3) == 'r4'`` on the standard deck; in
    another variant its suit's name and the rank (``'Black 4'``)."""
    if variant is None or variant.id == 0:
        suit, rank = divmod(int(card_type), RANKS)
        return f"{SUITS[suit]}{rank + 1}"
    card = variant.card_of(int(card_type))
    return f"{variant.suits[card.suit].name} {'START' if card.rank == START else card.rank}"


@dataclass(frozen=True, eq=False)
class Deal:
    """A deal: the card types in draw order and the number of players.

    Parameters
    ----------
    types : array-like of int
        Card types ``suit * 5 + rank - 1`` in deck order (a permutation of the deck of ``options``' variant, the
        standard deck by default). Checked: each a type of the variant (``0 .. n_types - 1``). The copies are not:
        the search deals a variant's cards as another variant with other copies (Sudoku as No Variant with two
        of each 5, :mod:`~solitaire.seer.bounds.orders`) and a crafted position holds the cards it needs, so
        the readers (:func:`check_deck`) check that a deck read is the whole deck.
    players : int
        A whole number in ``2..6``.
    ident : str
        The game's id (:mod:`solitaire.seer.game.ids`: ``"P2-seed-7"``, ``"P3-game-98745"``).
    meta : dict
        What the source says about the game: ``real_score``, ``end``, ``actions``, ``names``,
        and where it was read, ``source`` (``"games.jsonl:3"``).
    start_player : int
        The player who moves first (hanab.live ``options.startingPlayer``, HLE's random start);
        the deal still gives player 0 the first hand.
    options : Options
        The hanab.live variant and rule options (default: No Variant, default options); its
        ``starting_player`` is always 0, the deal's ``start_player`` says who moves first.
        With ``S`` suits a type is ``suit * 5 + rank - 1`` in ``0 .. 5 S - 1``.
    """

    types: np.ndarray = field(repr=False)
    players: int
    ident: str = ""
    meta: dict = field(default_factory=dict, repr=False)
    start_player: int = 0
    options: Options = field(default_factory=Options, repr=False)

    if TYPE_CHECKING:  # the generated __init__, which takes any array-like ``types``
        def __init__(self, types: ArrayLike, players: int, ident: str = "", meta: dict = ...,
                     start_player: int = 0, options: Options = ...) -> None: ...

    def __post_init__(self) -> None:
        types = np.ascontiguousarray(self.types, dtype=np.int64).reshape(-1)
        types.setflags(write=False)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "players", whole_number(self.players, "players", *_PLAYERS))
        _check_types(types, self.options.variant)
        if not 0 <= self.start_player < self.players:
            raise ValueError(f"the start player must be in 0..{self.players - 1}, got {self.start_player}")
        if self.options.starting_player:
            object.__setattr__(self, "options", replace(self.options, starting_player=0))

    @cached_property
    def rules(self) -> Rules:
        """The :class:`~solitaire.seer.game.options.Rules` of the game: variant, players, options (looked up once
        per deal: the simulator and the bounds read them on every turn)."""
        return rules_of(self.options, self.players)

    def __getstate__(self) -> dict:
        """What a pickle keeps: the fields, not the rules and variant read (a process looks its own up,
        :func:`rules_of`)."""
        return {key: value for key, value in self.__dict__.items() if key not in ("rules", "variant")}

    def __setstate__(self, state: dict) -> None:
        """The fields a pickle kept, the cards read-only again (a pickle does not keep the flag): a compiled
        function takes them as the type it was compiled for, not as a second type to compile."""
        self.__dict__.update(state)
        self.types.setflags(write=False)

    @cached_property
    def variant(self) -> Variant:
        """The hanab.live :class:`~solitaire.seer.game.variants.Variant` of the deal (its deck, whether the
        solvers play it or not: :attr:`rules` refuses a variant they do not model; looked up once per deal)."""
        return get_variant(self.options.variant)

    @property
    def standard(self) -> bool:
        """Whether the deal is No Variant with default options (the standard game)."""
        return self.options == Options()

    @property
    def n_types(self) -> int:
        """Card types: 5 per suit (6 in Up or Down, :attr:`~solitaire.seer.game.variants.Variant.width`)."""
        return self.variant.width * len(self.variant.suits)

    @property
    def counts(self) -> np.ndarray:
        """Copies of each type in the deck (read-only array of ``n_types`` entries)."""
        return _counts(self.options.variant)

    @property
    def max_score(self) -> int:
        """5 per suit."""
        return self.variant.max_score

    @property
    def hand(self) -> int:
        """Cards per hand (the options' one more or one less included)."""
        return self.rules.hand_size

    @property
    def pooled(self) -> int:
        """``P * hand``: cards held by the whole team while the deck lasts."""
        return self.players * self.hand

    @property
    def cards(self) -> list[tuple[int, int]]:
        """The deck as ``(rank, suit)`` pairs."""
        return [(t % RANKS + 1, t // RANKS) for t in self.types.tolist()]

    def to_instance(self, h: int | None = None) -> Instance:
        """The solitaire instance of the deck (``n = c = 5``), with hand ``h`` (default ``P*hand - 1``)."""
        h = self.pooled - 1 if h is None else h
        return Instance(RANKS, len(SUITS), h, self.types % RANKS + 1, self.types // RANKS + 1)

    def with_players(self, players: int) -> "Deal":
        """The same deck for another number of players (a real game's record, its score and
        actions, is kept only for its own number of players: with another it is another deal,
        named by a hash of its deck; a seed's deal keeps its seed)."""
        players = whole_number(players, "players", *_PLAYERS)
        if players == self.players:
            return self
        if not self.standard:
            raise InputError("only a game of No Variant with default options is dealt to other players: a game of "
                             "a variant or with options is played by its own", self.meta.get("source", self.ident))
        try:
            old = parse_id(self.ident)
        except ValueError:  # a deal named freely in Python, not by an id
            old = None
        if old is not None and old.source in ("seed", "hle"):
            return Deal(self.types, players, game_id(players, old.source, old.key))
        meta = {key: self.meta[key] for key in ("source",) if key in self.meta}
        return Deal(self.types, players, game_id(players, "deck", deck_key(self.types)), meta)

    def starting(self, start_player: int) -> "Deal":
        """The same deal with ``start_player`` moving first."""
        return Deal(self.types, self.players, self.ident, self.meta, start_player, self.options)


@cache
def rules_of(options: Options, players: int) -> Rules:
    """The :class:`~solitaire.seer.game.options.Rules` of ``players`` playing with ``options``, built once: the
    rules of a game to be played, :class:`~solitaire.seer.game.variants.UnsupportedVariant` for a variant with a
    rule the solvers do not model (:meth:`~solitaire.seer.game.variants.Variant.check_playable`)."""
    variant = get_variant(options.variant)
    variant.check_playable()
    return Rules(variant, players, options)


def _check_types(types: np.ndarray, variant_name: str) -> None:
    """:class:`InputError` naming ``types`` unless every type is one of the deck of ``variant_name``."""
    n_types = len(_counts(variant_name))
    if types.size and not (types.min() >= 0 and types.max() < n_types):
        wrong = types[(types < 0) | (types >= n_types)][0]
        raise InputError(f"expected card types in 0..{n_types - 1} ({variant_name}), got {wrong}", "`types`")


@cache
def _counts(variant_name):
    counts = np.array([n for suit in get_variant(variant_name).suits for n in suit.copies], dtype=np.int64)
    counts.setflags(write=False)
    return counts




def hanablive_names(deal: Deal) -> list[str]:
    """The players' names: the game's own, else Alice, Bob, …"""
    return list(deal.meta.get("names") or DEFAULT_NAMES[:deal.players])


def hanablive_deck(deal: Deal) -> list[dict[str, int]]:
    """The deck as a hanab.live game lists it: ``{"suitIndex", "rank"}`` per card, in draw order."""
    return [{"suitIndex": card.suit, "rank": card.rank} for card in map(deal.variant.card_of, deal.types.tolist())]


def deal_to_hanablive(deal: Deal) -> dict[str, Any]:
    """The deal as a hanab.live game without actions: ``players`` (names), ``deck`` and
    ``options`` (``startingPlayer``, and the variant and rule options of a variant game), and the
    ``seed`` of a deal of a hanab.live seed string; :func:`parse_hanablive` reads it back."""
    options = {} if deal.standard else deal.options.to_hanablive()
    game = {"players": hanablive_names(deal), "deck": hanablive_deck(deal),
            "options": dict(options, startingPlayer=deal.start_player)}
    if deal.options.characters:
        game["characters"] = deal.options.characters_json()
    seed = _seed_of(deal.ident) or deal.meta.get("seed")
    return game if not isinstance(seed, str) else dict(game, seed=seed)


def _seed_of(ident: str) -> str | None:
    """The seed string of a deal of a hanab.live seed string, from its id; ``None`` for any other id, or none."""
    try:
        found = parse_id(ident)
    except ValueError:
        return None
    return found.key if found.source == "live" else None


def format_deal_text(deal: Deal) -> str:
    """The text form of a deal's deck (``r1 y2 …``; the standard deck, default options only: :func:`text_or_reason`
    names what it cannot carry)."""
    text, reason = text_or_reason(deal)
    if text is None:
        raise InputError(reason, deal.ident)
    return text


def text_or_reason(deal: Deal) -> tuple[str | None, str]:
    """``(text, "")``: the text form of a deal's deck (:func:`format_deal_text`), or ``(None, reason)`` for a deal
    whose variant or options it cannot carry."""
    if deal.options.variant != Options().variant:
        return None, f"the text form is of the standard deck only, not of {deal.options.variant}"
    if not deal.standard:
        options = ", ".join(key for key in deal.options.to_hanablive() if key != "variant")
        return None, f"the text form carries no option (this game has {options})"
    return " ".join(card_name(t) for t in deal.types.tolist()), ""


def check_deck(types: Sequence[int], source: str,
               where: Callable[[int], tuple[int | None, int | None]] = lambda i: (None, None),
               line: int | None = None, variant: Variant | None = None) -> None:
    """Check that ``types`` is the whole deck of ``variant`` (default: the standard deck);
    ``where(i)`` gives (line, column) of card ``i``."""
    full = STANDARD_COUNTS if variant is None else _counts(variant.name)
    counts = np.zeros(len(full), dtype=np.int64)
    for i, t in enumerate(types):
        if t >= len(full):
            raise InputError(f"card {i + 1}: suit {t // RANKS} is not one of the {len(full) // RANKS} suits",
                             source, *where(i))
        counts[t] += 1
        if counts[t] > full[t]:
            raise InputError(
                f"card {i + 1} ({card_name(t, variant)}): more copies than the deck has ({full[t]})",
                source, *where(i))
    if len(types) != full.sum():
        deck = "the standard deck" if variant is None else f"the deck of {variant.name}"
        raise InputError(f"expected {full.sum()} cards ({deck}), got {len(types)}", source, line)


def check_copies(deal: Deal, parameter: str) -> None:
    """:class:`InputError` naming ``parameter`` if ``deal`` holds a card more often than its variant's deck does:
    the check of a deal built by hand (:class:`Deal` checks only the range of its types; a short deck, as the
    tests' tiny decks, passes).

    Examples
    --------
    >>> check_copies(Deal([0] * 50, 2), "deck")
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: `deck`: the deck holds r1 50 times, more than the 3 of No Variant
    """
    held = np.bincount(deal.types, minlength=len(deal.counts))
    over = np.flatnonzero(held > deal.counts)
    if over.size:
        t = int(over[0])
        raise InputError(f"the deck holds {card_name(t, deal.variant)} {held[t]} times, more than the "
                         f"{deal.counts[t]} of {deal.variant.name}", f"`{parameter}`")


_CARD = re.compile(r"(?i)^(?:([rygbw])([0-9]{1,9})|([0-9]{1,9})([rygbw]))$")


def _parse_card(token, source, line, col):
    m = _CARD.match(token)
    if not m:
        raise InputError(f"expected a card such as 'r1' (suit in {' '.join(SUITS)}, rank 1..5), got {token[:30]!r}",
                         source, line, col)
    suit, rank = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    rank = int(rank)
    if not 1 <= rank <= RANKS:
        raise InputError(f"expected a rank in 1..5, got {rank} in {token!r}", source, line, col)
    return SUITS.index(suit.lower()) * RANKS + rank - 1


def parse_deal_text(text: str, players: int | None, source: str = "<string>") -> Deal:
    """Parse the text form into a :class:`Deal` (see the module docstring); players not in 2..6 (``None``
    too) are an :class:`InputError`."""
    types, places = [], []
    for lineno, line in enumerate(text_lines(text), start=1):
        line = line.split("#", 1)[0]
        for m in re.finditer(r"[^\s,]+", line):
            types.append(_parse_card(m.group(), source, lineno, m.start() + 1))
            places.append((lineno, m.start() + 1))
    check_deck(types, source, lambda i: places[i])
    return _file_deal(types, players, source)


def _file_deal(types, players, source, record=None, options=None):
    """A deal read from ``source`` without a game number: its id hashes its deck and ``record``
    (and the variant and options of a variant game); ``options`` defaults to ``Options()``."""
    if options is None:
        options = Options()
    if players not in HAND_SIZES:
        raise InputError(f"expected {PLAYER_RANGE} players, got {players!r}", source)
    meta = dict(record or {}, source=source)
    keyed = record if options == Options() else dict(record or {}, options=options.to_hanablive())
    return Deal(types, players, game_id(players, "deck", deck_key(types, keyed)), meta, options=options)


def deal_from_instance(instance: Instance, players: int | None, source: str = "<instance>") -> Deal:
    """A deal from a solitaire instance with ``n = c = 5`` (a ``.deck`` file); players not in 2..6 (``None``
    too) are an :class:`InputError`."""
    if (instance.n, instance.c) != (RANKS, len(SUITS)):
        raise InputError(f"expected a deck with n = 5 values and c = 5 colors, got n = {instance.n}, "
                         f"c = {instance.c}", source)
    types = ((instance.colors - 1) * RANKS + instance.values - 1).tolist()
    check_deck(types, source)
    return _file_deal(types, players, source)


def _card_from_json(card, number, source, line, variant):
    if isinstance(card, dict):
        suit, rank = card.get("suitIndex"), card.get("rank")
    elif isinstance(card, list) and len(card) == 2:
        suit, rank = card
    else:
        suit = rank = None
    if not (is_whole(suit) and is_whole(rank)):
        raise InputError(f"deck card {number}: expected {{\"suitIndex\": s, \"rank\": r}} or [s, r], got "
                         f"{json_text(card)}", source, line)
    suits = len(variant.suits)
    if not 0 <= suit < suits:
        raise InputError(f"deck card {number}: expected a suitIndex in 0..{suits - 1}, got {suit}", source, line)
    if rank not in variant.ranks:
        ranks = f"1..{variant.stack_size}" + (f" or {START} (START)" if START in variant.ranks else "")
        raise InputError(f"deck card {number}: expected a rank in {ranks}, got {rank}", source, line)
    return variant.type_of(Card(suit, rank))


#: Fields some game records carry beside ``options``, each the same as an option.
_RECORD_FIELDS = {"variant": "variant", "variant_id": "variantID", "starting_player": "startingPlayer"}


def _seed_variant_id(seed: Any) -> int | None:
    """The variant id a record's seed string names (``p3v2s1``: 2), which is the game's where the record names no
    variant; ``None`` for no seed string."""
    try:
        return parse_seed(seed).variant_id if isinstance(seed, str) else None
    except InputError:
        return None  # the seed's own check names it


def _game_options(obj, players, source, line):
    """The :class:`~solitaire.seer.game.options.Options` of the game ``obj`` (its ``options`` and the
    record fields beside them, each checked by its type; a field and an option that say the same
    must agree; ``null`` is absent); :class:`InputError` (a
    :class:`~solitaire.seer.game.variants.UnsupportedVariant` naming the rule) for an option the toolkit
    does not model, or a starting player, ``numPlayers`` or ``hand_size`` that is not
    the game's. A record that names no variant is of the variant its seed string names, if it has one."""
    options = obj.get("options")
    if not isinstance(options, dict | None):
        raise InputError(f"expected 'options' to be an object, got {json_text(options)}", source, line)
    merged, names = dict(options or {}), {}
    try:
        for field, key in _RECORD_FIELDS.items():
            if obj.get(field) is None:
                continue
            value = read_option(key, obj[field], field)
            if merged.get(key) is not None and read_option(key, merged[key]) != value:
                raise InputError(f"{field!r} is {json_text(obj[field])} and 'options.{key}' is "
                                 f"{json_text(merged[key])}: they disagree")
            merged[key], names[key] = obj[field], field
        seed_variant = _seed_variant_id(obj.get("seed"))
        if merged.get("variant") is None and merged.get("variantID") is None and seed_variant:
            merged["variantID"] = seed_variant
        found = Options.from_hanablive(merged, names, obj.get("characters"), players)
        rules = Rules(get_variant(found.variant), players, replace(found, starting_player=0))
    except InputError as err:
        raise type(err)(err.message, source, line) from None
    if not found.starting_player < players:
        raise InputError(f"expected {names.get('startingPlayer', 'options.startingPlayer')!r} to be a player in "
                         f"0..{players - 1}, got {found.starting_player}", source, line)
    if merged.get("numPlayers") not in (None, players):
        raise InputError(f"'options.numPlayers' is {merged['numPlayers']}, not the game's {players} players",
                         source, line)
    if obj.get("hand_size") is not None and not (is_whole(obj["hand_size"]) and obj["hand_size"] == rules.hand_size):
        raise InputError(f"expected 'hand_size' to be {rules.hand_size} (the hand of {players} players in this "
                         f"game), got {json_text(obj['hand_size'])}{_hand_hint(obj['hand_size'], rules)}", source, line)
    return found


def _hand_hint(size: Any, rules: Rules) -> str:
    """How a game that dealt ``size`` cards a player, one more or one fewer than hanab.live deals to its players,
    says so (hanab.live's options ``oneExtraCard`` and ``oneLessCard``), where ``rules`` lack that option; else
    nothing."""
    base, options = hand_size(rules.players), rules.options
    for option, step, has in (("oneExtraCard", 1, options.one_extra_card), ("oneLessCard", -1, options.one_less_card)):
        if is_whole(size) and size == base + step and not has:
            return f" (a game dealt {size} cards a player has the option {option}: true)"
    return ""


def parse_hanablive(obj: Any, source: str = "<json>", line: int | None = None) -> Deal:
    """A :class:`Deal` from one hanab.live game object (``deck``, ``players``, optional ``score``),
    every field checked by its type and range (``docs/formats.md``, "hanab.live games read").

    ``source`` and ``line`` say where the object was read (the line it starts on). A position (``next_card`` and
    ``hands``: :func:`~solitaire.seer.game.position.parse_position`) is refused, not read as its deal's first turn."""
    if isinstance(obj, dict) and "next_card" in obj and "hands" in obj:
        raise InputError("expected a game, got a position (it has 'next_card' and 'hands'): give the game it is a "
                         "position of, or read it in Python with read_position (docs/positions.md)", source, line)
    if not isinstance(obj, dict) or "players" not in obj or ("deck" not in obj and "seed" not in obj):
        raise InputError("expected a game object with 'players' and 'deck' (or a hanab.live 'seed')", source, line)
    players, names = obj["players"], None
    if isinstance(players, list):
        if not all(isinstance(name, str) for name in players):
            raise InputError(f"expected 'players' to be the players' names (strings) or their count, got "
                             f"{json_text(players)}", source, line)
        players, names = len(players), players
    if not (is_whole(players) and players in HAND_SIZES):
        raise InputError(f"expected {PLAYER_RANGE} players, got {json_text(obj['players'])}", source, line)
    options = _game_options(obj, players, source, line)
    start, options = options.starting_player, replace(options, starting_player=0)
    variant = get_variant(options.variant)
    seed = _game_seed(obj, players, variant, source, line)
    if "deck" in obj:
        if not isinstance(obj["deck"], list):
            raise InputError(f"expected 'deck' to be a list of cards, got {json_text(obj['deck'])}", source, line)
        types = [_card_from_json(card, i, source, line, variant)
                 for i, card in enumerate(obj["deck"], start=1)]
        check_deck(types, source, lambda i: (line, None), line, variant)
    if seed is not None:
        dealt = [variant.type_of(card) for card in deck_from_seed(seed, variant)]
        if "deck" in obj and types != dealt:
            first = next(i for i, (a, b) in enumerate(zip(types, dealt, strict=True), start=1) if a != b)
            raise InputError(f"'deck' is not the deck hanab.live deals for the seed {seed!r} (card {first} differs)",
                             source, line)
        types = dealt
    score = obj.get("score")
    if score is not None and not (is_whole(score) and 0 <= score <= variant.max_score):
        raise InputError(f"expected 'score' to be a score in 0..{variant.max_score} or null, got "
                         f"{json_text(score)}", source, line)
    if "actions" in obj and not isinstance(obj["actions"], list):
        raise InputError(f"expected 'actions' to be a list of actions, got {json_text(obj['actions'])}", source, line)
    if obj.get("end") is not None and not isinstance(obj["end"], str):
        raise InputError(f"expected 'end' to be a string, got {json_text(obj['end'])}", source, line)
    record = {key: obj[key] for key in ("end", "actions") if key in obj}
    if score is not None:
        record["real_score"] = score
    if start:
        record["start_player"] = start
    where = f"{source}:{line}" if line else source
    number = _game_number(obj, source, line)
    if number is not None:
        deal = Deal(types, players, game_id(players, "game", number), dict(record, source=where), options=options)
    elif seed is not None and not obj.get("actions") and (ident := live_id(seed)) is not None:
        deal = Deal(types, players, ident, dict(record, source=where), options=options)  # a deal: the seed names it
    else:
        deal = _file_deal(types, players, where, record, options)
    if names is not None:
        deal.meta["names"] = names
    return deal.starting(start)


def _game_number(obj, source, line):
    """The hanab.live game number: ``game_id``, or ``id`` as hanab.live's export names it (both: the
    same; ``null``: absent), a whole number in ``0 .. 2^63 - 1`` (a database id of hanab.live), as
    hanab.live writes it: a JSON number. Text (``"003d9bcb9d27dacf"``, a game's name in another
    collection) names no hanab.live game and is left out of the id."""
    numbers = {}
    for key in ("game_id", "id"):
        number = obj.get(key)
        if isinstance(number, str):
            continue
        if number is not None and not (is_whole(number) and 0 <= number < 2**63):
            raise InputError(f"expected {key!r} to be a hanab.live game number (a whole number in 0..2^63-1), "
                             f"got {json_text(number)}", source, line)
        if number is not None:
            numbers[key] = number
    if len(set(numbers.values())) > 1:
        raise InputError(f"'game_id' {numbers['game_id']} and 'id' {numbers['id']} name two games", source, line)
    return next(iter(numbers.values()), None)


def _game_seed(obj, players, variant, source, line):
    """The hanab.live seed string of a game object (``seed``; ``null``: absent), checked against its
    players and variant; ``None`` when it has none, or one that is not ``p<P>v<id>s<suffix>`` beside a
    ``deck`` (hanab.live's ``JSON`` seed of a game dealt from a given deck)."""
    seed = obj.get("seed")
    if not isinstance(seed, str):
        if "deck" not in obj or seed is not None:
            raise InputError(f"expected 'seed' to be a hanab.live seed string, got {json_text(seed)}", source, line)
        return None
    try:
        parsed = parse_seed(seed)
    except InputError as err:
        if "deck" in obj:
            return None
        raise InputError(err.message, source, line) from None
    if (parsed.players, parsed.variant_id) != (players, variant.id):
        raise InputError(f"the seed {seed!r} is of {parsed.players} players and variant id {parsed.variant_id}, "
                         f"the game of {players} players and variant id {variant.id} ({variant.name})", source, line)
    return seed


def live_id(seed: str) -> str | None:
    """The id ``P<P>-live-p<P>v<id>s<suffix>`` of a hanab.live seed string (a ``legacy-x-`` prefix
    deals the same deck and is dropped); ``None`` when it is not one of those (a suffix other than
    1 to 12 digits, as a ``!seed`` table may choose)."""
    parsed = parse_seed(seed)
    try:
        return game_id(parsed.players, "live", f"p{parsed.players}v{parsed.variant_id}s{parsed.suffix}")
    except ValueError:
        return None


def game_like(obj: Any) -> bool:
    """Whether a JSON record means to be a game: an object with one of a game's fields (or a row of a run's
    refused record, which a run reads back)."""
    return isinstance(obj, dict) and any(key in obj for key in ("players", "deck", "seed", "actions", "refused"))


def read_hanablive(text: str, source: str = "<string>") -> list[Deal]:
    """Every game of a hanab.live file: one object, a JSON array of objects, or JSON Lines
    (:func:`~solitaire.io.inputfile.json_records`), each numbered by the line it starts on. Strict: the first record
    that is not a game the toolkit plays raises its :class:`InputError`;
    :func:`~solitaire.seer.sources.history.read_history` gives every record, each game or the reason it is refused."""
    if not text.strip():
        raise InputError("file is empty: expected a hanab.live game", source)
    games = []
    for record, where, line in json_records(text, source, game_like):
        if isinstance(record, InputError):
            raise record
        games.append(parse_hanablive(record, where, line))
    return games


def read_hanablive_file(path: str | os.PathLike[str]) -> list[Deal]:
    """Every game of a hanab.live file, strictly (see :func:`read_hanablive`)."""
    return read_hanablive(read_text(path), str(path))


def read_deal(path: str | os.PathLike[str], players: int | None) -> Deal | list[Deal]:
    """A deal from a text file, a ``.deck`` file (by extension), or hanab.live games (JSON, by its first character:
    :func:`~solitaire.io.inputfile.looks_like_json`, whatever the file's name)."""
    from solitaire.deckfile import parse_deck

    text, source = read_text(path), str(path)
    if source.endswith(".deck"):
        return deal_from_instance(parse_deck(text, source), players, source)
    if looks_like_json(text):
        games = read_hanablive(text, source)
        return [g if players is None else g.with_players(players) for g in games]
    return parse_deal_text(text, players, source)


_MASK64 = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(new_state, output)``, all arithmetic modulo 2**64."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def seeded_deal(players: int, seed: int) -> Deal:
    """Our generator: the deal for ``(players, seed)``, the same deck for every ``players``.

    Specification (to reproduce it in any language): start from the standard deck in
    canonical order, types ``0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 5, …, 24`` (suit by suit in
    the order r y g b w, ranks ascending, 3/2/2/2/1 copies). Let ``state = seed mod 2**64``.
    For ``i = 49, 48, …, 1``: take the next SplitMix64 output ``z`` (``state += 0x9E3779B97F4A7C15``;
    ``z = state``; ``z = (z ^ z>>30) * 0xBF58476D1CE4E5B9``; ``z = (z ^ z>>27) * 0x94D049BB133111EB``;
    ``z ^= z>>31``, all modulo 2**64), let ``j = z mod (i + 1)`` and swap positions ``i`` and ``j``.
    The result, position 0 first, is the draw order.

    Examples
    --------
    >>> seeded_deal(3, 5).cards[:2]
    [(2, 3), (5, 4)]

    ``players`` must be a whole number in ``2..6`` and ``seed`` one in ``0..2^64-1`` (an :class:`InputError`
    names the parameter otherwise).
    """
    players = whole_number(players, "players", *_PLAYERS)
    seed = whole_number(seed, "seed", 0, _MASK64, "0..2^64-1")
    deck = np.repeat(np.arange(len(STANDARD_COUNTS)), STANDARD_COUNTS).tolist()
    state = seed
    for i in range(DECK_SIZE - 1, 0, -1):
        state, z = splitmix64(state)
        j = z % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return Deal(deck, players, game_id(players, "seed", seed))

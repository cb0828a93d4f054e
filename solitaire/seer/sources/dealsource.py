"""Where the deals of a batch run come from: a seed range of a generator, hanab.live seed strings,
or the games of a file.

A source gives its items in order (``items()``): the deals a run plays, and the records it refuses
(:class:`~solitaire.seer.sources.history.Refused`, each a row of its own): a game of a file the toolkit cannot read
or play, and a seed string's deal of a variant with a rule the solvers do not model (:class:`RefusedDeal`: its deck
is known, :func:`deal_items` gives it to ``deal``, a deck being a deck). With ``strict`` the first refused record is
an :class:`InputError` instead, raised before any deal is played.

It also gives its deals alone (``deals()``), how many items it holds (``count``; ``len`` too,
where Python's index size holds it) and whether an id (:mod:`solitaire.seer.game.ids`) names one of them
(``in``), without dealing them: a resumed run keeps the rows of exactly the deals it asks for, each
once. A seed range is kept as its bounds, whatever its length. :func:`deal_source` builds the
source of ``bound``'s options; :func:`parse_seed_range` reads ``A:B``.
"""

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_json_file
from solitaire.seer.game.deals import (
    MAX_SCORE,
    Deal,
    deal_to_hanablive,
    live_id,
    read_deal,
    rules_of,
    seeded_deal,
    text_or_reason,
)
from solitaire.seer.game.hle import hle_deal
from solitaire.seer.game.ids import deck_key, game_id, parse_id
from solitaire.seer.game.options import HAND_SIZES, PLAYER_RANGE, Options, Rules
from solitaire.seer.game.seeds import parse_seed, seed_range, types_from_seeds
from solitaire.seer.game.variants import UnsupportedVariant, get_variant
from solitaire.seer.sources.history import Refused, read_source, split_refused, unplayed
from solitaire.seer.sources.jaxmarl import read_jaxmarl
from solitaire.seer.sources.openspiel import PartialDeal, read_kaggle_file, read_openspiel_file
from solitaire.seer.sources.pyhanabi import read_pyhanabi
from solitaire.seer.sources.replaylink import link_or_reason, looks_like_replay_link

__all__ = ["SeedRange", "LiveSeeds", "DealList", "DealChain", "RefusedDeal", "parse_seed_range", "deal_source",
           "deal_items", "games_list", "live_items", "live_deals", "live_seeds", "live_seed", "parse_players",
           "games_source", "deal_line", "first_id", "SEED_BITS", "DEALERS", "SOURCES"]

#: The seeds each generator tells apart: a larger seed repeats the deal of a smaller one.
SEED_BITS = {"seed": 64, "hle": 31, "hlerandom": 31}  # HLE reads a C int: 2^31 and above abort it
#: Each generator's deal of ``(players, seed)``.
DEALERS = {"seed": seeded_deal, "hle": hle_deal, "hlerandom": lambda players, seed: hle_deal(players, seed, True)}


@dataclass(frozen=True)
class SeedRange:
    """The deals of a generator (``source``: ``"seed"`` ours, ``"hle"`` HLE's, ``"hlerandom"`` HLE's
    with its random starting player) for ``players`` and
    the seeds ``first .. last - 1``; players the generator does not deal are an :class:`InputError` here (its
    first deal is dealt to check them), not when the deals are."""

    players: int
    source: str
    first: int
    last: int

    def __post_init__(self) -> None:
        if not 0 <= self.first < self.last <= 2 ** SEED_BITS[self.source]:
            raise ValueError(f"expected 0 <= first < last <= 2^{SEED_BITS[self.source]}, "
                             f"got {self.first}:{self.last}")
        DEALERS[self.source](self.players, self.first)

    def deals(self) -> Iterator[Deal]:
        deal = DEALERS[self.source]
        return (deal(self.players, seed) for seed in range(self.first, self.last))

    items = deals  # a seed is never refused
    repeated = 0  # nor listed twice

    @property
    def count(self) -> int:
        return self.last - self.first

    def __len__(self) -> int:
        return self.count

    def max_score(self, ident: str) -> int | None:
        """The maximum score of the deal ``ident`` (25), ``None`` when it is not one of the range."""
        return MAX_SCORE if ident in self else None

    def __contains__(self, ident: str) -> bool:
        try:
            found = parse_id(ident)
        except ValueError:
            return False
        return (found.players, found.source) == (self.players, self.source) and self.first <= found.number < self.last


@dataclass(frozen=True)
class DealList:
    """Deals read from a file, in file order (a deal listed twice is one deal), and the records
    of the file the toolkit refused (:class:`~solitaire.seer.sources.history.Refused`), in place."""

    records: tuple
    _maxima: dict[str, int] = field(init=False, repr=False, compare=False)
    _partial: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_maxima", {deal.ident: deal.max_score for deal in self.records
                                             if isinstance(deal, Deal)})
        object.__setattr__(self, "_partial", {item.ident: MAX_SCORE for item in self.records
                                              if isinstance(item, PartialDeal)})  # OpenSpiel's: the standard game

    def items(self) -> Iterator[Deal | Refused]:
        """The deals and the decks known only in part, each once, and the refused records, in file order."""
        seen = set()
        for item in self.records:
            if not _once(item):
                yield item
            elif item.ident not in seen:
                seen.add(item.ident)
                yield item

    def deals(self) -> Iterator[Deal]:
        return (item for item in self.items() if isinstance(item, Deal))

    @property
    def count(self) -> int:
        """The items: the distinct deals and decks known only in part, and the refused records."""
        return len(self._maxima) + len(self._partial) + sum(not _once(item) for item in self.records)

    @property
    def repeated(self) -> int:
        """The records of a deal, a game or a deck known only in part listed before, which :meth:`items` leaves
        out."""
        return sum(_once(item) for item in self.records) - len(self._maxima) - len(self._partial)

    def __len__(self) -> int:
        return self.count

    def __contains__(self, ident: str) -> bool:
        return ident in self._maxima

    @property
    def idents(self) -> frozenset[str]:
        """The ids of the distinct deals."""
        return frozenset(self._maxima)

    def max_score(self, ident: str) -> int | None:
        """The maximum score of the deal ``ident`` (its variant's), or of a deal known only in part, ``None`` when
        neither is in the list."""
        return self._maxima.get(ident, self._partial.get(ident))


def _once(item: Deal | Refused) -> bool:
    """Whether a list takes ``item`` once however often it is listed: a deal, or a deck known only in part (a game
    of a log), not a refused record (each is a row of its own)."""
    return isinstance(item, Deal | PartialDeal)


@dataclass(frozen=True)
class LiveSeeds:
    """The deals hanab.live deals for the seed strings ``f"{prefix}{k}"``, ``k = first .. last``
    (:func:`~solitaire.seer.game.seeds.seed_range`: ``p3v0s``, ``1``, ``1000`` for ``p3v0s1..1000``), all
    of one player count and variant, each a :class:`RefusedDeal` where the solvers refuse the variant's rules
    (:func:`live_items`). Only the bounds are kept: :meth:`items` deals
    :data:`_LIVE_BLOCK` seeds at a time, ``count`` and ``in`` are arithmetic, so a range of any
    length takes no memory in proportion to it."""

    prefix: str
    first: int
    last: int
    _players: int = field(init=False, repr=False, compare=False)
    _key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seed = parse_seed(f"{self.prefix}{self.first}")  # the key of an id: no legacy- prefix, zeros kept
        object.__setattr__(self, "_players", seed.players)
        object.__setattr__(self, "_key", f"p{seed.players}v{seed.variant_id}s{seed.suffix[:-len(str(self.first))]}")

    def items(self) -> Iterator[Deal | Refused]:
        for start in range(self.first, self.last + 1, _LIVE_BLOCK):  # a block's decks are shuffled at once
            yield from live_items([f"{self.prefix}{k}" for k in range(start, min(start + _LIVE_BLOCK, self.last + 1))])

    def deals(self) -> Iterator[Deal]:
        return (item for item in self.items() if isinstance(item, Deal))

    repeated = 0  # a range lists each seed once

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    def __len__(self) -> int:
        return self.count

    def __contains__(self, ident: str) -> bool:
        try:
            found = parse_id(ident)
        except ValueError:
            return False
        number = found.key[len(self._key):]
        return (found.source == "live" and found.players == self._players and found.key.startswith(self._key)
                and _DECIMAL.fullmatch(number) is not None and self.first <= int(number) <= self.last)

    def max_score(self, ident: str) -> int | None:
        """The maximum score of the deal ``ident`` (the variant's), ``None`` when it is not one of the range."""
        return get_variant(parse_seed(self.prefix + "0").variant_id).max_score if ident in self else None


@dataclass(frozen=True)
class DealChain:
    """The items of several sources one after the other (``parts``: :class:`DealList`, and at most one
    range, :class:`SeedRange` or :class:`LiveSeeds`), each deal once, at its first place; streamed
    as its parts are, so the range is never held in memory."""

    parts: tuple

    def __post_init__(self) -> None:
        if sum(not isinstance(part, DealList) for part in self.parts) > 1:
            raise ValueError("a chain holds at most one seed range")

    def items(self) -> Iterator[Deal | Refused]:
        for place, part in enumerate(self.parts):
            earlier = self.parts[:place]
            yield from (item for item in part.items()
                        if isinstance(item, Refused) or not any(item.ident in other for other in earlier))

    def deals(self) -> Iterator[Deal]:
        return (item for item in self.items() if isinstance(item, Deal))

    @property
    def count(self) -> int:
        """The items: the distinct deals and the refused records (arithmetic for the range)."""
        listed = [part for part in self.parts if isinstance(part, DealList)]
        seen = set().union(*(part.idents for part in listed))
        ranges = [part for part in self.parts if not isinstance(part, DealList)]
        refused = sum(part.count - len(part.idents) for part in listed)
        return len(seen) + refused + sum(part.count - sum(ident in part for ident in seen) for part in ranges)

    @property
    def repeated(self) -> int:
        """The records of a deal listed before, in its part or an earlier one, which :meth:`items` leaves out."""
        return sum(part.repeated + part.count for part in self.parts) - self.count

    def __contains__(self, ident: str) -> bool:
        return any(ident in part for part in self.parts)

    def max_score(self, ident: str) -> int | None:
        """The maximum score of the deal ``ident``, ``None`` when no part holds it."""
        return next((top for top in (part.max_score(ident) for part in self.parts) if top is not None), None)


@dataclass(frozen=True)
class RefusedDeal(Refused):
    """A deal the toolkit deals but does not play, a seed string's (``source``) of a variant with a rule the solvers
    do not model (``reason``): a run refuses it like any record, ``deal`` prints its ``deal`` (:func:`deal_items`)."""

    deal: Deal = field(repr=False, compare=False)


#: Seeds dealt at once (their decks are shuffled together).
_LIVE_BLOCK = 4096
_DECIMAL = re.compile(r"0|[1-9][0-9]*", re.ASCII)


def _live_rules(text, source):
    """The rules of the games of a seed string; :class:`InputError` from ``source`` for a seed the
    toolkit cannot deal (its player count or variant; whether the solvers play its rules is :func:`_refusal`'s)."""
    try:
        parsed = parse_seed(text)
    except InputError as err:
        raise InputError(err.message, source) from None
    if parsed.players not in HAND_SIZES:
        raise InputError(f"expected {PLAYER_RANGE} players in the seed, got p{parsed.players} in {text!r}", source)
    try:
        variant = get_variant(parsed.variant_id)
    except InputError as err:
        raise type(err)(err.message, source) from None
    return Rules(variant, parsed.players, Options(variant=variant.name))  # a deck is dealt in every variant


def _refusal(rules: Rules) -> str | None:
    """Why the solvers refuse the games of ``rules`` (:func:`~solitaire.seer.game.deals.rules_of`), ``None`` when
    they play them."""
    try:
        rules_of(rules.options, rules.players)
    except UnsupportedVariant as err:
        return err.message
    return None


def _check_playable(rules: Rules, seed: str) -> None:
    """What ``strict`` raises for a source of seed strings: the :class:`InputError` of ``seed``, its first, when the
    solvers refuse the games of its ``rules``."""
    reason = _refusal(rules)
    if reason is not None:
        raise InputError(reason, seed)


def live_items(seeds: Sequence[str]) -> list[Deal | Refused]:
    """The deals of ``seeds`` (:func:`live_deals`), each a :class:`RefusedDeal` naming its seed string where the
    solvers refuse the rules of its variant."""
    reasons: dict[tuple[int, str], str | None] = {}
    items: list[Deal | Refused] = []
    for seed, deal in zip(seeds, live_deals(seeds), strict=True):
        key = (deal.players, deal.options.variant)
        if key not in reasons:
            reasons[key] = _refusal(_live_rules(seed, "seed"))
        reason = reasons[key]
        items.append(deal if reason is None else RefusedDeal(deal.ident, seed, reason, deal))
    return items


def live_deals(seeds: Sequence[str]) -> list[Deal]:
    """The deal hanab.live deals for each seed string (of any player counts and variants), in the order given,
    named ``P<players>-live-<seed>`` (a ``legacy-x-`` prefix deals the same deck and is dropped), or by a
    hash of the deck and the seed for a suffix that is not 1 to 12 digits (a ``!seed`` table's)."""
    groups: dict[tuple[int, str], tuple[Rules, list[int]]] = {}
    for index, seed in enumerate(seeds):
        rules = _live_rules(seed, "seed")
        groups.setdefault((rules.players, rules.variant.name), (rules, []))[1].append(index)
    deals: list[Deal | None] = [None] * len(seeds)
    for rules, indices in groups.values():
        group = [seeds[i] for i in indices]
        for i, seed, types in zip(indices, group, types_from_seeds(group, rules.variant), strict=True):
            named = live_id(seed)  # None: the id cannot carry this seed string, the deal's record does
            ident = named or game_id(rules.players, "deck", deck_key(types, {"seed": seed}))
            deals[i] = Deal(types, rules.players, ident, {} if named else {"seed": seed}, options=rules.options)
    return [deal for deal in deals if deal is not None]  # every index is filled


def live_seeds(text: str, parameter: str = "hanab_live_seeds", strict: bool = False) -> LiveSeeds:
    """:class:`LiveSeeds` of one seed string or a range ``p3v0s1..1000``, suffixes of 1 to 12
    digits; :class:`InputError` naming ``parameter`` for a seed the toolkit cannot deal, and with ``strict``
    naming the first seed string for a variant whose rules the solvers refuse."""
    rules = _live_rules(text.partition("..")[0], f"`{parameter}`")
    try:
        prefix, first, last = seed_range(text)
    except InputError as err:
        hint = "" if ".." in text else " (one seed string of any suffix: `hanab_live_seed`)"
        raise InputError(err.message + hint, f"`{parameter}`") from None
    if strict:
        _check_playable(rules, f"{prefix}{first}")
    return LiveSeeds(prefix, first, last)


def live_seed(text: str, parameter: str = "hanab_live_seed", strict: bool = False) -> DealList:
    """The deal of exactly one seed string, whatever its suffix (no range), a :class:`RefusedDeal` where the solvers
    refuse its variant's rules; :class:`InputError` naming ``parameter`` for a seed the toolkit cannot deal, and
    with ``strict`` naming the seed string for a variant whose rules the solvers refuse."""
    rules = _live_rules(text, f"`{parameter}`")
    if strict:
        _check_playable(rules, text)
    return DealList(tuple(live_items([text])))


def games_list(path: str | os.PathLike[str], players: int | None = None, strict: bool = False,
               read: Callable[[str], list[Deal | Refused]] = read_source, partial: bool = False) -> DealList:
    """The games of a file or replay link, read by ``read`` (by default hanab.live's,
    :func:`~solitaire.seer.sources.history.read_source`), re-dealt to ``players`` when given; with ``strict`` the
    first refused record raises its :class:`InputError`, but for a deal known only in part
    (:class:`~solitaire.seer.sources.openspiel.PartialDeal`) where ``partial`` says the caller takes those."""
    items = read(str(path))
    if strict:
        split_refused([item for item in items if not (partial and isinstance(item, PartialDeal))], strict=True)
    return DealList(tuple(item if players is None or type(item) is Refused else _redealt(item, players)
                          for item in items))


def _redealt(deal, players):
    """``deal`` for ``players`` (a variant game, which cannot be re-dealt, is refused, and so is a deal known only in
    part, of other players: the cards past what is known would be dealt to other hands)."""
    if isinstance(deal, PartialDeal):
        return deal if deal.players == players else Refused(
            None, deal.source, f"a deck known up to card {len(deal.known)} (a game of {deal.players} players) is not "
                               f"re-dealt to {players} players (--players)")
    try:
        return deal.with_players(players)
    except InputError as err:
        return Refused(deal.ident, deal.meta.get("source", deal.ident), err.message)


_RANGE = re.compile(r"([0-9]+)(?::([0-9]+))?", re.ASCII)


def parse_seed_range(text: str, parameter: str, bits: int) -> tuple:
    """``A:B`` (seeds ``A .. B - 1``) or one seed ``A``, ASCII digits, ``0 <= A < B <= 2^bits``:
    ``(A, B)``, else :class:`InputError` naming ``parameter``.

    Examples
    --------
    >>> parse_seed_range("3:7", "seeds", 64), parse_seed_range("5", "seeds", 64)
    ((3, 7), (5, 6))
    """
    m = _RANGE.fullmatch(text)
    shown = repr(text if len(text) <= 50 else text[:47] + "...")
    if not m:
        raise InputError(f"expected A:B (seeds A..B-1) or A, in ASCII digits, got {shown}", f"`{parameter}`")
    if max(len(m.group(1)), len(m.group(2) or "")) > 20:  # 2^64 has 20 digits
        raise InputError(f"expected 0 <= A < B <= 2^{bits}, got {shown}", f"`{parameter}`")
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) is not None else first + 1
    if not first < last <= 2**bits:
        raise InputError(f"expected 0 <= A < B <= 2^{bits}, got {shown}", f"`{parameter}`")
    return first, last


#: The sources :func:`deal_source` takes, by name, exactly one a call: seed ranges, seed strings, a deal file, files of
#: games (hanab.live's, OpenSpiel's serialized games, Kaggle Game Arena replays, JaxMARL's decks and games).
SOURCES = ("seeds", "hle_seeds", "hanab_live_seeds", "hanab_live_seed", "deal", "hanab_live", "openspiel", "kaggle",
           "jaxmarl", "pyhanabi")

#: The readers of the files of games by source (``deal``: a hanab.live file given as a deal).
_GAME_READERS: dict[str, Callable[[str], list[Deal | Refused]]] = {
    "hanab_live": read_source, "deal": read_source, "openspiel": read_openspiel_file, "kaggle": read_kaggle_file,
    "jaxmarl": read_jaxmarl, "pyhanabi": read_pyhanabi}


def deal_source(players: int | None = None, strict: bool = False, hle_random_start: bool = False,
                **source: str | os.PathLike[str] | None) -> SeedRange | LiveSeeds | DealList:
    """The deals of exactly one ``source`` given by its name (:data:`SOURCES`; ``None`` values are not given):

    - ``seeds``, ``hle_seeds``: ``A:B`` text, our seeded deals or HLE's (with ``hle_random_start``, HLE's random
      starting player); they need ``players``;
    - ``hanab_live_seeds``: a hanab.live seed string or a range ``p3v0s1..1000`` (its players and variant are in
      the string); ``hanab_live_seed``: exactly one seed string, any suffix;
    - ``deal``: a deal file (text or ``.deck``, which need ``players``; hanab.live ``.json``/``.jsonl``);
    - ``hanab_live``: hanab.live games (a file or a replay link, :func:`~solitaire.seer.sources.history.read_source`);
      ``openspiel``: OpenSpiel's serialized games; ``kaggle``: a Kaggle Game Arena replay
      (:mod:`solitaire.seer.sources.openspiel`); ``jaxmarl``: JaxMARL's deck file, or a folder of its decks and
      recorded games (:mod:`solitaire.seer.sources.jaxmarl`); ``pyhanabi``: pyhanabi's logs, a folder of them or
      JSON Lines of its games (:mod:`solitaire.seer.sources.pyhanabi`).

    ``players`` re-deals the games of a file to that many players (another deal: its row has no real score). A game
    of a file the toolkit cannot read or play is a :class:`~solitaire.seer.sources.history.Refused` item of the list,
    a seed string's deal of a variant whose rules the solvers refuse a :class:`RefusedDeal` item (with ``strict``,
    either is an :class:`InputError`). Raises :class:`InputError` naming the parameter or file.

    Examples
    --------
    >>> deal_source(3, seeds="0:100").count
    100
    """
    unknown = sorted(set(source) - set(SOURCES))
    if unknown:
        raise TypeError(f"deal_source() got an unexpected keyword argument {unknown[0]!r}")
    given = {name: value for name, value in source.items() if value is not None}
    if len(given) != 1:
        raise InputError(f"give exactly one of {', '.join(f'`{name}`' for name in SOURCES)}", None)
    (name, value), = given.items()
    if hle_random_start and name != "hle_seeds":
        raise InputError("`hle_random_start` needs `hle_seeds`", None)
    if name in ("hanab_live_seeds", "hanab_live_seed"):
        return _seed_strings(name, str(value), players, strict)
    if name in _GAME_READERS:
        return _file_source(name, value, players, strict)
    if players is None:
        raise InputError("`players` is required with `seeds` and `hle_seeds`", None)
    dealer = "seed" if name == "seeds" else "hlerandom" if hle_random_start else "hle"
    first, last = parse_seed_range(str(value), name, SEED_BITS[dealer])
    return SeedRange(players, dealer, first, last)


def _check_file(path, folder=False):
    """:class:`InputError` unless ``path`` is a file (or, with ``folder``, a folder), checked before any work, so
    the error names it with the system's reason (no such file, a name too long, no permission, a folder)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as err:  # ValueError: a name with a null character
        raise InputError(f"cannot read the file ({getattr(err, 'strerror', None) or err})", str(path)) from None
    if not (stat.S_ISREG(mode) or folder and stat.S_ISDIR(mode)):
        why = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
        raise InputError(f"cannot read the file ({os.strerror(why)})", str(path))


def _seed_strings(name, text, players, strict):
    """The deals of ``hanab_live_seeds`` or ``hanab_live_seed`` (``name``), of ``players`` if given."""
    found = live_seeds(text, name, strict) if name == "hanab_live_seeds" else live_seed(text, name, strict)
    if players is not None and players != parse_seed(text).players:
        raise InputError(f"the seed is of {parse_seed(text).players} players, not `players` {players}", f"`{name}`")
    return found


def _file_source(name, path, players, strict):
    """The deals of the file ``path`` given as the source ``name`` (:data:`_GAME_READERS`): a deal's text or
    ``.deck`` file, or files of games."""
    if not (name in ("hanab_live", "deal") and looks_like_replay_link(str(path))):
        _check_file(path, folder=name in ("jaxmarl", "pyhanabi"))
    if name == "deal" and not (is_json_file(path) or looks_like_replay_link(str(path))):
        if players is None:
            raise InputError("`players` is required for a deal that is not a hanab.live game (JSON)", str(path))
        return DealList((read_deal(path, players),))
    return games_list(path, players, strict, _GAME_READERS[name], partial=True)


_PLAYERS = re.compile(r"[0-9]+(\.\.[0-9]+|(,[0-9]+)*)", re.ASCII)


def parse_players(text: str) -> list[int]:
    """The player counts of ``A..B``, ``3`` or ``2,4``, sorted, each once, all in 2..6; :class:`InputError`
    naming ``players`` and saying what was expected otherwise.

    Examples
    --------
    >>> parse_players("2..4"), parse_players("4,2,4")
    ([2, 3, 4], [2, 4])
    >>> parse_players("5..2")
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: `players`: expected A..B with A <= B (a range is written from its first count), \
got '5..2'
    """
    if not _PLAYERS.fullmatch(text):
        raise InputError(f"expected A..B or a list such as 2,4; got {text!r}", "`players`")
    if ".." in text:
        first, last = (int(x) for x in text.split(".."))
        if first > last:
            raise InputError(f"expected A..B with A <= B (a range is written from its first count), got {text!r}",
                             "`players`")
        found = list(range(first, last + 1)) if min(HAND_SIZES) <= first <= last <= max(HAND_SIZES) else []
    else:
        found = sorted({int(x) for x in text.split(",")})
    if not found or any(p not in HAND_SIZES for p in found):
        raise InputError(f"expected player counts in {PLAYER_RANGE}, got {text!r}", "`players`")
    return found


def first_id(source: SeedRange | LiveSeeds | DealList | DealChain) -> str | None:
    """The id of the first deal of ``source`` (``None``: it holds none), to show what its ids look like."""
    return next((item.ident for item in source.items() if isinstance(item, Deal)), None)


def deal_items(players: int | None = None, strict: bool = False, hle_random_start: bool = False,
               **source: str | os.PathLike[str] | None) -> Iterator[Deal | Refused]:
    """What ``deal`` prints of the source of :func:`deal_source`: its deals, a seed string's whatever its variant's
    rules (a deck is a deck: ``strict`` stops only at a game of a file), and the records of a file it refuses."""
    seeded = any(source.get(name) is not None for name in ("hanab_live_seeds", "hanab_live_seed"))
    found = deal_source(players, strict and not seeded, hle_random_start, **source)
    return (item.deal if isinstance(item, RefusedDeal) else item for item in found.items())


def deal_line(item: Deal | Refused, form: str = "json") -> str:
    """The line of ``deal``'s output for one item of a source: a deal as a hanab.live game without actions
    (``form`` ``json``), its text (``text``: ``r1 y2 ...``, the form :func:`read_deal` reads, which says nothing
    but the deck: a deal of another variant, with an option or with another starting player than player 0 is
    ``{"id", "text": null, "text_note"}``) or its replay link (``link``; a game the link cannot carry,
    ``{"id", "link": null, "link_note"}``); a refused record's row."""
    if isinstance(item, Refused):
        return json.dumps(item.to_json())
    if form == "link":
        url, note = link_or_reason(deal_to_hanablive(item))
        return url or json.dumps({"id": item.ident, "link": None, "link_note": note})
    if form == "text":
        text, reason = text_or_reason(item)
        if text is not None and item.start_player:
            text, reason = None, f"the text form cannot say who starts (player {item.start_player}, not player 0)"
        return text or json.dumps({"id": item.ident, "text": None, "text_note": reason})
    return json.dumps(deal_to_hanablive(item))


def _analysable(games: DealList, strict: bool) -> DealList:
    """``games`` with a game that records a score but no actions refused (:func:`~solitaire.seer.sources.history
    .unplayed`: ``analyze`` has no turn of it to show); with ``strict`` its :class:`InputError`."""
    items = []
    for item in games.records:
        reason = unplayed(item) if isinstance(item, Deal) else None
        if reason and strict:
            raise InputError(reason, item.meta.get("source", item.ident))
        items.append(Refused(item.ident, item.meta.get("source"), reason) if reason else item)
    return DealList(tuple(items))


def games_source(paths: Sequence[str], hanab_live_seeds: str | None = None, hanab_live_seed: str | None = None,
                 strict: bool = False, openspiel: Sequence[str] = (), kaggle: Sequence[str] = (),
                 jaxmarl: Sequence[str] = (), pyhanabi: Sequence[str] = ()) -> DealChain:
    """The games of ``analyze``: those of the hanab.live files or replay links ``paths`` (:func:`games_list`), of
    the files of OpenSpiel's serialized games ``openspiel`` and of the Kaggle Game Arena replays ``kaggle``
    (:mod:`solitaire.seer.sources.openspiel`), of JaxMARL's folders of recorded games ``jaxmarl``
    (:mod:`solitaire.seer.sources.jaxmarl`), of pyhanabi's logs ``pyhanabi`` (:mod:`solitaire.seer.sources.pyhanabi`),
    then hanab.live's deals of the seed range ``hanab_live_seeds``
    (:func:`live_seeds`) and of the one seed string ``hanab_live_seed`` (:func:`live_seed`), each game once; with
    ``strict`` the first record refused (a seed string's too, and a game with a score but no actions,
    :func:`~solitaire.seer.sources.history.unplayed`) is an :class:`InputError`."""
    for path in (*openspiel, *kaggle):
        _check_file(path)
    for path in (*jaxmarl, *pyhanabi):
        _check_file(path, folder=True)
    readers = ((read_source, paths), (read_openspiel_file, openspiel), (read_kaggle_file, kaggle),
               (read_jaxmarl, jaxmarl), (read_pyhanabi, pyhanabi))
    return DealChain((*(_analysable(games_list(path, strict=strict, read=read), strict)
                        for read, group in readers for path in group),
                      *([live_seeds(hanab_live_seeds, strict=strict)] if hanab_live_seeds else []),
                      *([live_seed(hanab_live_seed, strict=strict)] if hanab_live_seed else [])))

"""One name for a game everywhere: rows, summaries and file names (docs/formats.md, game ids).

An id is ``P<players>-<source>-<key>``, made of the characters ``[A-Za-z0-9-]`` only, so it is
also the name of the game's line file (``<id>.json``) on every file system:

=================  =====================================================  ==================
source             key                                                    example
=================  =====================================================  ==================
``seed``           our SplitMix64 seed, ``0 .. 2^64 - 1``                 ``P2-seed-17``
``hle``            HLE's seed, ``0 .. 2^31 - 1``, player 0 starts         ``P3-hle-5``
``hlerandom``      HLE's seed with HLE's random starting player           ``P3-hlerandom-5``
``live``           a hanab.live seed string (``p<P>v<variant>s<n>``)      ``P3-live-p3v0s17``
``game``           a hanab.live game number                               ``P3-game-98745``
``deck``           16 hex digits of SHA-256 over the game's record        ``P2-deck-0f3a…``
``jaxmarl``        a JaxMARL test deck's ``seed_idx`` (its place in the   ``P2-jaxmarl-17``
                   file where it has none)
``pyhanabi``       a pyhanabi game's id, 16 hex digits                    ``P2-pyhanabi-003d…``
=================  =====================================================  ==================

An HLE key may end in ``g<k>``, ``k >= 2``: the ``k``-th game dealt by one HLE game object
reset ``k`` times (``P2-hle-5g3``, :func:`solitaire.seer.game.hle.hle_deal` with ``earlier_draws``).
Decimal keys have no sign, no leading zero and ASCII digits only, so one game has one id.
A ``deck`` id names a deal read from a file with no game number: the hash covers the deck,
and for a real game also its recorded score, end and actions, so two records of one deck that
were played differently are two rows, and one record read twice is one.

The colon form ``P2:seed:17`` of older table rows is read as ``P2-seed-17``
(:func:`parse_id`); every id this toolkit writes has the dash form.
"""

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["SOURCES", "GameId", "game_id", "parse_id", "id_players", "deck_key", "line_file_name"]

#: Each source and the pattern of its key.
SOURCES = {
    "seed": r"0|[1-9][0-9]{0,19}",
    "hle": r"(?:0|[1-9][0-9]{0,9})(?:g[2-9]|g[1-9][0-9]{1,5})?",
    "hlerandom": r"(?:0|[1-9][0-9]{0,9})(?:g[2-9]|g[1-9][0-9]{1,5})?",
    "live": r"p[2-9]v[0-9]{1,6}s[0-9]{1,12}",
    "game": r"0|[1-9][0-9]{0,19}",
    "deck": r"[0-9a-f]{16}",
    "jaxmarl": r"0|[1-9][0-9]{0,9}",
    "pyhanabi": r"[0-9a-f]{16}",
}
_LIMITS = {"seed": 2**64, "hle": 2**31, "hlerandom": 2**31}
_ID = re.compile(r"P(?P<players>[2-6])[-:](?:"
                 + "|".join(rf"(?P<{name}>{name})[-:](?P<{name}_key>{key})" for name, key in SOURCES.items()) + ")",
                 re.ASCII)


@dataclass(frozen=True)
class GameId:
    """A parsed id: ``players``, ``source`` (a key of :data:`SOURCES`) and ``key`` (text)."""

    players: int
    source: str
    key: str

    def __str__(self) -> str:
        return f"P{self.players}-{self.source}-{self.key}"

    @property
    def number(self) -> int:
        """The key as a whole number (sources ``seed``, ``hle``, ``hlerandom``, ``game``; an HLE
        key's seed)."""
        return int(self.key.partition("g")[0])


def game_id(players: int, source: str, key: int | str) -> str:
    """The id of a game (see the module docstring); ``ValueError`` when it is not one.

    Examples
    --------
    >>> game_id(2, "seed", 17)
    'P2-seed-17'
    """
    text = f"P{players}-{source}-{key}"
    parse_id(text)
    return text


def parse_id(text: str) -> GameId:
    """The :class:`GameId` of ``text`` (dash or colon form); ``ValueError`` naming what is wrong.

    Examples
    --------
    >>> str(parse_id("P2:seed:0")), parse_id("P3-hle-7").number
    ('P2-seed-0', 7)
    """
    return GameId(*_fields(text))


def id_players(text: str) -> int:
    """The player count of the id ``text`` (:func:`parse_id`, without building a :class:`GameId`)."""
    return _fields(text)[0]


def _fields(text):
    """``(players, source, key)`` of the id ``text``, or ``ValueError``."""
    m = _ID.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"expected an id P<players>-<source>-<key> (sources {', '.join(SOURCES)}), got {text!r}")
    source, key = m.lastgroup[:-len("_key")], m.group(m.lastgroup)
    if source in _LIMITS and len(key) >= 10 and int(key.partition("g")[0]) >= _LIMITS[source]:
        raise ValueError(f"expected a {source} key below 2^{_LIMITS[source].bit_length() - 1}, got {text!r}")
    return int(m.group("players")), source, key


def deck_key(types: Iterable[int], record: dict[str, Any] | None = None) -> str:
    """The key of a ``deck`` id: SHA-256 over the card types and the game's ``record`` (a dict of
    what was played: score, end, actions; ``None`` for a bare deck), first 16 hex digits."""
    text = json.dumps({"deck": [int(t) for t in types], "record": record}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def line_file_name(ident: str) -> str:
    """The name of the file holding the optimal line of the game ``ident``: ``<id>.json``."""
    return f"{parse_id(ident)}.json"

"""OpenSpiel and Kaggle Game Arena Hanabi games read as the toolkit's deals.

OpenSpiel's ``hanabi`` game (``pyspiel.load_game("hanabi", {...})``, a wrapper of the Hanabi
Learning Environment, HLE) deals every card as an explicit chance action, so the action history of
a state is its deck order (as far as it was dealt) interleaved with the players' moves. This module
reads that history, from a live pyspiel state (:func:`deal_from_openspiel_state`), from the text
``pyspiel.serialize_game_and_state`` writes (:func:`read_openspiel`, no pyspiel needed) or from a
Kaggle Game Arena replay (:func:`read_kaggle`), and returns per game a
:class:`~solitaire.seer.game.deals.Deal` with ``meta["actions"]`` in hanab.live's action format, judged
by :func:`solitaire.seer.sources.history.judge` (``end``, ``played``, ``real_score``), or a
:class:`~solitaire.seer.sources.history.Refused` record with a one-line reason.

Encodings (OpenSpiel ``open_spiel/games/hanabi/hanabi.cc`` maps actions to HLE's
``HanabiGame::GetChanceOutcomeUid`` / ``GetMoveUid``, ``hanabi_lib/hanabi_game.cc``):

* A chance action ``a`` deals the card of HLE color ``a // 5`` and rank ``a % 5 + 1``; HLE's colors
  are ``R Y G W B``, the toolkit's suits ``r y g b w`` (:data:`~solitaire.seer.game.hle.HLE_TO_SUIT`).
  The ``k``-th chance action is deck card ``k``; HLE deals in blocks (``PlayerToDeal`` is the first
  player whose hand is short), then refills the hand of the player who just played or discarded.
* A move ``u`` of a game of ``P`` players with hands of ``h`` cards: ``u < h`` discards hand slot
  ``u``; ``h <= u < 2h`` plays slot ``u - h``; then ``(P - 1) * 5`` color reveals, offset
  ``1 + v // 5`` and color ``v % 5``, then ``(P - 1) * 5`` rank reveals, offset ``1 + v // 5`` and
  rank ``v % 5 + 1``. A hand's slots are its cards oldest first (HLE removes the card and appends
  the new one), so a slot is a deck order, and a reveal to offset ``o`` by player ``p`` targets
  player ``(p + o) mod P``. The hanab.live action is a play or discard of that deck order, or a
  color clue (value: the toolkit's suit) or rank clue (value: the rank) to that player.

Rules. HLE's rules are the toolkit's standard game (8 clue tokens, a discard needs fewer than 8,
a completed stack returns one, 3 strikes, one more turn for every player after the last draw).
Game parameters: ``players`` (2..5), ``colors`` and ``ranks`` (5 each), ``hand_size`` (5 for 2 or
3 players, 4 for 4 or 5), ``max_information_tokens`` (8) and ``max_life_tokens`` (3) must be those
values when given; any other value, or a parameter this module does not know, refuses the game,
naming the parameter. ``seed`` and ``observation_type`` change nothing on the table and are read.
``random_start_player`` (HLE's random first player, drawn outside the history): a pyspiel state and
a Python game's text name every action's player, so the first mover is read off; the plain text of
a C++ state does not (OpenSpiel's own ``deserialize_game_and_state`` draws a new one), so the
starting player is the one player of ``0..P-1`` under whom every move is legal, and the game is
refused when more than one fits.

Scores. OpenSpiel's ``returns()`` (and Kaggle's rewards) is HLE's ``Score()``: the fireworks sum,
and 0 once the last life token is lost, which is hanab.live's score (``real_score``) of a game
that ended; a non-terminal state returns its fireworks sum, which is ``played``.

A game that ended (or a state taken) before the last draw leaves the rest of the deck unknown:
it is a :class:`PartialDeal`, a :class:`~solitaire.seer.sources.history.Refused` record whose reason is
``the deck is known only up to card N (the game ended before the last draw)`` (``... (the game is
not over)`` for a state taken mid-game), carrying the known prefix, the players, the starting
player and the actions; :meth:`PartialDeal.complete` makes a full deal from it. ``bound`` gives it the row of
a partial deck (:mod:`solitaire.seer.runs.partial`: bounds over every completion, U3 over seeded
completions); ``analyze``, which needs a whole deck, refuses it with that reason.

Kaggle's 2v2 arena (``open_spiel_hanabi_arena``, OpenSpiel game ``hanabi_arena``) seats two teams at two 2-player
tables of ``hanabi`` dealt the one deck its ``seed`` shuffles before the first turn, with no chance action in its
history: :func:`arena_tables` reads each table's moves from the replay's last state and deals them that deck
(:func:`arena_deck`), whole however early the table's game ended.

Ids. A deal is named by a ``deck`` id (:mod:`solitaire.seer.game.ids`): SHA-256 over its deck and the
record ``{"actions", "start_player"}``, so one game has one id read from either source.

Examples
--------
>>> text = ("[Meta]\\nVersion: 1\\n\\n[Game]\\nhanabi(players=2)\\n[State]\\n"
...         + "".join(f"{a}\\n" for a in [0, 5, 10, 15, 20, 1, 6, 11, 16, 21]) + "5\\n")
>>> item, = read_openspiel(text, "g.txt")
>>> item.reason
'the deck is known only up to card 10 (the game is not over)'
>>> item.known_text(), item.actions
('r1 y1 g1 w1 b1 r2 y2 g2 w2 b2', ({'type': 0, 'target': 0},))
>>> read_openspiel(text.replace("players=2", "players=2,colors=4"), "g.txt")[0].reason
'colors=4: the toolkit plays 5 colors'
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_line, json_records, parse_json, read_text, text_lines
from solitaire.seer.game.deals import DECK_SIZE, RANKS, STANDARD_COUNTS, Deal, card_name, check_deck, hand_size
from solitaire.seer.game.hle import HLE_TO_SUIT
from solitaire.seer.game.ids import deck_key, game_id
from solitaire.seer.game.simulator import COLOR_CLUE, DISCARD, PLAY, RANK_CLUE
from solitaire.seer.sources.history import Refused, RefusedRow, judge

__all__ = ["PartialDeal", "GAMES", "parse_game_string", "parse_serialized", "deal_from_history",
           "deal_from_openspiel_state", "deal_from_hle_state", "read_openspiel", "read_openspiel_file", "read_kaggle",
           "read_kaggle_file", "arena_deck", "arena_tables"]

#: The OpenSpiel game names read: the C++ ``hanabi`` and Kaggle's Python wrapper of it.
GAMES = ("hanabi", "hanabi_proxy")
#: Kaggle's 2v2 environment and its OpenSpiel game (:func:`arena_tables`).
ARENA_ENV, ARENA_GAME = "open_spiel_hanabi_arena", "hanabi_arena"
#: HLE's colors, in HLE's order.
HLE_COLORS = "RYGWB"
#: Game parameters that change nothing on the table.
_IGNORED = ("seed", "observation_type")
#: Field names of a JSON object holding a serialized game-and-state text.
_TEXT_FIELDS = ("serializedGameAndState", "serialized_game_and_state")


@dataclass(frozen=True)
class PartialDeal(Refused):
    """A game whose deck is known only up to card ``len(known)``: a :class:`Refused` record
    (``reason`` says so) carrying what is known.

    ``known`` is the types of the first cards in deck order, ``actions`` the hanab.live actions
    (none touches a card past ``known``), ``end`` and ``played`` how the game stood after them
    (:func:`~solitaire.seer.sources.history.judge` of any completion).
    """

    players: int = 2
    known: tuple[int, ...] = ()
    start_player: int = 0
    actions: tuple[dict, ...] = field(default=(), repr=False)
    end: str = "unfinished"
    played: int = 0

    def missing(self) -> list[int]:
        """The types not in ``known``, in canonical order (suit by suit, ranks ascending)."""
        return _missing(self.known)

    def complete(self, rest: Sequence[int] | None = None) -> Deal:
        """The judged deal of ``known`` followed by ``rest`` (default: :meth:`missing`), named by a
        ``deck`` id of its whole deck; ``InputError`` when it is not the standard deck."""
        types = list(self.known) + list(self.missing() if rest is None else rest)
        check_deck(types, self.source)
        return _deal(types, self.players, self.start_player, list(self.actions), {"source": self.source})

    def known_text(self) -> str:
        """The known prefix in the toolkit's text form (``r1 y2 ...``)."""
        return " ".join(card_name(t) for t in self.known)

    def to_json(self) -> PartialDealRow:
        """The refused row with what is known (:class:`PartialDealRow`)."""
        return {**super().to_json(), "players": self.players, "start_player": self.start_player,
                "known_deck": self.known_text(), "actions": list(self.actions), "end": self.end, "played": self.played}


class PartialDealRow(RefusedRow):
    """The row of a :class:`PartialDeal`: a refused row, and the players, the starting player, the known cards in
    text form, the actions and how the game stood after them."""

    players: int
    start_player: int
    known_deck: str
    actions: list[dict]
    end: str
    played: int


def _missing(known: Sequence[int]) -> list[int]:
    left = STANDARD_COUNTS.copy()
    for t in known:
        left[t] -= 1
    return [t for t, n in enumerate(left.tolist()) for _ in range(n)]


def parse_game_string(text: str, source: str = "<game>") -> tuple[str, dict[str, str]]:
    """The name and parameters (as text) of an OpenSpiel game string ``name(key=value,...)``.

    Examples
    --------
    >>> parse_game_string("hanabi(players=3,random_start_player=True)")
    ('hanabi', {'players': '3', 'random_start_player': 'True'})
    """
    text = text.strip()
    m = re.fullmatch(r"([A-Za-z0-9_]+)(?:\((.*)\))?", text, re.DOTALL)
    if not m:
        raise InputError(f"expected an OpenSpiel game string name(key=value,...), got {text[:60]!r}", source)
    params, depth, start, body = {}, 0, 0, m.group(2) or ""
    for i, char in enumerate(body + ","):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            key, eq, value = body[start:i].partition("=")
            if key.strip() or eq:
                if not eq:
                    raise InputError(f"expected key=value in the game string, got {body[start:i]!r}", source)
                params[key.strip()] = value.strip()
            start = i + 1
    return m.group(1), params


def _int_param(params: dict[str, str], key: str, default: int) -> int:
    if key not in params:
        return default
    try:
        return int(params[key])
    except ValueError:
        raise InputError(f"{key}={params[key]}: expected a whole number") from None


def _bool_param(params: dict[str, str], key: str) -> bool:
    value = params.get(key, "false").lower()
    if value not in ("true", "false", "1", "0"):
        raise InputError(f"{key}={params[key]}: expected true or false")
    return value in ("true", "1")


def _rules(name: str, params: dict[str, str]) -> tuple[int, bool]:
    """``(players, random_start_player)`` of a game the toolkit plays; ``InputError`` naming the
    first parameter (or the game) that differs from the toolkit's rules."""
    if name not in GAMES:
        raise InputError(f"the game {name!r} is not OpenSpiel's Hanabi (expected {' or '.join(GAMES)})")
    known = {"players", "colors", "ranks", "hand_size", "max_information_tokens", "max_life_tokens",
             "random_start_player", *_IGNORED}
    unknown = sorted(set(params) - known)
    if unknown:
        raise InputError(f"{unknown[0]}={params[unknown[0]]}: a parameter the toolkit does not know")
    players = _int_param(params, "players", 2)  # HLE's defaults
    if not 2 <= players <= 5:
        raise InputError(f"players={players}: OpenSpiel's Hanabi (as HLE) plays 2..5 players")
    expected = {"colors": (5, "5 colors"), "ranks": (5, "5 ranks"),
                "hand_size": (hand_size(players), f"hands of {hand_size(players)} cards with {players} players"),
                "max_information_tokens": (8, "8 information tokens"), "max_life_tokens": (3, "3 life tokens")}
    for key, (value, words) in expected.items():
        if _int_param(params, key, value) != value:
            raise InputError(f"{key}={params[key]}: the toolkit plays {words}")
    return players, _bool_param(params, "random_start_player")


def parse_serialized(text: str, source: str = "<openspiel>") -> tuple[str, list[int], list[int] | None]:
    """The game string, the action history and each action's player (``None`` when the text does not
    name them) of one ``pyspiel.serialize_game_and_state`` text.

    Two state forms are read: a C++ state, one action a line; a Python game's state (Kaggle's
    ``hanabi_proxy``), ``history=player:action,...`` (its ``move_number`` and pickled ``__dict__``
    lines are skipped, never unpickled).

    Examples
    --------
    >>> parse_serialized("[Meta]\\nVersion: 1\\n[Game]\\nhanabi\\n[State]\\nhistory=-1:3,-1:4,0:7\\nmove_number=3\\n")
    ('hanabi', [3, 4, 7], [-1, -1, 0])
    """
    sections: dict[str, list[str]] = {}
    current = None
    for line in text_lines(text):
        stripped = line.strip()
        if stripped.startswith("#") and current is None:
            continue
        if stripped in ("[Meta]", "[Game]", "[State]"):
            current = sections.setdefault(stripped, [])
        elif current is None:
            if stripped:
                raise InputError(f"expected an OpenSpiel serialized game and state ([Meta], [Game], [State]), "
                                 f"got {stripped[:40]!r}", source)
        else:
            current.append(line)
    missing = [name for name in ("[Meta]", "[Game]", "[State]") if name not in sections]
    if missing:
        raise InputError(f"expected an OpenSpiel serialized game and state: no {missing[0]} section", source)
    version = [ln.strip() for ln in sections["[Meta]"] if ln.strip()]
    if version != ["Version: 1"]:
        raise InputError(f"expected [Meta] 'Version: 1', got {' '.join(version)[:40]!r}", source)
    game = [ln for ln in sections["[Game]"] if ln.strip()]
    if len(game) != 1:
        raise InputError(f"expected one game string in [Game], got {len(game)} lines", source)
    actions, actors = _state_actions([ln.strip() for ln in sections["[State]"] if ln.strip()], source)
    return game[0].strip(), actions, actors


def _state_actions(lines: list[str], source: str) -> tuple[list[int], list[int] | None]:
    if lines and lines[0].startswith("history="):
        pairs = [p for p in lines[0][len("history="):].split(",") if p]
        try:
            split = [tuple(int(x) for x in pair.split(":")) for pair in pairs]
            if any(len(p) != 2 for p in split):
                raise ValueError
        except ValueError:
            raise InputError(f"expected history=player:action,..., got {lines[0][:60]!r}", source) from None
        return [a for _, a in split], [p for p, _ in split]
    try:
        return [int(ln) for ln in lines], None
    except ValueError:
        bad = next(ln for ln in lines if not re.fullmatch(r"-?[0-9]+", ln))
        raise InputError(f"expected one action (a whole number) a line in [State], got {bad[:40]!r}", source) from None


class _Table:
    """HLE's table, as far as the history needs it: the deck dealt so far, every hand as deck orders
    (oldest first), who is to move."""

    def __init__(self, players: int, start: int) -> None:
        self.players, self.hand = players, hand_size(players)
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.current = start
        self.left = STANDARD_COUNTS.tolist()

    def chance_next(self) -> bool:
        """Whether HLE deals next: the deck is not empty and a hand is short."""
        return len(self.deck) < DECK_SIZE and any(len(h) < self.hand for h in self.hands)

    def deal(self, outcome: int) -> None:
        if not 0 <= outcome < 25:
            raise ValueError(f"{outcome} is not a card (chance outcomes are 0..24)")
        t = HLE_TO_SUIT[outcome // RANKS] * RANKS + outcome % RANKS
        if not self.left[t]:
            raise ValueError(f"{HLE_COLORS[outcome // RANKS]}{outcome % RANKS + 1}: no copy left in the deck")
        self.left[t] -= 1
        short = next(p for p, h in enumerate(self.hands) if len(h) < self.hand)
        self.hands[short].append(len(self.deck))
        self.deck.append(t)

    def move(self, uid: int) -> dict[str, int]:
        """The hanab.live action of HLE move ``uid`` by the player to move, who then passes the turn."""
        p, h, colors = self.current, self.hand, 5 * (self.players - 1)
        hand = self.hands[p]
        if 0 <= uid < 2 * h:
            slot = uid % h
            if slot >= len(hand):
                raise ValueError(f"{'play' if uid >= h else 'discard'} of slot {slot}: player {p} holds "
                                 f"{len(hand)} cards")
            action = {"type": PLAY if uid >= h else DISCARD, "target": hand.pop(slot)}
        elif 2 * h <= uid < 2 * h + 2 * colors:
            v = uid - 2 * h
            kind, v = (COLOR_CLUE, v) if v < colors else (RANK_CLUE, v - colors)
            value = HLE_TO_SUIT[v % 5] if kind == COLOR_CLUE else v % 5 + 1
            action = {"type": kind, "target": (p + 1 + v // 5) % self.players, "value": value}
        else:
            raise ValueError(f"{uid} is not a move (moves are 0..{2 * h + 2 * colors - 1})")
        self.current = (p + 1) % self.players
        return action


def _convert(players: int, actions: Sequence[int], start: int,
             actors: Sequence[int] | None) -> tuple[list[int], list[dict]]:
    """The deck dealt and the hanab.live actions of an OpenSpiel history; ``InputError`` naming the
    first action that is not what HLE's table allows next."""
    table, moves = _Table(players, start), []
    for number, uid in enumerate(actions, start=1):
        chance = table.chance_next()
        try:
            if actors is not None and actors[number - 1] != (-1 if chance else table.current):
                raise ValueError(f"expected {'a chance outcome' if chance else f'player {table.current}'} "
                                 f"to act, got player {actors[number - 1]}")
            if chance:
                table.deal(uid)
            else:
                moves.append(table.move(uid))
        except ValueError as err:
            raise InputError(f"OpenSpiel action {number}: {err}") from None
    return table.deck, moves


def _deal(types: list[int], players: int, start: int, actions: list[dict], meta: dict,
          table: dict | None = None) -> Deal:
    """The judged deal of a whole deck, named by its ``deck`` id (of the deck, the actions, the starting player and
    the ``table`` the game was played at, when a log holds games of one deck that may be played alike: the arena's
    replay and team)."""
    ident = game_id(players, "deck", deck_key(types, {"actions": actions, "start_player": start, **(table or {})}))
    meta = dict(meta, actions=actions, **({"start_player": start} if start else {}))
    return judge(Deal(types, players, ident, meta, start), meta.get("source"))


def _item(deck: list[int], players: int, start: int, actions: list[dict], meta: dict,
          terminal: bool | None) -> Deal | Refused:
    """A whole deck's judged deal, or the :class:`PartialDeal` of a deck known up to a card."""
    source = meta["source"]
    if len(deck) == DECK_SIZE:
        return _deal(deck, players, start, actions, meta)
    judged = _deal(deck + _missing(deck), players, start, actions, meta)  # no action reaches the unknown cards
    end, played = judged.meta.get("end", "unfinished"), judged.meta.get("played", 0)  # no move yet: unfinished
    over = end != "unfinished" if terminal is None else terminal
    why = "the game ended before the last draw" if over else "the game is not over"
    ident = game_id(players, "deck", deck_key(deck, {"actions": actions, "start_player": start}))
    return PartialDeal(ident, source, f"the deck is known only up to card {len(deck)} ({why})", players,
                       tuple(deck), start, tuple(actions), end, played)


def deal_from_history(game: str, actions: Sequence[int], actors: Sequence[int] | None = None,
                      source: str = "<openspiel>", terminal: bool | None = None,
                      score: int | None = None) -> Deal | Refused:
    """The deal (or the refusal) of an OpenSpiel Hanabi game string and action history.

    Parameters
    ----------
    game : str
        The game string (``hanabi(players=3)``; ``hanabi_proxy(...)`` from Kaggle).
    actions : sequence of int
        Every action, chance outcomes included, in order (``state.history()``).
    actors : sequence of int, optional
        Each action's player, ``-1`` for chance (``state.full_history()``); without it the starting
        player is 0, or under ``random_start_player`` the one player under whom the moves are legal.
    source : str
        Where the game was read (``file:line``), kept as ``meta["source"]``.
    terminal : bool, optional
        Whether OpenSpiel's state is terminal (the reason of a partial deck says so); default: as
        the toolkit's rules judge the actions.
    score : int, optional
        OpenSpiel's return of a terminal state, recorded as ``real_score`` (the replay must agree).

    Returns
    -------
    Deal or Refused
        The judged deal of a whole deck; a :class:`PartialDeal` when the history deals part of it; a
        :class:`Refused` record naming the parameter, the action or the rule that stops it.
    """
    try:
        name, params = parse_game_string(game, source)
        players, random_start = _rules(name, params)
        starts = [0]
        if actors is not None:
            starts = [next((a for a in actors if a >= 0), 0)]
        elif random_start:
            starts = list(range(players))
        meta: dict[str, Any] = {"source": source, "openspiel": game}
        if score is not None:
            meta["real_score"] = score
        found, errors = [], []
        for start in starts:
            try:
                deck, moves = _convert(players, actions, start, actors)
                found.append(_item(deck, players, start, moves, meta, terminal))
            except InputError as err:
                errors.append(err)
        if len(found) > 1:
            raise InputError(f"random_start_player=True: the history does not name the starting player, and "
                             f"{len(found)} players fit its moves")
        if not found:
            raise errors[0]
        return found[0]
    except InputError as err:
        return Refused(None, source, err.message)


def deal_from_openspiel_state(state: Any, source: str = "<pyspiel>") -> Deal | Refused:
    """The deal (or the refusal) of a pyspiel Hanabi state: its game string, its full history (every
    action's player) and, when terminal, its return as ``real_score``."""
    history = state.full_history()
    terminal = bool(state.is_terminal())
    score = int(state.returns()[0]) if terminal else None
    return deal_from_history(str(state.get_game()), [h.action for h in history], [h.player for h in history],
                             source, terminal, score)


def deal_from_hle_state(state: Any, game: Any, source: str = "<hle>") -> Deal | Refused:
    """The deal (or the refusal) of a state of the Hanabi Learning Environment's Python API
    (``hanabi_learning_environment.pyhanabi``) and of its ``game`` (the ``HanabiGame`` it was made by).

    HLE's move history holds every card dealt, as a deal move, and every player's move, in order: OpenSpiel's
    history is the same with each deal as its chance outcome ``color * ranks + rank`` and each move as
    ``game.get_move_uid(move)``, so the history is read as :func:`deal_from_history` reads OpenSpiel's, the game's
    parameters checked by name and its score, once terminal, as ``real_score``."""
    params = {"players": game.num_players(), "colors": game.num_colors(), "ranks": game.num_ranks(),
              "hand_size": game.hand_size(), "max_information_tokens": game.max_information_tokens(),
              "max_life_tokens": game.max_life_tokens()}
    text = "hanabi(" + ",".join(f"{key}={value}" for key, value in params.items()) + ")"
    history = state.move_history()
    actions = [item.move().color() * params["ranks"] + item.move().rank() if item.player() < 0
               else game.get_move_uid(item.move()) for item in history]
    terminal = bool(state.is_terminal())
    return deal_from_history(text, actions, [item.player() for item in history], source, terminal,
                             int(state.score()) if terminal else None)


def _from_text(text: str, source: str, score: int | None = None, terminal: bool | None = None) -> Deal | Refused:
    try:
        game, actions, actors = parse_serialized(text, source)
    except InputError as err:
        return Refused(None, source, err.message)
    return deal_from_history(game, actions, actors, source, terminal, score)


def _is_serialized(text: str) -> bool:
    """Whether ``text`` holds serialized texts: it starts with one (a comment or ``[Meta]``), or a line of it is
    ``[Meta]`` (texts beside JSON lines)."""
    return text.lstrip().startswith(("#", "[Meta]")) or any(ln.strip() == "[Meta]" for ln in text_lines(text))


def _split_texts(text: str) -> list[tuple[str, int, bool]]:
    """The records of a file of serialized texts, each ``(its text, the line it starts on, whether it is a JSON
    line)``: a serialized text from its ``[Meta]`` line (or the comment line before it) to the next record, and a
    line that starts with ``{`` or ``"`` (a JSON object or string, as in JSON Lines: files joined by ``cat``) a
    record of its own, which no line of a serialized text is. Lines that are blank or comments only are none."""
    lines = text_lines(text)
    json_lines = {i for i, ln in enumerate(lines) if ln.lstrip().startswith(("{", '"'))}
    metas = {i for i, ln in enumerate(lines) if ln.strip() == "[Meta]"}
    starts = sorted({i - 1 if i and lines[i - 1].strip().startswith("#") else i for i in metas} | json_lines
                    | {0} | {i + 1 for i in json_lines if i + 1 < len(lines)})
    bounds = starts[1:] + [len(lines)]
    return [("\n".join(lines[a:b]) + "\n", a + 1, a in json_lines) for a, b in zip(starts, bounds, strict=True)
            if any(ln.strip() and not ln.strip().startswith("#") for ln in lines[a:b])]


def read_openspiel(text: str, source: str = "<string>") -> list[Deal | Refused]:
    """Every game of ``text``, in order, each a judged :class:`Deal` or a :class:`Refused` record.

    Forms: one ``pyspiel.serialize_game_and_state`` text, or several one after another (each from
    its ``[Meta]`` line, the generated comment line before it optional; JSON lines among them are records of their
    own); or JSON: one value, a JSON
    array of values or JSON Lines, each value the serialized text as a JSON string or an object
    holding it in ``serializedGameAndState`` (Kaggle's name) or ``serialized_game_and_state``.
    Sources are ``file:line``, the line a text or a JSON value starts on (a JSON array's element too).
    Only a text that is no game at all raises :class:`InputError`.
    """
    if not text.strip():
        raise InputError("file is empty: expected OpenSpiel serialized games", source)
    if _is_serialized(text):
        return [_json_item(json_line(part, source, line), f"{source}:{line}") if is_json
                else _from_text(part, f"{source}:{line}") for part, line, is_json in _split_texts(text)]
    records = json_records(text, source, lambda value: isinstance(value, (str, dict)))
    if not any(isinstance(value, (str, dict)) for value, _, _ in records):
        raise InputError("expected OpenSpiel serialized games: a serialized text, or JSON strings or objects "
                         "holding them", source)
    return [_json_item(record.value, record.where) for record in records]


def _json_item(value: Any, where: str) -> Deal | Refused:
    if isinstance(value, InputError):  # a line of JSON Lines that is not JSON
        return Refused(None, where, value.message)
    if isinstance(value, dict):
        value = next((value[k] for k in _TEXT_FIELDS if k in value), None)
    if not isinstance(value, str):
        return Refused(None, where, f"expected a serialized game and state (a JSON string, or an object with "
                                    f"{' or '.join(_TEXT_FIELDS)})")
    return _from_text(value, where)


def read_openspiel_file(path: str | os.PathLike[str]) -> list[Deal | Refused]:
    """Every game of the file ``path`` (:func:`read_openspiel`)."""
    return read_openspiel(read_text(path), str(path))


def read_kaggle(text: str, source: str = "<string>") -> list[Deal | Refused]:
    """Every Hanabi episode of a Kaggle Game Arena replay file, in order, each a judged :class:`Deal`
    or a :class:`Refused` record.

    A replay is the JSON of ``env.toJSON()`` (Kaggle's episode replay): ``name``
    (``open_spiel_hanabi``), ``info`` with ``openSpielGameStringResolved`` and ``actionHistory``
    (every OpenSpiel action, chance outcomes included, as text), ``steps`` (each step one entry per
    agent, whose ``observation`` holds ``serializedGameAndState``, ``isTerminal``), ``rewards`` and
    ``statuses``. The game is read from the last step's serialized state (it names each action's
    player), else from ``info``. When every agent is ``DONE`` and the state is terminal, the shared
    reward is OpenSpiel's return and becomes ``real_score`` (the replay must agree); an episode
    stopped by an agent's ``INVALID``, ``ERROR`` or ``TIMEOUT`` keeps its actions (``unfinished``). A replay of
    the 2v2 ``open_spiel_hanabi_arena`` gives its two tables' games (:func:`arena_tables`).

    Forms: one replay object, a JSON array of them, or JSON Lines.
    """
    if not text.strip():
        raise InputError("file is empty: expected Kaggle replays", source)
    records = json_records(text, source, lambda value: isinstance(value, dict))
    if not any(isinstance(value, dict) for value, _, _ in records):
        raise InputError("expected Kaggle replays: a replay object, a JSON array of them or JSON Lines", source)
    return [item for record in records for item in _kaggle_items(record.value, record.where)]


def _kaggle_items(replay: Any, where: str) -> list[Deal | Refused]:
    """The games of one replay: one of ``open_spiel_hanabi``, the two tables of ``open_spiel_hanabi_arena``."""
    if isinstance(replay, InputError):  # a line of JSON Lines that is not JSON
        return [Refused(None, where, replay.message)]
    if not isinstance(replay, dict) or not isinstance(replay.get("info"), dict):
        return [Refused(None, where, "expected a Kaggle replay object with 'info'")]
    name = replay.get("name")
    if name == ARENA_ENV:
        return arena_tables(replay, where)
    if name != "open_spiel_hanabi":
        return [Refused(None, where, f"the replay is of {name!r}, not Kaggle's open_spiel_hanabi or {ARENA_ENV}")]
    return [_kaggle_item(replay, where)]


def _kaggle_item(replay: dict, where: str) -> Deal | Refused:
    last = _last_observations(replay.get("steps"))
    terminal = any(obs.get("isTerminal") is True for obs in last)
    statuses = replay.get("statuses")
    rewards = replay.get("rewards")
    score = None
    if terminal and isinstance(statuses, list) and statuses and all(s == "DONE" for s in statuses) \
            and isinstance(rewards, list) and rewards and all(r == rewards[0] for r in rewards) \
            and isinstance(rewards[0], (int, float)) and float(rewards[0]).is_integer():
        score = int(rewards[0])
    text = next((obs["serializedGameAndState"] for obs in last
                 if isinstance(obs.get("serializedGameAndState"), str)), None)
    if text is not None:
        return _from_text(text, where, score, terminal if last else None)
    info = replay["info"]
    game, history = info.get("openSpielGameStringResolved"), info.get("actionHistory")
    if not isinstance(game, str) or not isinstance(history, list):
        return Refused(None, where, "expected 'info' with 'openSpielGameStringResolved' and 'actionHistory'")
    try:
        actions = [int(a) for a in history]
    except (TypeError, ValueError):
        return Refused(None, where, "expected 'info.actionHistory' to be OpenSpiel actions (whole numbers)")
    return deal_from_history(game, actions, None, where, terminal if last else None, score)


def arena_deck(seed: int) -> list[int]:
    """The deck of Kaggle's ``hanabi_arena`` game of ``seed`` as HLE's card uids (``color * 5 + rank - 1``) in
    draw order, both tables' deck: every uid as often as the deck holds it, in uid order (the undealt table's
    chance outcomes), shuffled by Python's ``random.Random(seed)`` (the arena's ``_shuffled_deck``).

    >>> len(arena_deck(7)), sorted(arena_deck(7)) == sorted(arena_deck(8))
    (50, True)
    """
    deck = [uid for uid in range(5 * RANKS) for _ in range(int(STANDARD_COUNTS[uid % RANKS]))]
    random.Random(seed).shuffle(deck)
    return deck


def arena_tables(replay: dict, where: str) -> list[Deal | Refused]:
    """The two games of a replay of Kaggle's 2v2 environment ``open_spiel_hanabi_arena``: its OpenSpiel game
    ``hanabi_arena`` seats two teams at two 2-player tables of OpenSpiel's ``hanabi``, both dealt the deck the
    game's ``seed`` shuffles (:func:`arena_deck`), so each table's deck is known whole however early its game ended.
    Each table is read from the last state of ``info.stateHistory`` (its ``move_history``: each move's OpenSpiel
    action and seat, and the face of each card played or discarded, which must be the deck's); a finished table's
    ``score`` (HLE's, 0 after the third strike) is its ``real_score``. Sources are ``<where> team <t>``; ids are
    those of the deck, the moves, the replay's ``id`` and the team, so two teams that play alike are two games."""
    info = replay["info"]
    try:
        game, states = info.get("openSpielGameStringResolved"), info.get("stateHistory")
        if not isinstance(game, str) or not isinstance(states, list) or not states:
            raise InputError("expected 'info' with 'openSpielGameStringResolved' and 'stateHistory'")
        name, params = parse_game_string(game, where)
        if name != ARENA_GAME:
            raise InputError(f"the game {name!r} is not Kaggle's {ARENA_GAME}")
        seed = _int_param(params, "seed", 0)
        _rules("hanabi", {**{key: value for key, value in params.items() if key != "seed"}, "players": "2"})
        last = parse_json(states[-1], where) if isinstance(states[-1], str) else states[-1]
        tables = last.get("tables") if isinstance(last, dict) else None
        if not isinstance(tables, list) or not tables:
            raise InputError("expected the last state of 'info.stateHistory' to hold the 'tables'")
    except InputError as err:
        return [Refused(None, where, err.message)]
    deck, episode = arena_deck(seed), replay.get("id")
    return [_arena_table(deck, table, game, f"{where} team {team}", {"episode": episode, "team": team})
            for team, table in enumerate(tables)]


def _arena_table(deck: list[int], table: Any, game: str, where: str, place: dict) -> Deal | Refused:
    """One table's judged deal: OpenSpiel's history of its 2-player game (the deck's cards as chance outcomes
    where HLE deals them), converted as :func:`deal_from_history` converts it, each face recorded checked."""
    try:
        entries = table.get("move_history") if isinstance(table, dict) else None
        if not isinstance(entries, list) or not all(isinstance(e, dict) and is_whole(e.get("action"))
                                                    and e.get("seat") in (0, 1) for e in entries):
            raise InputError("expected a table with a 'move_history' of moves with 'action' and 'seat'")
        history, actors = _arena_history(deck, entries)
        start = entries[0]["seat"] if entries else 0
        _, moves = _convert(2, history, start, actors)
        types = [HLE_TO_SUIT[uid // RANKS] * RANKS + uid % RANKS for uid in deck]
        for number, (entry, move) in enumerate(zip(entries, moves, strict=True), start=1):
            face = entry.get("card")
            if move["type"] in (PLAY, DISCARD) and isinstance(face, dict) and _uid(face) != deck[move["target"]]:
                raise InputError(f"move {number}: the card {face} is not the deck's {card_name(types[move['target']])}"
                                 " (the deck its seed shuffles)")
        meta: dict[str, Any] = {"source": where, "openspiel": game}
        if table.get("is_terminal") is True and is_whole(table.get("score")):
            meta["real_score"] = table["score"]
        return _deal(types, 2, start, moves, meta, place)
    except InputError as err:
        return Refused(None, where, err.message)


def _arena_history(deck: list[int], entries: list[dict]) -> tuple[list[int], list[int]]:
    """OpenSpiel's history of a table and each action's player (``-1``: chance): the two hands dealt from ``deck``,
    then each move, a play or a discard followed by its player's draw while the deck lasts."""
    hand = hand_size(2)
    dealt = 2 * hand
    history, actors = deck[:dealt], [-1] * dealt
    for entry in entries:
        history.append(entry["action"])
        actors.append(entry["seat"])
        if entry["action"] < 2 * hand and dealt < DECK_SIZE:  # moves below 2 * hand discard or play a slot
            history.append(deck[dealt])
            actors.append(-1)
            dealt += 1
    return history, actors


def _uid(face: dict) -> int | None:
    """HLE's uid of a card face ``{"color": "Y", "rank": 3}`` (``None`` when it is not one)."""
    color, rank = face.get("color"), face.get("rank")
    if not (isinstance(color, str) and color in HLE_COLORS and len(color) == 1 and is_whole(rank)
            and 1 <= rank <= RANKS):
        return None
    return HLE_COLORS.index(color) * RANKS + rank - 1


def _last_observations(steps: Any) -> list[dict]:
    """The agents' observations at the last step of a replay (none when it has no steps)."""
    if not isinstance(steps, list) or not steps or not isinstance(steps[-1], list):
        return []
    return [agent["observation"] for agent in steps[-1]
            if isinstance(agent, dict) and isinstance(agent.get("observation"), dict)]


def read_kaggle_file(path: str | os.PathLike[str]) -> list[Deal | Refused]:
    """Every episode of the Kaggle replay file ``path`` (:func:`read_kaggle`)."""
    return read_kaggle(read_text(path), str(path))

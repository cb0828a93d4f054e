"""Real game histories: hanab.live games read one record at a time, how each game ended, its score.

Contract. :func:`read_history` reads every game of a file — hanab.live's export (one game
object, as ``https://hanab.live/export/<id>`` gives it), a JSON array of games, JSON Lines, or
hanab.live replay links one a line (:mod:`solitaire.seer.sources.replaylink`) — and returns, in file
order, one item per record: a :class:`~solitaire.seer.game.deals.Deal` the toolkit can play, or a
:class:`Refused` record with its id (where the record names one), its source (``file:line``) and
a one-line reason. One bad record never hides the others: only a file that is not games at all
(unreadable, not UTF-8 text, not JSON, no game object in it) raises
:class:`~solitaire.io.errors.InputError`, at once.

Every game with actions is replayed under the real rules (:func:`solitaire.seer.game.simulator.replay`),
and its deal's ``meta`` says how it ended and what it scored:

``end``
    ``normal``, ``strikeout``, ``terminated``, ``timeout``, ``vote`` or ``unfinished``
    (:data:`ENDS`). A game-over action (type 4) names hanab.live's end condition
    (:data:`END_CONDITIONS`); without one, the rules say: the third strike is a strikeout, the
    end of the final round or the maximum score a normal end, and so is a list that stops when
    no card can score any more (hanab.live's server ends the game there; older games went on past
    that point, and their further actions are replayed); any other list that stops early is
    ``unfinished``.
``played``
    The cards on the stacks after the last action (what the team built).
``real_score``
    hanab.live's score: ``played`` after a normal end, 0 after any other end (hanab.live
    records 0 for a strikeout, a termination, a timeout or a vote; pyhanabi's rules,
    :attr:`~solitaire.seer.game.options.Rules.strikeout_scores`, score a strikeout ``played``), unknown (absent) for an
    unfinished game. A record's own ``score`` must agree with it; ``"score": null`` or no
    ``score`` means unknown, and the replay gives it.

A record whose actions the rules forbid, with an action after the end of the game (one game-over
action may close the list), whose recorded score is not the score of its actions, whose variant or
options the toolkit does not model, or with a field of the wrong type or out of range
(:func:`~solitaire.seer.game.deals.parse_hanablive`) is refused, naming the action, the scores, the rule
or the field.

Examples
--------
>>> from solitaire.seer.game.deals import STANDARD_TEXT
>>> deck = [{"suitIndex": "rygbw".index(c[0]), "rank": int(c[1])} for c in STANDARD_TEXT.split()]
>>> items = read_history_text('{"id": 7, "players": 2, "deck": %s, "actions": [{"type": 0, "target": 0}]}\\n'
...                           '{"id": 8, "players": 9, "deck": []}' % json.dumps(deck), "g.jsonl")
>>> items[0].ident, items[0].meta["end"], items[0].meta["played"]
('P2-game-7', 'unfinished', 1)
>>> items[1].to_json()
{'id': None, 'source': 'g.jsonl:2', 'refused': 'expected 2..6 players, got 9'}
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_line, json_records, read_text, text_lines
from solitaire.seer.game.deals import Deal, game_like, live_id, parse_hanablive
from solitaire.seer.game.ids import game_id, parse_id
from solitaire.seer.game.position import MAX_STRIKES
from solitaire.seer.game.simulator import GAME_OVER, Game, replay
from solitaire.seer.sources.replaylink import decode_replay, looks_like_replay_link

__all__ = ["Refused", "RefusedRow", "ENDS", "END_CONDITIONS", "read_history", "read_history_text", "read_source",
           "judge", "game_end", "refused_counts", "split_refused", "unplayed"]

#: How a log of pyhanabi begins (:mod:`solitaire.seer.sources.pyhanabi`), which a hanab.live reader points to.
_PYHANABI_LOG = ("Old GID: ", "Treatment: (")
#: Why a game of pyhanabi's experiment (its ``ai_partner``) is refused as a hanab.live game.
_PYHANABI_GAME = "a game of pyhanabi (Eger et al.'s human-AI experiment), whose rules are not hanab.live's: give it " \
                 "with --pyhanabi"
#: How a game ended, as rows say it.
ENDS = ("normal", "strikeout", "terminated", "timeout", "vote", "unfinished")
#: hanab.live's end conditions (the value of a game-over action) in the words of :data:`ENDS`:
#: 1 normal, 2 strikeout, 3 timeout, 4 terminated by a player, 5 a speedrun failed, 6 idle
#: timeout, 7 a character softlock, 8 and 9 All or Nothing failed or softlocked, 10 a vote.
END_CONDITIONS = {1: "normal", 2: "strikeout", 3: "timeout", 4: "terminated", 5: "terminated", 6: "timeout",
                  7: "terminated", 8: "terminated", 9: "terminated", 10: "vote"}


@dataclass(frozen=True)
class Refused:
    """A record the toolkit cannot read or play: its id (``None`` when the record names none it
    can use), where it was read (``file:line``) and why, in one line."""

    ident: str | None
    source: str
    reason: str

    def to_json(self) -> RefusedRow:
        """The row of a refused record, as every run writes it (:class:`RefusedRow`)."""
        return {"id": self.ident, "source": self.source, "refused": self.reason}


class RefusedRow(TypedDict):
    """The row of a refused record (:meth:`Refused.to_json`), in the row files of ``bound`` and ``analyze``:
    ``id`` (``None`` when the record names none it can use), ``source`` (``file:line``) and why it was ``refused``."""

    id: str | None
    source: str
    refused: str


def game_end(game: Game, over_action: dict | None) -> str:
    """How a game whose actions stop in ``game`` ended (:data:`ENDS`): ``over_action`` is the
    game-over action that stopped it, if any."""
    if over_action is not None:
        value: Any = over_action.get("value")
        return END_CONDITIONS.get(value, "terminated")
    if game.over:
        return "strikeout" if game.strikes >= MAX_STRIKES else "normal"
    return "normal" if _nothing_scores(game) else "unfinished"


def _nothing_scores(game: Game) -> bool:
    """Whether no card can score any more: for every suit, no copy of the next rank is in the deck
    or in the hand of a player who still has a turn."""
    reachable = Counter(game.types[game.next_card:])
    for player in game.players_to_move():
        reachable.update(game.types[o] for o in game.hands[player])
    return not any(game.playable(t) for t in reachable)


def judge(deal: Deal, source: str | None = None) -> Deal:
    """``deal`` with ``meta`` completed from its actions (module docstring: ``end``, ``played``,
    ``real_score``); a record without actions (none, or an empty list) keeps what it says of a game that no
    action can check, its ``real_score`` and, beside it, its ``end``; without a score it is a deal, with no ``end``.

    Raises
    ------
    InputError
        The first illegal action, an action after the end of the game (a game-over action may end the
        list), a game-over action whose ``value`` is not an end condition (:data:`END_CONDITIONS`), or a
        recorded score that is not the score of the actions.
    UnsupportedVariant
        A variant the solvers do not model (its deck is read, the game is not played).
    """
    deal.variant.check_playable()
    if not deal.meta.get("actions"):
        if deal.meta.get("real_score") is not None:
            return deal
        meta = {key: value for key, value in deal.meta.items() if key != "end"}
        return Deal(deal.types, deal.players, deal.ident, meta, deal.start_player, deal.options)
    where = source or deal.meta.get("source", deal.ident)
    actions = deal.meta["actions"]
    if not isinstance(actions, list):
        raise InputError(f"expected 'actions' to be a list of actions, got {json.dumps(actions)[:40]}", where)
    applied = 0
    for game in replay(deal, actions, where):
        applied = game.applied
    over = actions[applied] if applied < len(actions) and actions[applied]["type"] == GAME_OVER else None
    after = applied + (over is not None)
    if after < len(actions):
        raise InputError(f"action {after + 1} comes after the end of the game", where)
    if over is not None and over["value"] not in END_CONDITIONS:
        raise InputError(f"action {applied + 1}: expected the game-over action's 'value' to be an end condition "
                         f"(1..10), got {over['value']}", where)
    end = game_end(game, over)
    scored = end == "normal" or end == "strikeout" and deal.rules.strikeout_scores
    score = game.played if scored else None if end == "unfinished" else 0
    recorded = deal.meta.get("real_score")
    if recorded is not None and score is not None and recorded != score:
        rules = "pyhanabi's" if deal.options.pyhanabi else "hanab.live's"
        raise InputError(f"the recorded score {recorded} is not {rules} score of the actions, {score} "
                         f"({end} end, {game.played} cards played)", where)
    meta = dict(deal.meta, end=end, played=game.played)
    if score is not None or recorded is not None:
        meta["real_score"] = score if score is not None else recorded
    else:
        meta.pop("real_score", None)
    return Deal(deal.types, deal.players, deal.ident, meta, deal.start_player, deal.options)


def unplayed(deal: Deal) -> str | None:
    """Why ``analyze`` refuses ``deal``, a game played with no action to show where its points were lost (a record
    whose moves are under another key, ``moves``): it records a score or has a hanab.live game number (an export
    does) but no actions; ``None`` for a game with actions, or a deal (a deck, a seed).

    >>> unplayed(Deal(list(range(25)) * 2, 2, "P2-game-98745"))
    "the game has a hanab.live game number but no actions: nothing to analyse (expected its moves in 'actions')"
    """
    if deal.meta.get("actions"):
        return None
    score = deal.meta.get("real_score")
    if score is not None:
        what = f"records a score ({score})"
    elif _named_source(deal.ident) == "game":
        what = "has a hanab.live game number"
    else:
        return None
    return f"the game {what} but no actions: nothing to analyse (expected its moves in 'actions')"


def _named_source(ident: str) -> str | None:
    """The source an id names (:mod:`solitaire.seer.game.ids`: ``game``, ``seed``, ``deck``, …), ``None`` for a name
    given freely."""
    try:
        return parse_id(ident).source
    except ValueError:
        return None


def _misspelled_actions(obj: Any) -> str | None:
    """A key of a record without ``actions`` that reads as that word misspelled (``action``, ``Actions``,
    ``actoins``): its moves would be lost, and the game read as a deal.

    >>> _misspelled_actions({"actoins": []}), _misspelled_actions({"actions_count": 3}), _misspelled_actions([])
    ('actoins', None, None)
    """
    if not isinstance(obj, dict) or "actions" in obj:
        return None
    return next((key for key in obj if isinstance(key, str)
                 and difflib.SequenceMatcher(None, key.lower(), "actions").ratio() >= 0.8), None)


def _record_id(obj: Any) -> str | None:
    """The id a record names (its hanab.live game number, else its seed), if it can be one."""
    if not isinstance(obj, dict):
        return None
    players: Any = obj.get("players")
    players = len(players) if isinstance(players, list) else players
    number = obj.get("game_id", obj.get("id"))
    try:
        if is_whole(number):
            return game_id(players, "game", number)
        if isinstance(obj.get("seed"), str):
            return live_id(obj["seed"])
    except (ValueError, InputError, TypeError):
        return None
    return None


def _item(obj: Any, source: str, line: int | None) -> Deal | Refused:
    """One record: its deal, judged, or why it is refused."""
    where = f"{source}:{line}" if line else source
    if isinstance(obj, InputError):  # a line of JSON Lines that is not JSON
        return Refused(None, where, obj.message)
    if isinstance(obj, dict) and "ai_partner" in obj:  # pyhanabi's games in hanab.live's form: other rules
        return Refused(_record_id(obj), where, _PYHANABI_GAME)
    if isinstance(obj, dict) and "refused" in obj and "deck" not in obj:  # a refused row, passed on
        return Refused(obj.get("id") if isinstance(obj.get("id"), str) else None, where, str(obj["refused"]))
    misspelled = _misspelled_actions(obj)
    if misspelled:
        return Refused(_record_id(obj), where, f"no 'actions', but {misspelled!r}: expected the game's moves in "
                                               "'actions' (a record without moves is a deal: leave both out)")
    try:
        return judge(parse_hanablive(obj, source, line), where)
    except InputError as err:
        return Refused(_record_id(obj), where, err.message)
    except Exception as err:  # a field of a type no check foresaw: this record only, never the batch
        return Refused(_record_id(obj), where, f"cannot read this game ({type(err).__name__}: {err})")


def _link_record(line: str, source: str, number: int | None) -> Any:
    """The game of a replay link, as a record (a link that does not decode becomes a record
    that is refused with the decoder's reason)."""
    try:
        game, _ = decode_replay(line.strip(), f"{source}:{number}" if number else source)
    except InputError as err:
        return {"refused": err.message}
    return game


def read_history_text(text: str, source: str = "<string>") -> list[Deal | Refused]:
    """Every record of ``text`` (see the module docstring), each a :class:`Deal` or a :class:`Refused`."""
    if not text.strip():
        raise InputError("file is empty: expected hanab.live games", source)
    if text.startswith(_PYHANABI_LOG):
        raise InputError("this is a log of pyhanabi (Eger et al.'s human-AI experiment), not hanab.live games: give it "
                         "with --pyhanabi", source)
    lines = [(i, ln) for i, ln in enumerate(text_lines(text), start=1) if ln.strip()]
    if looks_like_replay_link(lines[0][1]):
        return [_item(_link_record(ln, source, i) if looks_like_replay_link(ln) else json_line(ln, source, i),
                      source, i)
                for i, ln in lines]
    records = json_records(text, source, game_like)
    if not any(game_like(obj) for obj, _, _ in records):
        raise InputError("expected hanab.live games: a game object, a JSON array of games, JSON Lines or replay "
                         "links, found no game object", source)
    return [_item(obj, where, line) for obj, where, line in records]


def read_history(path: str | os.PathLike[str]) -> list[Deal | Refused]:
    """Every record of the file ``path`` (:func:`read_history_text`)."""
    return read_history_text(read_text(path), str(path))


def read_source(text: str) -> list[Deal | Refused]:
    """The games of a file named ``text``, or of one hanab.live replay link given in its place (a
    URL, or its data part), as :func:`read_history` gives them."""
    if not os.path.exists(text) and looks_like_replay_link(text):
        return [_item(_link_record(text, "<link>", None), "<link>", None)]
    return read_history(text)


def split_refused(items: Iterable[Deal | Refused], strict: bool = False) -> tuple[list[Deal], list[Refused]]:
    """The deals and the refused records of ``items``, each in order; with ``strict`` the first
    refused record raises its :class:`InputError` instead."""
    deals, refused = [], []
    for item in items:
        if isinstance(item, Refused):
            if strict:
                raise InputError(item.reason, item.source)
            refused.append(item)
        else:
            deals.append(item)
    return deals, refused


def refused_counts(rows: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many rows were refused, by reason (the most common first), the reasons that differ only in the action they
    name counted as one (``action 3: a clue needs ...`` and ``action 7: a clue needs ...`` as ``a clue needs ...``).

    >>> refused_counts([{"refused": "action 3: a clue needs another player"}, {"id": "P2-seed-1"},
    ...                 {"refused": "action 7: a clue needs another player"}])
    {'a clue needs another player': 2}
    """
    return dict(Counter(_ACTION.sub("", row["refused"]) for row in rows if "refused" in row).most_common())


#: The number of the action a reason names, at its start (:func:`refused_counts`).
_ACTION = re.compile(r"^action [0-9]+: ")

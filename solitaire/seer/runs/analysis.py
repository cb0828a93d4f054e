"""Where a game was lost: the perfect-information maximum before every turn of a real game.

Contract. For a real game (its deal, starting player and actions), :func:`analyze_game` gives,
for every turn ``t`` (1-based, the ``t``-th action), proven bounds ``low <= M_t <= high`` on
``M_t``, the largest score a team that sees every card could still reach from the position
before that action (U3 from that position), and the turns where ``M`` dropped: the action
that dropped it, and a line from the position before it that reaches ``M_t`` (the real
actions up to that turn, then an optimal continuation), which the simulator replays.

Facts the analysis relies on (each a one-line proof):

* ``M`` never rises: a line from the position after action ``t``, preceded by action ``t``, is a
  line from the position before it, so ``M_{t+1} <= M_t``. Hence an upper bound proven at ``t``
  holds at every later turn, and a line found at a later turn gives a line (and a lower bound)
  at every earlier one.
* If the real action ``t`` is the first action of a line from the position before it (the same
  card, or a card of the same type by the same player, or a clue where the line gives a clue:
  with every card seen, a clue only spends a token and hands the turn on), the rest of the line
  is a line from the position after it, so ``M_{t+1} >= M_t``, and with the first fact
  ``M_{t+1} = M_t``: no search is needed there. A real game follows its optimal lines for long
  stretches, so most turns cost nothing.
* At the end of a game that ended by the rules, ``M`` is the real score.

Running time: one U3 search per turn where the real action leaves the line the last search
found, each under ``timeout`` seconds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypedDict, final

from solitaire.io.errors import expect_type
from solitaire.io.textenum import TextEnum
from solitaire.seer.game.deals import SUITS, Deal, card_name, check_copies, deal_to_hanablive, hanablive_names
from solitaire.seer.game.simulator import COLOR_CLUE, DISCARD, GAME_OVER, PLAY, RANK_CLUE, Action, Game, needed
from solitaire.seer.runs.rowfile import variant_fields
from solitaire.seer.sources.history import RefusedRow, refused_counts

__all__ = ["TurnMax", "Drop", "GameAnalysis", "analyze_game", "analyze_games", "analyze_line", "describe_action",
           "drop_kind", "phase_of", "summarize_analyses", "Phase", "DropKind", "TurnRow", "DropRow",
           "AnalysisRow"]


class Phase(TextEnum):
    """The phase of a game before an action (:func:`phase_of`): by the share of the draw pile left, more than two
    thirds, more than one third, the rest, and the final round once the pile is empty. Summaries list them in
    this order."""

    OPENING = "opening"
    MIDDLE = "middle"
    LATE = "late"
    FINAL_ROUND = "final round"


class DropKind(TextEnum):
    """The kind of an action that lost points (:func:`drop_kind`); summaries list them in this order."""

    MISPLAY = "misplay"
    LAST_COPY = "discard of the last copy"
    NEEDED = "discard of a needed card"
    DISCARD = "discard"
    PLAY = "play"
    CLUE = "clue"


class TurnRow(TypedDict):
    """One turn of an analysis row (:meth:`TurnMax.to_json`)."""

    turn: int
    action: Action
    max: int
    max_high: int
    exact: bool
    played: int


#: One drop of an analysis row (:meth:`Drop.to_json`; ``link_note`` only where ``link`` is ``None``).
_DropFields = TypedDict("_DropFields", {"turn": int, "from": int, "to": int, "action": Action, "text": str,
                                       "instead": str, "kind": DropKind, "phase": Phase, "link": "str | None",
                                       "line": dict})


class DropRow(_DropFields, total=False):
    """One drop of an analysis row (:meth:`Drop.to_json`): its fields, and ``link_note`` where ``link`` is
    ``None``."""

    link_note: str | None


class _AnalysisFields(TypedDict):
    """The keys every analysis row has."""

    id: str
    players: int
    score: int | None
    played: int
    max_score: int
    start_max: int
    start_max_high: int
    final_max: int
    searches: int
    open: int
    seconds: float
    turns: list[TurnRow]
    drops: list[DropRow]


class _Where(TypedDict, total=False):
    """Where a game was read and how it ended, where known, and the variant of a game of a variant or with
    options."""

    source: str
    end: str
    variant: str


@final  # no other keys: a row with ``refused`` is a refused record's
class AnalysisRow(_AnalysisFields, _Where, total=False):
    """The row of one analysed game (:meth:`GameAnalysis.to_json`; ``docs/formats.md``): the keys of every row,
    ``source`` and ``end`` where known, and ``timeout`` in the rows of a run
    (:class:`~solitaire.seer.runs.analyzerun.AnalyzeRun`)."""

    timeout: float | None


@dataclass
class TurnMax:
    """The maximum still reachable before one action: ``low <= M <= high``, ``exact`` when equal;
    ``played``: the cards on the stacks before it (the score so far)."""

    turn: int
    action: Action
    low: int
    high: int
    played: int = 0

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def to_json(self) -> TurnRow:
        """Its row (:class:`TurnRow`)."""
        return {"turn": self.turn, "action": self.action, "max": self.low, "max_high": self.high,
                "exact": self.exact, "played": self.played}


@dataclass
class Drop:
    """Turn ``turn``'s action took the maximum from ``before`` to ``after`` (proven bounds on both
    sides: ``before`` is a score a line reaches, ``after`` an upper bound). ``instead`` is the first
    action of that line in words, ``line`` the line as a hanab.live game, and ``link`` a hanab.live
    replay URL of it opening at the drop's turn, or ``None`` with the reason in ``link_note``."""

    turn: int
    before: int
    after: int
    action: Action
    text: str
    kind: DropKind
    phase: Phase
    line: dict = field(repr=False)
    instead: str = ""
    link: str | None = None
    link_note: str | None = None

    def to_json(self) -> DropRow:
        """Its row (:class:`DropRow`)."""
        out: DropRow = {"turn": self.turn, "from": self.before, "to": self.after, "action": self.action,
                        "text": self.text, "instead": self.instead, "kind": self.kind, "phase": self.phase,
                        "link": self.link, "line": self.line}
        if self.link is None:
            out["link_note"] = self.link_note
        return out

    def sentence(self) -> str:
        """``turn 27: Alice misplays r4 (24 -> 22); instead: Alice discards y1``."""
        return f"turn {self.turn}: {self.text} ({self.before} -> {self.after}); instead: {self.instead}"


@dataclass
class GameAnalysis:
    """The analysis of one game: the maximum before every turn and where it dropped.

    ``score`` is hanab.live's score of the game (:mod:`solitaire.seer.sources.history`: 0 unless it ended
    normally; ``None`` when unknown), ``played`` the cards on the stacks after its last action,
    ``end`` how it ended and ``source`` where it was read (``None`` where the deal does not say)."""

    ident: str
    players: int
    score: int | None
    turns: list[TurnMax]
    drops: list[Drop]
    final: TurnMax
    searches: int
    seconds: float
    max_score: int = 25  # the variant's: 5 per suit
    played: int = 0
    end: str | None = None
    source: str | None = None
    variant: str | None = None  # the hanab.live variant of a game of a variant or with options

    @property
    def open_turns(self) -> int:
        return sum(not t.exact for t in self.turns)

    def to_json(self) -> AnalysisRow:
        """Its row (:class:`AnalysisRow`)."""
        where: _Where = {}
        if self.source is not None:
            where["source"] = self.source
        if self.end is not None:
            where["end"] = self.end
        if self.variant is not None:
            where["variant"] = self.variant
        return {"id": self.ident, **where, "players": self.players, "score": self.score, "played": self.played,
                "max_score": self.max_score,
                "start_max": self.turns[0].low if self.turns else self.final.low,
                "start_max_high": self.turns[0].high if self.turns else self.final.high,
                "final_max": self.final.low, "searches": self.searches, "open": self.open_turns,
                "seconds": round(self.seconds, 4),
                "turns": [t.to_json() for t in self.turns], "drops": [d.to_json() for d in self.drops]}


def _same_move(game: Game, action: Action, line_action: Action) -> bool:
    """Whether ``action`` does what ``line_action`` does in ``game`` (the state before both)."""
    kind, line_kind = action["type"], line_action["type"]
    if kind in (COLOR_CLUE, RANK_CLUE):
        return line_kind in (COLOR_CLUE, RANK_CLUE)
    return kind == line_kind and game.type_of(action["target"]) == game.type_of(line_action["target"])


def _follow(line: list[Action], action: Action) -> list[Action]:
    """The rest of ``line`` after its first action was replaced by ``action`` (a move of the same
    kind, see :func:`_same_move`): a card of the same type played or discarded in its place keeps
    the line's card in the hand, so the line's later uses of the real card use that one."""
    rest = line[1:]
    if action["type"] not in (PLAY, DISCARD) or action["target"] == line[0]["target"]:
        return rest
    real, kept = action["target"], line[0]["target"]
    return [{**a, "target": kept} if a["type"] in (PLAY, DISCARD) and a["target"] == real else a for a in rest]


def phase_of(game: Game) -> Phase:
    """The phase of the game before the next action (:class:`Phase`)."""
    if game.deck_left == 0:
        return Phase.FINAL_ROUND
    drawable = len(game.types) - game.deal.pooled
    share = game.deck_left / drawable if drawable else 0.0
    return Phase.OPENING if share > 2 / 3 else Phase.MIDDLE if share > 1 / 3 else Phase.LATE


def drop_kind(game: Game, action: Action) -> DropKind:
    """The kind (:class:`DropKind`) of ``action``, taken in ``game`` (the state before it)."""
    kind = action["type"]
    if kind in (COLOR_CLUE, RANK_CLUE):
        return DropKind.CLUE
    t = game.type_of(action["target"])
    if kind == PLAY:
        return DropKind.PLAY if game.playable(t) else DropKind.MISPLAY
    if not needed(game, t):
        return DropKind.DISCARD
    outside = game.counts[t] - game.lost[t] - 1  # other copies not yet lost
    return DropKind.LAST_COPY if outside == 0 else DropKind.NEEDED


def describe_action(game: Game, action: Action, names: Sequence[str]) -> str:
    """``"Bob discards g4"``: the action in words, in ``game`` (the state before it). A colour clue is named as
    hanab.live names it, with the letter of the standard deck's cards (``purple (w)``: the fifth suit is ``w``)."""
    who = names[game.current]
    kind = action["type"]
    if kind == COLOR_CLUE:
        variant, value = game.deal.variant, action["value"]
        letter = f" ({SUITS[value]})" if variant.id == 0 else ""
        return f"{who} clues {names[action['target']]} {variant.clue_colors[value].lower()}{letter}"
    if kind == RANK_CLUE:
        return f"{who} clues {names[action['target']]} {action['value']}s"
    name = card_name(game.type_of(action["target"]), game.deal.variant)
    if kind == DISCARD:
        return f"{who} discards {name}"
    return f"{who} plays {name}" if game.playable(game.type_of(action["target"])) else f"{who} misplays {name}"


def analyze_line(start: Game, actions: Sequence[Action], solve: Callable, names: Sequence[str] | None = None,
                 game_json: dict | None = None, ident: str = "", score: int | None = None) -> GameAnalysis:
    """The maximum before every action of ``actions`` from the simulator state ``start``.

    ``start`` is a :class:`solitaire.seer.game.simulator.Game` (not changed); ``solve(game)`` returns an
    object with ``score`` (a line's score), ``high`` (a proven upper bound) and ``actions`` (the
    line from that state, replayed here). ``game_json`` (players, deck, options) is what the
    exported lines carry besides their actions.
    """
    began = time.perf_counter()
    names = list(names or [f"Player {i + 1}" for i in range(start.deal.players)])
    states, game = [], start.copy()
    for action in actions:
        states.append(game.copy())
        game.apply(action)
    states.append(game)
    top = start.max_score
    lines: list[list[Action] | None]  # per action, an optimal line from the state before it
    lows, highs, lines, searches = [0] * len(states), [top] * len(states), [None] * len(states), 0
    line = None
    for t, state in enumerate(states):
        if t and line and lows[t - 1] == highs[t - 1] and _same_move(states[t - 1], actions[t - 1], line[0]):
            line = _follow(line, actions[t - 1])
            lows[t], highs[t] = lows[t - 1], highs[t - 1]
        elif state.over:
            line, lows[t], highs[t] = [], state.score, state.score
        else:
            result = solve(state)
            searches += 1
            line, lows[t], highs[t] = list(result.actions), result.score, min(result.high, highs[t - 1] if t else top)
        lines[t] = line if line else None
        if t:
            highs[t] = min(highs[t], highs[t - 1])
    for t in range(len(states) - 2, -1, -1):  # a later line is a line here too (first fact)
        if lows[t + 1] > lows[t]:
            lows[t], lines[t] = lows[t + 1], [actions[t]] + (lines[t + 1] or [])
    turns = [TurnMax(t + 1, actions[t], lows[t], highs[t], states[t].played) for t in range(len(actions))]
    final = TurnMax(len(actions) + 1, {}, lows[-1], highs[-1], states[-1].played)
    drops = [_drop(states[t], t, actions, lows[t], highs[t + 1], lines[t] or [], names, game_json)
             for t in range(len(actions)) if lows[t] > highs[t + 1]]
    final_score = states[-1].score if score is None else score
    return GameAnalysis(ident, start.deal.players, final_score, turns, drops, final, searches,
                        time.perf_counter() - began, top, states[-1].played)


def _drop(before: Game, t: int, actions: Sequence[Action], low: int, high: int, line: list[Action],
          names: Sequence[str], game_json: dict | None) -> Drop:
    """The drop at action ``t`` (0-based), taken in the state ``before``: ``line`` is an optimal line
    from there, exported after the real actions before it, with its replay link."""
    from solitaire.seer.sources.replaylink import link_or_reason

    action = actions[t]
    export = dict(game_json or {}, actions=list(actions[:t]) + line)
    instead = describe_action(before, line[0], names) if line else "nothing better is known"
    link, note = link_or_reason(export, t + 1)
    return Drop(t + 1, low, high, action, describe_action(before, action, names), drop_kind(before, action),
                phase_of(before), export, instead, link, note)


def analyze_game(deal: Deal, timeout: float | None = 10.0) -> GameAnalysis:
    """:func:`analyze_line` on a real game: ``deal`` with its starting player and its recorded
    ``actions`` (``deal.meta``, as :func:`~solitaire.seer.game.deals.read_hanablive_file` reads a
    hanab.live game), each position searched by :func:`~solitaire.seer.bounds.u3.exact` for at most
    ``timeout`` seconds (``None``: to the end). The exported lines are hanab.live games with the
    deal's players, deck and starting player.

    Raises
    ------
    InputError
        What :func:`~solitaire.seer.sources.history.judge` raises for a game not judged yet: the first
        recorded action the rules forbid (an :class:`~solitaire.seer.game.simulator.IllegalAction`), an
        action after the end, a recorded score the actions do not make; a ``timeout`` the command line
        refuses (:class:`~solitaire.seer.bounds.limits.SearchLimits`).

    Examples
    --------
    The shipped real game (``analyze --example hanab-live-real-game``): 25 was reachable, three actions lost five
    points.

    >>> from solitaire import example_path
    >>> from solitaire.seer import analyze_game, read_hanablive_file
    >>> game, = read_hanablive_file(example_path("hanab-live-real-game", "game"))
    >>> analysis = analyze_game(game)
    >>> analysis.score, analysis.to_json()["start_max"], analysis.open_turns
    (20, 25, 0)
    >>> for drop in analysis.drops:
    ...     print(drop.sentence())
    turn 7: Alice discards b5 (25 -> 24); instead: Alice plays g1
    turn 27: Alice misplays r4 (24 -> 22); instead: Alice discards r1
    turn 31: Alice misplays g4 (22 -> 20); instead: Alice discards r1
    """
    from solitaire.seer.bounds.limits import SearchLimits
    from solitaire.seer.bounds.u3 import exact
    from solitaire.seer.sources.history import judge

    expect_type(deal, Deal, "deal", "one Deal (solitaire.seer.read_history reads every game of a file)")
    check_copies(deal, "deal")
    limits = SearchLimits(timeout)
    if "actions" in deal.meta and "played" not in deal.meta:
        deal = judge(deal)  # how it ended and hanab.live's score; legal actions, a game-over one at most last
    recorded = list(deal.meta.get("actions") or [])
    actions = recorded[:-1] if recorded and recorded[-1]["type"] == GAME_OVER else recorded

    def solve(game):
        return exact(deal, limits, start=game.position())

    analysis = analyze_line(Game(deal), actions, solve, hanablive_names(deal), deal_to_hanablive(deal), deal.ident)
    analysis.score, analysis.end = deal.meta.get("real_score"), deal.meta.get("end")
    analysis.source = deal.meta.get("source")
    analysis.variant = variant_fields(deal).get("variant")
    return analysis


def _analyze_task(args):
    return analyze_game(*args)


def analyze_games(deals: Iterable[Deal], timeout: float | None = 10.0, jobs: int = 1) -> Iterator[GameAnalysis]:
    """:func:`analyze_game` on each deal, in input order, on ``jobs`` processes (a ``timeout`` the command line
    refuses is an :class:`~solitaire.io.errors.InputError` here, at the first game, not in a worker)."""
    from solitaire.io.workers import imap_jobs
    from solitaire.seer.bounds.limits import SearchLimits
    from solitaire.seer.bounds.u3 import warm_up

    SearchLimits(timeout)  # checks the timeout
    warm_up()
    yield from imap_jobs(_analyze_task, ((deal, timeout) for deal in deals), jobs, chunksize=1)


def summarize_analyses(rows: Sequence[AnalysisRow | RefusedRow]) -> dict:
    """Where points were lost over a batch of analysed games (rows of :meth:`GameAnalysis.to_json`):
    by kind of action and by phase, and how many games could reach the maximum at the start but no
    longer at their end, with the phase of their first drop; the rows of refused records
    (``refused``) are counted by reason apart."""
    by_kind: Counter[str] = Counter()
    by_phase: Counter[str] = Counter()
    first_phase: Counter[str] = Counter()
    winnable = lost_games = 0
    refused = refused_counts(rows)
    games = [row for row in rows if "refused" not in row]
    for row in games:
        for drop in row["drops"]:
            by_kind[drop["kind"]] += drop["from"] - drop["to"]
            by_phase[drop["phase"]] += drop["from"] - drop["to"]
        if row["start_max"] == row.get("max_score", 25):
            winnable += 1
            if row["drops"]:
                lost_games += 1
                first_phase[row["drops"][0]["phase"]] += 1
    return {"games": len(games), "refused": refused, "winnable_at_start": winnable, "lost_after_start": lost_games,
            "first_drop_phase": {p: first_phase[p] for p in Phase},
            "points_lost_by_kind": {k: by_kind[k] for k in DropKind},
            "points_lost_by_phase": {p: by_phase[p] for p in Phase},
            "open_turns": sum(row["open"] for row in games),
            "searches": sum(row["searches"] for row in games)}

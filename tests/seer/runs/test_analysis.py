"""The turn-by-turn analysis against an exhaustive search through the simulator on tiny decks."""

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.seer.runs.analysis import (AnalysisRow, DropKind, DropRow, Phase, TurnRow, analyze_line,
                                          summarize_analyses)
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.simulator import Game, simulate
from helpers import legal_actions


def _key(game):
    return (tuple(tuple(sorted(h)) for h in game.hands), game.next_card, tuple(game.stacks), game.clues,
            game.strikes, game.current, None if game.last_turn is None else game.last_turn - game.turn)


def best_line(game, memo):
    """``(value, line)``: the maximum score from ``game`` and a line reaching it, by exhaustive search."""
    if game.over:
        return game.score, []
    key = _key(game)
    if key not in memo:
        best = None
        for move in legal_actions(game):
            child = game.copy()
            child.apply(move)
            value = best_line(child, memo)[0]
            if best is None or value > best[0]:
                best = (value, move)
        memo[key] = best or (game.played, None)  # no legal move: what is played counts
    value, move = memo[key]
    if move is None:
        return value, []
    child = game.copy()
    child.apply(move)
    return value, [move] + best_line(child, memo)[1]


def tiny_game(rng, players):
    """A short random deck over two suits and a random legal game played on it."""
    pool = [t for t in range(10) for _ in range((3, 2, 2, 2, 1)[t % 5])]
    rng.shuffle(pool)
    size = 5 if players <= 3 else 4
    deal = Deal(pool[: players * size + rng.randint(1, 2)], players, "tiny")
    game, actions = Game(deal), []
    while not game.over:
        moves = legal_actions(game)
        if not moves:
            break
        action = rng.choice(moves)
        game.apply(action)
        actions.append(action)
    return deal, actions


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9), st.just(2))
def test_the_maximum_before_every_turn_is_the_exhaustive_one(seed, players):
    rng = random.Random(seed)
    deal, actions = tiny_game(rng, players)
    memo = {}

    def solve(game):
        value, line = best_line(game, memo)
        return SimpleNamespace(score=value, high=value, actions=line)

    analysis = analyze_line(Game(deal), actions, solve, game_json={"players": players})
    game = Game(deal)
    for turn in analysis.turns:  # every turn's maximum is the exhaustive one, shortcuts included
        assert turn.exact and turn.low == best_line(game, memo)[0], turn
        game.apply(turn.action)
    maxima = [t.low for t in analysis.turns] + [analysis.final.low]
    assert maxima == sorted(maxima, reverse=True)  # never rises
    assert analysis.final.low == game.score == analysis.score  # the end is the real score
    assert [d.turn for d in analysis.drops] == [t for t in range(1, len(maxima)) if maxima[t - 1] > maxima[t]]
    for drop in analysis.drops:  # the exported line: the real prefix, then a line reaching the maximum
        assert drop.line["actions"][:drop.turn - 1] == actions[:drop.turn - 1]
        assert simulate(deal, drop.line["actions"]).score == drop.before
        assert isinstance(drop.kind, DropKind) and isinstance(drop.phase, Phase)
    summary = summarize_analyses([analysis.to_json()])
    assert sum(summary["points_lost_by_kind"].values()) == maxima[0] - maxima[-1]


@pytest.mark.long  # 7 s; the maximum of real (variant) games never rising and the exported lines, fast:
# tests/seer/sources/test_variant_games.py; the command: tests/test_progress.py
def test_analyze_on_real_games_through_the_command_line(tmp_path):
    """Every real No Variant game: the maximum never rises, never falls below the final score, is the
    score at the end of a game that ended by the rules, and every exported line replays to its drop's
    maximum from the real prefix."""
    import json

    from click.testing import CliRunner

    from cli import main
    from helpers import REAL_GAMES, standard_games
    from solitaire.seer.game.deals import parse_hanablive

    records = standard_games(REAL_GAMES / "hanablive_games.jsonl")[1]
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps(r) + "\n" for r in records))
    result = CliRunner().invoke(main, ["analyze", str(games), "--json", "-j", "1", "--timeout", "10"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["games"]
    assert len(rows) == len(records)
    for record, row in zip(records, rows):
        maxima = [t["max"] for t in row["turns"]] + [row["final_max"]]
        assert maxima == sorted(maxima, reverse=True), row["id"]
        ended = simulate(parse_hanablive(record), [t["action"] for t in row["turns"]])
        assert min(maxima) >= ended.score
        if ended.over:
            assert row["final_max"] == ended.score
        for drop in row["drops"]:
            line = drop["line"]["actions"]
            assert line[:drop["turn"] - 1] == [t["action"] for t in row["turns"][:drop["turn"] - 1]]
            assert simulate(parse_hanablive(drop["line"]), line).score == drop["from"]


def _fits(row, typed):
    """Whether ``row`` has every key the TypedDict ``typed`` requires and no key it does not declare."""
    return typed.__required_keys__ <= set(row) <= typed.__required_keys__ | typed.__optional_keys__


def test_the_rows_of_analyze_are_their_typed_dicts():
    """A run's rows, a game's (with its turns and drops) and a refused record's, have the keys their
    TypedDicts declare; the keys a resumed row needs are keys every row has."""
    import json

    from helpers import REAL_GAMES
    from solitaire.seer.runs.analyzerun import ANALYSIS_KEYS, AnalyzeRun
    from solitaire.seer.sources.history import Refused, RefusedRow, read_history

    games = [item for item in read_history(REAL_GAMES / "hanablive_games.jsonl") if not isinstance(item, Refused)]
    refused = Refused("P2-seed-1", "games.jsonl:9", "a reason")
    with AnalyzeRun([*games[:4], refused], timeout=5) as run:
        rows = list(run.rows())
    assert _fits(rows[-1], RefusedRow) and rows[-1] == {"id": "P2-seed-1", "source": "games.jsonl:9",
                                                        "refused": "a reason"}
    for row in rows[:-1]:
        assert _fits(row, AnalysisRow) and {"source", "end", "timeout"} <= set(row) and "variant" not in row
        assert all(_fits(turn, TurnRow) for turn in row["turns"])
        assert all(_fits(drop, DropRow) for drop in row["drops"])
    drops = [drop for row in rows[:-1] for drop in row["drops"]]
    assert drops and all(isinstance(d["kind"], DropKind) and isinstance(d["phase"], Phase) for d in drops)
    assert set(ANALYSIS_KEYS) <= AnalysisRow.__required_keys__
    # a row read back (plain text) counts under the same kinds and phases as a new one
    twice = summarize_analyses(rows + json.loads(json.dumps(rows)))
    once = summarize_analyses(rows)
    assert twice["points_lost_by_kind"] == {kind: 2 * lost for kind, lost in once["points_lost_by_kind"].items()}


def test_a_run_of_refused_records_only_loads_no_kernel(monkeypatch):
    """The search's kernels are loaded (on a first call, compiled) only where a game is left to analyse."""
    import solitaire.seer.runs.analyzerun as analyzerun
    from solitaire.seer.game.deals import seeded_deal
    from solitaire.seer.sources.history import Refused

    refused = Refused(None, "games.jsonl:1", "a reason")
    monkeypatch.setattr(analyzerun, "warm_up", lambda: pytest.fail("the kernels were loaded"))
    with analyzerun.AnalyzeRun([refused, refused], timeout=1) as run:
        assert not run.searches and [row["refused"] for row in run.rows()] == ["a reason"] * 2
    assert analyzerun.AnalyzeRun([refused, seeded_deal(2, 1)], timeout=1).searches


@pytest.mark.parametrize("timeout", [-1, "x", float("nan")])
def test_a_timeout_the_command_line_refuses_is_refused_before_any_game(tmp_path, timeout):
    from solitaire.io.errors import InputError
    from solitaire.seer.game.deals import seeded_deal
    from solitaire.seer.runs.analysis import analyze_game, analyze_games
    from solitaire.seer.runs.analyzerun import AnalyzeRun

    deal = seeded_deal(2, 0)
    calls = (lambda: analyze_game(deal, timeout), lambda: next(analyze_games([deal], timeout)),
             lambda: AnalyzeRun([deal], timeout, out=tmp_path / "a.jsonl"))
    for call in calls:
        with pytest.raises(InputError, match="^`timeout`: expected a number of seconds in 0..10000000 or None"):
            call()
    assert not list(tmp_path.iterdir())


def test_kinds_and_phases_are_their_text_in_summary_order():
    import json

    assert [kind.value for kind in DropKind] == ["misplay", "discard of the last copy", "discard of a needed card",
                                                 "discard", "play", "clue"]
    assert [phase.value for phase in Phase] == ["opening", "middle", "late", "final round"]
    assert json.dumps({DropKind.LAST_COPY: Phase.FINAL_ROUND}) == '{"discard of the last copy": "final round"}'
    assert f"[{DropKind.MISPLAY}, {Phase.LATE}]" == "[misplay, late]" and str(DropKind.CLUE) == "clue"
    summary = summarize_analyses([])
    assert list(summary["points_lost_by_kind"]) == [kind.value for kind in DropKind]
    assert list(summary["first_drop_phase"]) == list(summary["points_lost_by_phase"]) == [p.value for p in Phase]


def test_actions_in_words_name_a_colour_as_hanab_live_does_and_the_letter_of_its_cards():
    from solitaire.seer.game.deals import seeded_deal
    from solitaire.seer.game.options import Options
    from solitaire.seer.runs.analysis import describe_action

    names = ["Alice", "Bob"]
    game = Game(seeded_deal(2, 0))
    assert describe_action(game, {"type": 2, "target": 1, "value": 4}, names) == "Alice clues Bob purple (w)"
    assert describe_action(game, {"type": 3, "target": 1, "value": 5}, names) == "Alice clues Bob 5s"
    black = Game(Deal(seeded_deal(2, 0).types, 2, options=Options(variant="Black (5 Suits)")))
    assert describe_action(black, {"type": 2, "target": 1, "value": 4}, names) == "Alice clues Bob black"

"""Real histories in: every record of a file gets a row (played or refused), hanab.live's export
reads as its JSON Lines twin, how each game ended and its score, replay links as input."""

import json

import pytest
from click.testing import CliRunner

from cli import main
from helpers import DATA, REAL_GAMES, one_line_error
from solitaire.io.errors import InputError
from solitaire.seer.game.deals import Deal, read_hanablive_file
from solitaire.seer.game.seeds import deck_from_seed
from solitaire.seer.game.simulator import simulate
from solitaire.seer.sources.history import ENDS, Refused, read_history, read_history_text, read_source
from solitaire.seer.sources.replaylink import decode_replay, replay_url

GAMES = REAL_GAMES / "hanablive_games.jsonl"
#: Every file of real games the tests ship, each a copy of a file of the shared data.
REAL_FILES = [GAMES, REAL_GAMES / "hanablive_games_6p.jsonl", REAL_GAMES / "hanablive_seed_decks.jsonl",
              REAL_GAMES / "pyhanabi_2p_hanablive_legal.jsonl", REAL_GAMES / "hanablive_variant_games.jsonl"]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def records(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def game_number_149251():
    """The record of hanab.live game #149251 (hanab.live's own test data) and its deal."""
    number = next(i for i, r in enumerate(records(GAMES)) if r.get("game_id") == 149251)
    return records(GAMES)[number]


def as_export(record):
    """``record`` as ``https://hanab.live/export/<id>`` gives a game: ``id``, player names, cards as
    objects, no score, no options, notes."""
    names = ["Alice", "Bob", "Cathy", "Donald", "Emily"][:record["players"]]
    return {"id": record["game_id"], "players": names,
            "deck": [{"suitIndex": s, "rank": r} for s, r in record["deck"]],
            "actions": record["actions"], "notes": [[] for _ in names]}


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_every_record_of_a_real_file_is_a_deal_or_refused_in_file_order(path):
    lines = [number for number, line in enumerate(path.read_text().splitlines(), start=1) if line.strip()]
    items = read_history(path)
    assert [item.source if isinstance(item, Refused) else item.meta["source"] for item in items] == \
        [f"{path}:{number}" for number in lines]
    assert all(item.reason for item in items if isinstance(item, Refused))


def test_the_end_and_the_score_agree_with_an_independent_replayer():
    """Each record of the real games names how an independent replayer saw it end."""
    for record, item in zip(records(GAMES), read_history(GAMES)):
        if isinstance(item, Refused):
            assert "detrimentalCharacters" in item.reason
            continue
        assert item.meta["end"] == record["end"].split("(")[0]
        assert item.meta["played"] == record["stacks_sum_final"]
        assert item.meta["real_score"] == record["score"]  # hanab.live's: 0 unless the game ended normally


def test_a_deal_without_actions_is_no_game_and_has_no_end():
    record = records(GAMES)[0]
    deal = read_history_text(json.dumps(dict(record, actions=[], score=None)))[0]
    assert "end" not in deal.meta and "played" not in deal.meta
    summary = read_history_text(json.dumps(dict(record, actions=[], score=20, end="normal")))[0]
    assert (summary.meta["end"], summary.meta["real_score"]) == ("normal", 20) and "played" not in summary.meta


def test_analyze_refuses_a_game_that_records_a_score_but_no_actions(tmp_path):
    """A record whose moves are under another key (``moves``) is refused by ``analyze``, not reported as a game
    that never dropped below its maximum; a deal without a score is analysed (its maximum at the start)."""
    from solitaire.seer.runs.analyzerun import AnalyzeRun

    record = records(GAMES)[0]
    misspelled = {**{k: v for k, v in record.items() if k not in ("actions", "game_id")}, "moves": record["actions"]}
    export = {**{k: v for k, v in record.items() if k not in ("actions", "score")}, "id": 98745}  # a game number
    deal = {**{k: v for k, v in record.items() if k != "actions"}, "score": None}
    with AnalyzeRun(read_history_text(json.dumps(misspelled) + "\n" + json.dumps(deal)), timeout=5) as run:
        refused, analysed = run.rows()
    assert refused["refused"] == (f"the game records a score ({record['score']}) but no actions: nothing to analyse "
                                  "(expected its moves in 'actions')")
    assert analysed["turns"] == [] and analysed["final_max"] == 25
    with AnalyzeRun(read_history_text(json.dumps(export)), timeout=5) as run:
        (numbered,) = run.rows()
    assert numbered["refused"].startswith("the game has a hanab.live game number but no actions")
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(misspelled) + "\n" + json.dumps(deal) + "\n")
    lines = CliRunner().invoke(main, ["analyze", str(path), "-j", "1", "--json"])
    assert [game.get("refused") for game in json.loads(lines.stdout)["games"]] == [refused["refused"], None]
    strict = CliRunner().invoke(main, ["analyze", str(path), "-j", "1", "--strict"])
    assert strict.exit_code == 2 and f"{path}:1: the game records a score" in strict.output


@pytest.mark.parametrize("key", ["actoins", "action", "Actions"])
def test_a_record_whose_actions_key_is_misspelled_is_refused_even_with_no_score_or_game_number(key):
    """Without a score or a game number to tell a game from a deal, the key itself gives the misspelling away."""
    record = records(GAMES)[0]
    game = {**{k: v for k, v in record.items() if k not in ("actions", "game_id", "score")}, key: record["actions"]}
    (item,) = read_history_text(json.dumps(game))
    assert isinstance(item, Refused) and item.reason.startswith(f"no 'actions', but {key!r}")
    assert not isinstance(read_history_text(json.dumps({**game, "actions": record["actions"]}))[0], Refused)


def test_a_game_that_stops_early_is_unfinished_and_has_no_score():
    record = records(GAMES)[0]
    deal = read_history_text(json.dumps(dict(record, actions=record["actions"][:10], score=None)))[0]
    assert deal.meta["end"] == "unfinished" and "real_score" not in deal.meta
    assert deal.meta["end"] in ENDS


@pytest.mark.parametrize("value, end", [(1, "normal"), (2, "strikeout"), (3, "timeout"), (4, "terminated"),
                                        (10, "vote")])
def test_a_game_over_action_names_the_end(value, end):
    record = records(GAMES)[0]
    over = {"type": 4, "target": 0, "value": value}
    deal = read_history_text(json.dumps(dict(record, actions=record["actions"][:10] + [over], score=None)))[0]
    assert deal.meta["end"] == end and deal.meta["played"] == simulate(deal, record["actions"][:10]).played
    assert deal.meta["real_score"] == (deal.meta["played"] if end == "normal" else 0)


def test_a_recorded_score_the_actions_do_not_make_and_an_illegal_action_are_refused():
    record = records(GAMES)[0]
    wrong = read_history_text(json.dumps(dict(record, score=record["score"] + 1)), "g.json")[0]
    assert isinstance(wrong, Refused) and wrong.reason.startswith(f"the recorded score {record['score'] + 1} is not")
    bad = dict(record, actions=[{"type": 1, "target": 0}] + record["actions"])  # a discard at 8 clues
    refused = read_history_text(json.dumps(bad), "g.json")[0]
    assert refused.reason == "action 1: a discard needs fewer than 8 clue tokens" and refused.source == "g.json"


def _set(path, value):
    """A change of the first real game: ``value`` at ``path`` (keys and indices from the record)."""
    def change(record):
        *outer, last = path
        for key in outer:
            record = record[key]
        record[last] = value
    return change


def _appended(*actions):
    return lambda record: record["actions"].extend(actions)


PLAY, TYPE = "action 1: expected ", "expected 'type' to be 0..4 (play, discard, colour clue, rank clue, game over), got"


@pytest.mark.parametrize("change, reason", [
    (_set(("options", "oneExtraCard"), "true"), "expected 'options.oneExtraCard' to be true or false, got \"true\""),
    (_set(("options", "oneExtraCard"), 5), "expected 'options.oneExtraCard' to be true or false, got 5"),
    (_set(("options", "oneExtraCard"), 1000000), "expected 'options.oneExtraCard' to be true or false, got 1000000"),
    (_set(("options", "oneLessCard"), 5), "expected 'options.oneLessCard' to be true or false, got 5"),
    (_set(("options", "deckPlays"), "no"), "expected 'options.deckPlays' to be true or false, got \"no\""),
    (_set(("options", "deckPlays"), [True]), "expected 'options.deckPlays' to be true or false, got [true]"),
    (_set(("options", "emptyClues"), {}), "expected 'options.emptyClues' to be true or false, got {}"),
    (_set(("options", "allOrNothing"), 0), "expected 'options.allOrNothing' to be true or false, got 0"),
    (_set(("options", "cardCycle"), "false"), "expected 'options.cardCycle' to be true or false, got \"false\""),
    (_set(("options", "timeBase"), -1), "expected 'options.timeBase' to be a whole number >= 0, got -1"),
    (_set(("options", "tableName"), 7), "expected 'options.tableName' to be a string, got 7"),
    (_set(("options", "startingPlayer"), True),
     "expected 'options.startingPlayer' to be a whole number >= 0, got true"),
    (_set(("options", "startingPlayer"), 2), "expected 'options.startingPlayer' to be a player in 0..1, got 2"),
    (_set(("options", "numPlayers"), 3), "'options.numPlayers' is 3, not the game's 2 players"),
    (_set(("variant",), True), "expected 'variant' to be a variant name or id, got true"),
    (_set(("variant",), ["No Variant"]), "expected 'variant' to be a variant name or id, got [\"No Variant\"]"),
    (_set(("options", "variant"), {}), "expected 'options.variant' to be a variant name or id, got {}"),
    (_set(("variant_id",), 1.0), "expected 'variant_id' to be a variant name or id, got 1.0"),
    (_set(("variant_id",), 1), "the game names two variants: 'variant' 'No Variant', 'variant_id' '6 Suits'"),
    (lambda r: r.update(starting_player=1, options=dict(r["options"], startingPlayer=0)),
     "'starting_player' is 1 and 'options.startingPlayer' is 0: they disagree"),
    (_set(("players",), [1, 2]), "expected 'players' to be the players' names (strings) or their count, got [1, 2]"),
    (_set(("players",), True), "expected 2..6 players, got true"),
    (_set(("id",), True), "expected 'id' to be a hanab.live game number (a whole number in 0..2^63-1), got true"),
    (_set(("game_id",), -1), "expected 'game_id' to be a hanab.live game number (a whole number in 0..2^63-1), "
                             "got -1"),
    (_set(("game_id",), 2**63), "expected 'game_id' to be a hanab.live game number (a whole number in 0..2^63-1), "
                                "got 9223372036854775808"),
    (_set(("score",), True), "expected 'score' to be a score in 0..25 or null, got true"),
    (_set(("seed",), 5), "expected 'seed' to be a hanab.live seed string, got 5"),
    (_set(("hand_size",), "5"), "expected 'hand_size' to be 5 (the hand of 2 players in this game), got \"5\""),
    (_set(("end",), ["normal"]), "expected 'end' to be a string, got [\"normal\"]"),
    (_set(("deck", 0, 1), True), "deck card 1: expected {\"suitIndex\": s, \"rank\": r} or [s, r], got [3, true]"),
    (_set(("actions",), 5), "expected 'actions' to be a list of actions, got 5"),
    (_set(("actions",), {}), "expected 'actions' to be a list of actions, got {}"),
    (_set(("actions",), None), "expected 'actions' to be a list of actions, got null"),
    (_set(("actions", 0), 5), PLAY + "an action object, got 5"),
    (_set(("actions", 0, "type"), True), f"action 1: {TYPE} true"),
    (_set(("actions", 0, "type"), 5), f"action 1: {TYPE} 5"),
    (_set(("actions", 0, "target"), None), PLAY + "'target' to be a whole number, got null"),
    (_set(("actions", 0, "value"), True), PLAY + "'value' to be a whole number, got true"),
    (_set(("actions", 1, "value"), "0"), "action 2: expected 'value' to be a whole number, got \"0\""),
    (_appended({"type": 0, "target": 0, "value": 0}), "action 66 comes after the end of the game"),
    (_appended({"type": 4, "target": 0, "value": 1}, {"type": 4, "target": 0, "value": 1}),
     "action 67 comes after the end of the game"),
    (_appended({"type": 4, "target": 0, "value": 0}),
     "action 66: expected the game-over action's 'value' to be an end condition (1..10), got 0"),
])
def test_every_field_is_checked_by_type_and_range_and_refused_by_name(change, reason):
    record = records(GAMES)[0]
    change(record)
    refused = read_history_text(json.dumps(record), "g.jsonl")[0]
    assert isinstance(refused, Refused) and refused.reason == reason


@pytest.mark.parametrize("change", [
    _set(("options", "deckPlays"), None), _set(("options", "deckPlays"), False), _set(("variant_id",), 0),
    _set(("variant_id",), "No Variant"), _set(("options", "variantID"), 0), _set(("game_id",), 2**63 - 1),
    _set(("options",), None), _set(("seed",), None), _set(("hand_size",), None), _set(("actions", 1, "value"), None),
    _appended({"type": 4, "target": 0, "value": 1}), _set(("extra",), [1, {}]), _set(("game_id",), "7"),
])
def test_null_is_absent_and_a_trailing_game_over_action_is_read(change):
    record = records(GAMES)[0]
    change(record)
    deal = read_history_text(json.dumps(record), "g.jsonl")[0]
    assert isinstance(deal, Deal) and deal.standard and deal.meta["end"] == "normal" and deal.meta["real_score"] == 20


def test_a_text_game_id_names_no_hanab_live_game():
    record = dict(records(GAMES)[0], game_id="2393184832201585")  # another collection's name of the game
    assert read_history_text(json.dumps(record))[0].ident.startswith("P2-deck-")


def test_hanab_live_s_export_and_its_json_lines_twin_give_the_same_rows_but_the_source(tmp_path):
    record = game_number_149251()
    export, twin = tmp_path / "149251.json", tmp_path / "games.jsonl"
    export.write_text(json.dumps(as_export(record), indent=2))
    twin.write_text(json.dumps({k: record[k] for k in ("game_id", "players", "deck", "actions", "score")}) + "\n")
    rows = []
    for path in (export, twin):
        bound = json.loads(run("bound", "--hanab-live", path, "--exact", "--json", "-j", "1").output)["rows"]
        analysis = json.loads(run("analyze", path, "--json", "-j", "1").output)["games"]
        assert bound[0]["source"].startswith(str(path)) and analysis[0]["source"].startswith(str(path))
        rows.append([{k: v for k, v in row.items() if k not in ("source", "seconds")} for row in bound + analysis])
    assert rows[0] == rows[1]
    assert rows[0][0]["id"] == "P5-game-149251" and rows[0][0]["end"] == "normal" and rows[0][0]["real_score"] == 23


def test_a_json_array_of_games_names_each_game_s_line(tmp_path):
    path = tmp_path / "games.json"
    games = [as_export(game_number_149251()), {"id": 5, "players": 9}]
    path.write_text("[\n" + ",\n".join(json.dumps(g) for g in games) + "\n]\n")
    items = read_history(path)
    assert items[0].meta["source"] == f"{path}:2" and items[1].source == f"{path}:3"
    assert isinstance(items[1], Refused) and items[1].ident is None
    one_line = json.dumps(games)  # as json.dump writes a list: each game is found by its column
    path.write_text(one_line)
    items = read_history(path)
    second = one_line.index(json.dumps(games[1])) + 1
    assert items[0].meta["source"] == f"{path}:1:2" and items[1].source == f"{path}:1:{second}"


@pytest.mark.parametrize("text, expected", [
    ("\x00\x01binary", "expected JSON"), ("not json at all", "expected JSON"), ("42", "found no game object"),
    ('"a string"', "found no game object"), ("[1, 2, 3]", "found no game object"), ("  \n", "file is empty"),
    ('{"id": 5}', "found no game object"), ('{"a": 1}\n{"b": 2}\n', "found no game object"),
])
def test_a_file_that_is_not_games_stops_at_once_in_one_line(tmp_path, text, expected):
    path = tmp_path / "games.json"
    path.write_text(text)
    with pytest.raises(InputError, match=expected):
        read_history(path)
    for command in (["analyze", path], ["bound", "--hanab-live", path], ["deal", "--hanab-live", path]):
        one_line_error(run(*command), str(path), expected)


def test_a_bad_line_of_json_lines_is_refused_and_the_batch_goes_on(tmp_path):
    path = tmp_path / "games.jsonl"
    lines = GAMES.read_text().splitlines()[:2]
    path.write_text(lines[0] + "\n" + "{truncated\n" + lines[1] + "\n")
    items = read_history(path)
    assert [type(i) for i in items] == [Deal, Refused, Deal] and items[1].reason.startswith("expected JSON")


@pytest.mark.parametrize("first", ["cut", "42", "bom"])
def test_a_first_record_cut_short_or_not_a_game_is_refused_and_the_others_read(tmp_path, first):
    """The file is JSON Lines because its other lines are games, whatever its first line is: a record cut short
    (its reason names the column, not a dangling "starting at"), a number, a game after a byte order mark (as
    ``cat`` of two exported files leaves one in the middle)."""
    lines = GAMES.read_text().splitlines()[:3]
    cut = lines[0].index('"deck"') + 3  # inside a string
    head = {"cut": lines[0][:cut], "42": "42", "bom": lines[0]}[first]
    path = tmp_path / "games.jsonl"
    path.write_text(head + "\n" + lines[1] + "\n\ufeff" + lines[2] + "\n")
    items = read_history(path)
    assert [type(i) for i in items] == [Refused if first != "bom" else Deal, Deal, Deal]
    assert [i.source if isinstance(i, Refused) else i.meta["source"] for i in items] == \
        [f"{path}:{n}" for n in (1, 2, 3)]
    if first == "cut":
        assert items[0].reason == f"expected JSON: Unterminated string (column {cut - 2})"
    if first == "bom":
        assert len(read_hanablive_file(path)) == 3
    else:
        with pytest.raises(InputError, match=f"^{path}:1: expected "):
            read_hanablive_file(path)


@pytest.mark.long  # 7 s: every real file through three commands (each file read: the tests above)
def test_every_command_gives_every_real_record_a_row_and_the_summary_counts_add_up(tmp_path):
    for path in REAL_FILES[1:]:  # the 303 games: test_analyze_of_the_303_real_games
        items = read_history(path)
        refused = sum(isinstance(i, Refused) for i in items)
        games = len({i.ident for i in items if isinstance(i, Deal)})  # a game listed twice is one game
        bound = json.loads(run("bound", "--hanab-live", path, "--json", "--no-figures", "-j", "2").output)
        assert len(bound["rows"]) == games + refused
        assert sum(bound["summary"]["refused"].values()) == refused and bound["summary"]["deals"] == games
        printed = [line for line in run("deal", "--hanab-live", path).output.splitlines() if line.startswith("{")]
        assert len(printed) == games + refused and sum('"refused"' in line for line in printed) == refused
    path = DATA / "hanablive_variant_games.jsonl"
    out = json.loads(run("analyze", path, "--json", "-j", "2", "--timeout", "5").output)
    assert len(out["games"]) == out["summary"]["games"] == 44 and not out["summary"]["refused"]


@pytest.mark.slow
def test_analyze_of_the_303_real_games(tmp_path):
    out = json.loads(run("analyze", GAMES, "--json", "-j", "2").output)
    assert len(out["games"]) == 303 and out["summary"]["games"] == 302
    assert out["summary"]["refused"] == {"option detrimentalCharacters is not supported without the players' "
                                         "characters: the game does not list them (hanab.live's 'characters')": 1}


def with_a_refused_game(folder):
    """The variant games with a game of detrimental characters, which the solvers refuse, as line 10."""
    lines = (DATA / "hanablive_variant_games.jsonl").read_text().splitlines()
    refused = {"players": 2, "deck": [list(card) for card in deck_from_seed("p2v0s1")], "actions": [],
               "options": {"detrimentalCharacters": True}}
    path = folder / "games.jsonl"
    path.write_text("\n".join(lines[:9] + [json.dumps(refused)] + lines[9:]) + "\n")
    return path


def test_strict_stops_at_the_first_refused_game(tmp_path):
    path = with_a_refused_game(tmp_path)
    one_line_error(run("analyze", path, "--strict"), f"{path}:10", "detrimentalCharacters")
    one_line_error(run("deal", "--hanab-live", path, "--strict"), f"{path}:10", "detrimentalCharacters")


def test_a_replay_link_reads_as_the_game_it_carries(tmp_path):
    record = records(GAMES)[1]
    game = {"players": record["players"], "deck": [{"suitIndex": s, "rank": r} for s, r in record["deck"]],
            "actions": record["actions"]}
    url = replay_url(game, turn=3)
    from_link = read_source(url)[0]
    from_json = read_history_text(json.dumps(game))[0]
    assert list(from_link.types) == list(from_json.types) and from_link.meta["actions"] == game["actions"]
    links = tmp_path / "links.txt"
    links.write_text(url + "\n" + url.split("/replay-json/")[1] + "\n")
    assert len(read_history(links)) == 2
    bare = tmp_path / "bare.txt"
    bare.write_text(url.split("/replay-json/")[1].split("#")[0] + "\n")  # the data part alone
    assert list(read_history(bare)[0].types) == list(from_json.types)
    by_link = json.loads(run("analyze", url, "--json", "-j", "1").output)["games"][0]
    by_json = json.loads(run("analyze", *_file(tmp_path, game), "--json", "-j", "1").output)["games"][0]
    assert by_link["turns"] == by_json["turns"] and by_link["drops"] == by_json["drops"]


def _file(folder, game):
    path = folder / "game.json"
    path.write_text(json.dumps(game))
    return [path]


def test_refused_rows_are_read_again_on_resume_and_kept_once(tmp_path):
    path = with_a_refused_game(tmp_path)
    for out in (tmp_path / "rows.jsonl", tmp_path / "rows.csv"):
        first = run("bound", "--hanab-live", path, f"--{out.suffix[1:]}", out, "-q", "--no-figures", "-j", "1")
        assert first.exit_code == 0, first.output
        written = out.read_text()
        for _ in range(2):
            again = json.loads(run("bound", "--hanab-live", path, f"--{out.suffix[1:]}", out, "--resume", "--json",
                                   "--no-figures").output)
            assert len(again["rows"]) == 1 and all("refused" in row for row in again["rows"])
            assert again["summary"]["deals"] == 44 and sum(again["summary"]["refused"].values()) == 1
            assert out.read_text() == written  # the refused record's row is in the file already


def test_a_resumed_analysis_keeps_one_row_per_record(tmp_path):
    path, out = with_a_refused_game(tmp_path), tmp_path / "rows.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:12]) + "\n")  # 11 games and the refused record
    assert run("analyze", path, "--jsonl", out, "-q", "--timeout", "5").exit_code == 0
    written = out.read_text()
    again = json.loads(run("analyze", path, "--jsonl", out, "--resume", "--json", "--timeout", "5").output)
    assert sum(again["summary"]["refused"].values()) == 1 and again["summary"]["games"] == 11
    assert out.read_text() == written and len(written.splitlines()) == 12
    rows = [json.loads(line) for line in written.splitlines()]
    open_ids = [row["id"] for row in rows if row.get("open")]  # another timeout: only these are analysed again
    other = json.loads(run("analyze", path, "--jsonl", out, "--resume", "--json", "--timeout", "7").output)
    assert other["summary"]["games"] == 11 and out.read_text().startswith(written)
    appended = [json.loads(line) for line in out.read_text().splitlines()[12:]]
    assert [row["id"] for row in appended] == open_ids and all(row["timeout"] == 7 for row in appended)


def test_a_link_decodes_to_the_drop_s_line_and_turn():
    record = records(GAMES)[1]
    deal = read_history_text(json.dumps(record))[0]
    from solitaire.seer.runs.analysis import analyze_game

    analysis = analyze_game(deal, timeout=10)
    assert analysis.drops
    for drop in analysis.drops:
        game, turn = decode_replay(drop.link)
        assert turn == drop.turn and _moves(game["actions"]) == _moves(drop.line["actions"])
        assert drop.instead and drop.sentence().startswith(f"turn {drop.turn}: {drop.text} ({drop.before} -> ")


def _moves(actions):
    """The actions without the value of a play or a discard (which means nothing)."""
    return [{k: v for k, v in a.items() if k != "value" or a["type"] > 1} for a in actions]


def test_games_played_on_one_seed_are_each_a_game_and_a_record_read_twice_is_counted(tmp_path):
    from solitaire.seer.game.deals import deal_to_hanablive
    from solitaire.seer.sources.dealsource import live_deals

    deal = deal_to_hanablive(next(iter(live_deals(["p2v0s1"]))))
    first, second = ({**deal, "actions": [{"type": 0, "target": card}]} for card in (0, 1))
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(game) + "\n" for game in (first, second, first, deal)))
    items = read_history(path)
    assert len({item.ident for item in items}) == 3 and items[3].ident == "P2-live-p2v0s1"  # a deal: its seed
    out = json.loads(run("analyze", path, "--json", "-j", "1").output)["summary"]
    assert (out["games"], out["repeated"]) == (3, 1)
    text = run("analyze", path, "-q", "-j", "1").output
    assert "repeated 1: records of a deal or game listed before, each read once" in text


def test_a_batch_of_refused_records_prints_no_share_of_no_deal(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"players": 2, "seed": "p2v0s1", "options": {"variant": "No Such Variant"}}) + "\n")
    text = run("bound", "--hanab-live", path, "-q").output
    assert text.startswith("deals 0\nrefused 1, by reason:") and "%" not in text

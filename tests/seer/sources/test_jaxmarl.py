"""JaxMARL's Hanabi decks and recorded games (solitaire.seer.sources.jaxmarl), on the first 40 records of its
own test files (tests/data/jaxmarl/SOURCES.md)."""

import json

import pytest
from click.testing import CliRunner

from cli import main
from helpers import DATA
from solitaire.io.errors import InputError
from solitaire.seer.game.deals import Deal, card_name
from solitaire.seer.game.simulator import COLOR_CLUE, DISCARD, PLAY, RANK_CLUE, simulate
from solitaire.seer.sources.history import Refused
from solitaire.seer.sources.jaxmarl import jaxmarl_actions, read_jaxmarl, read_jaxmarl_decks

FOLDER = DATA / "jaxmarl"


def test_every_recorded_game_replays_to_jaxmarls_score():
    decks = json.loads((FOLDER / "decks.json").read_text())
    scores = dict(line.split(",") for line in (FOLDER / "scores.txt").read_text().split())
    games = read_jaxmarl(FOLDER)
    assert [game.ident for game in games] == [f"P2-jaxmarl-{d['seed_idx']}" for d in decks]
    for game, record in zip(games, decks):
        assert isinstance(game, Deal) and game.players == 2 and game.start_player == 0
        assert [card_name(t) for t in game.types.tolist()] == [card.lower() for card in record["deck"]]
        final = simulate(game, game.meta["actions"])
        assert final.score == game.meta["real_score"] == int(scores[str(record["seed_idx"])])
    assert {game.meta["end"] for game in games} == {"normal", "strikeout"}


def test_moves_map_to_hanablive_actions():
    types = list(range(50))  # any deck: the mapping only names the cards
    actions = jaxmarl_actions(types, [5, 0, 10, 13, 19, 9])  # the last: player 1's slot 4, card 11 drawn last
    assert actions == [{"type": PLAY, "target": 0}, {"type": DISCARD, "target": 5},
                       {"type": COLOR_CLUE, "target": 1, "value": 0}, {"type": COLOR_CLUE, "target": 0, "value": 4},
                       {"type": RANK_CLUE, "target": 1, "value": 5}, {"type": PLAY, "target": 11}]
    with pytest.raises(ValueError, match="move 1: expected a move 0..19, got 20"):
        jaxmarl_actions(types, [20])


def test_decks_alone_and_what_is_refused():
    deals = read_jaxmarl(FOLDER / "decks.json", players=3)
    assert len(deals) == 40 and all(isinstance(d, Deal) and d.players == 3 and "actions" not in d.meta for d in deals)
    bad = json.dumps([{"seed_idx": 3, "deck": ["R1"] * 50}, {"deck": ["X9"] + ["R1"] * 49}])
    first, second = read_jaxmarl_decks(bad, "d.json")
    assert isinstance(first, Refused) and first.ident == "P2-jaxmarl-3" and "deck 3" in first.reason
    assert isinstance(second, Refused) and second.ident == "P2-jaxmarl-1" and "card 1" in second.reason
    with pytest.raises(InputError, match="expected a JSON list of decks"):
        read_jaxmarl_decks('{"deck": []}', "d.json")


def test_the_command_line_bounds_and_analyses_jaxmarls_games():
    out = CliRunner().invoke(main, ["bound", "--jaxmarl", str(FOLDER), "--exact", "--no-figures", "-j", "1",
                                    "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)["rows"]
    assert len(rows) == 40 and all(row["exact"] and row["U3"] >= row["real_score"] for row in rows)
    analysed = CliRunner().invoke(main, ["analyze", "--jaxmarl", str(FOLDER), "-j", "1", "--json"])
    assert analysed.exit_code == 0 and len(json.loads(analysed.stdout)["games"]) == 40


def test_blank_lines_of_the_scores_are_skipped_and_a_bad_line_is_named(tmp_path):
    for name in ("decks.json", "actions.json"):
        (tmp_path / name).write_text((FOLDER / name).read_text())
    scores = (FOLDER / "scores.txt").read_text()
    (tmp_path / "scores.txt").write_text("\n" + scores.replace("\n", "\n \n", 1) + "\n\n\n")
    games = read_jaxmarl(tmp_path)
    assert [game.meta["real_score"] for game in games] == [game.meta["real_score"] for game in read_jaxmarl(FOLDER)]
    (tmp_path / "scores.txt").write_text("\n0,x\n")
    with pytest.raises(InputError, match="expected a line 'deck,score'") as err:
        read_jaxmarl(tmp_path)
    assert err.value.line == 2

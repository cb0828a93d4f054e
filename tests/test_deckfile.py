"""The .deck format and its JSON form: round trips, every documented error, fuzzing."""

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from helpers import instances
from solitaire.deckfile import (format_deck, instance_from_json, instance_to_json, parse_deck,
                                read_instance, write_deck)
from solitaire.io.errors import InputError


@settings(max_examples=200)
@given(instances(max_n=6, max_c=4, max_r=3, max_h=5, max_N=40))
def test_round_trip_text_and_json(inst):
    assert parse_deck(format_deck(inst, comments=["made by a test"])) == inst
    assert instance_from_json(json.loads(json.dumps(instance_to_json(inst)))) == inst


def test_write_then_read(tmp_path):
    inst = parse_deck("p hanabi 3 2 1\n1 1 2 2 1 2\n")
    write_deck(inst, tmp_path / "a.deck", comments=["x"])
    assert read_instance(tmp_path / "a.deck") == inst
    (tmp_path / "a.json").write_text(json.dumps(instance_to_json(inst)))
    assert read_instance(tmp_path / "a.json") == inst
    for name in ("b.JSON", "b", "b.txt"):  # the JSON form by its first character, whatever the name
        (tmp_path / name).write_text("\ufeff " + json.dumps(instance_to_json(inst)))
        assert read_instance(tmp_path / name) == inst


def test_comments_anywhere_and_cards_span_lines():
    inst = parse_deck("c head\np hanabi 2 2 0\n1\nc middle\n1 2 1\n")
    assert inst.cards == [(1, 1), (2, 1)]


def test_declared_n_is_kept_when_values_are_missing():
    inst = parse_deck("p hanabi 5 1 2\n1 1\n")
    assert (inst.n, inst.max_score) == (5, 5)


@pytest.mark.parametrize("text, line, column, words", [
    ("", None, None, "found none"),
    ("c only a comment\n", None, None, "found none"),
    ("1 1\n", 1, 1, "before the cards"),
    ("p cnf 3 2\n", 1, 3, "p hanabi"),
    ("p hanabi 3 2\n", 1, 12, "3 fields after 'p hanabi'), got 2"),
    ("p hanabi 2 1 1 c hand\n", 1, 16, "3 fields after 'p hanabi'), got 5"),
    ("p hanabi 2 1 1000000001\n", 1, 14, "h <= 1,000,000,000"),
    ("p hanabi 100000 1001 1\n", 1, 10, "card types"),
    ("p hanabi 3 x 1\n", 1, 12, "number of colors"),
    ("p hanabi 3 2 -1\n", 1, 14, "h >= 0"),
    ("p hanabi 0 2 1\n", 1, 10, "n >= 1"),
    ("p hanabi 3 2 1\n1 1 4 1\n", 2, 5, "value in 1..3"),
    ("p hanabi 3 2 1\n1 3\n", 2, 3, "color in 1..2"),
    ("p hanabi 3 2 1\n1 1\n2\n", 3, 1, "odd number"),
    ("p hanabi 3 2 1\n1 1.5\n", 2, 3, "integer"),
    ("p hanabi 3 2 1\np hanabi 3 2 1\n", 2, 1, "second 'p' line"),
])
def test_errors_name_line_and_column(text, line, column, words):
    with pytest.raises(InputError) as info:
        parse_deck(text, "f.deck")
    err = info.value
    assert (err.source, err.line, err.column) == ("f.deck", line, column)
    assert words in err.message


@pytest.mark.parametrize("obj, words", [
    ([], "JSON object"),
    ({"n": 2, "c": 1, "h": 0}, "'cards'"),
    ({"n": 2, "c": 1, "h": -1, "cards": []}, "'h'"),
    ({"n": 2, "c": 1, "h": 0, "cards": [[3, 1]]}, "card 1"),
    ({"n": 2, "c": 1, "h": 0, "cards": [[1]]}, "card 1"),
])
def test_json_errors(obj, words):
    with pytest.raises(InputError, match=words):
        instance_from_json(obj)


VALID = "c example\np hanabi 3 2 1\n1 1  2 2  1 2\n2 1  3 1  3 2\n"


def _cli_on(tmp_path, data):
    path = tmp_path / "fuzz.deck"
    path.write_bytes(data)
    return CliRunner().invoke(main, ["info", str(path)])


def _assert_contract(result):
    """Either it parsed (exit 0) or one clean error line and exit 2; never a traceback."""
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 2:
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and "fuzz.deck" in lines[0], result.output


@settings(max_examples=200)
@given(st.binary(max_size=200))
def test_fuzz_arbitrary_bytes(tmp_path_factory, data):
    _assert_contract(_cli_on(tmp_path_factory.mktemp("f"), data))


@settings(max_examples=300)
@given(st.integers(0, len(VALID) - 1), st.sampled_from(list("0123456789 -\npchx\t.")), st.booleans())
def test_fuzz_mutated_valid_file(tmp_path_factory, where, char, insert):
    text = VALID[:where] + char + VALID[where + (0 if insert else 1):]
    _assert_contract(_cli_on(tmp_path_factory.mktemp("f"), text.encode()))


def test_missing_file_is_one_line(tmp_path):
    result = CliRunner().invoke(main, ["solve", str(tmp_path / "nope.deck")])
    assert result.exit_code == 2
    assert "nope.deck" in result.output and "Traceback" not in result.output

"""The command line through click's test runner: output contracts, exit codes, files."""

import json
from pathlib import Path

from click.testing import CliRunner

from cli import main
from solitaire.deckfile import read_instance
from solitaire.referee import replay
from solitaire.sequence import read_sequence

ROOT = Path(__file__).resolve().parent.parent
DECK = str(ROOT / "instances" / "tiny-r1.deck")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_solve_json_has_the_documented_keys(tmp_path):
    out = tmp_path / "seq.json"
    result = run("solve", DECK, "--json", "--sequence-out", out)
    assert result.exit_code == 0, result.output
    obj = json.loads(result.output)
    assert {"winnable", "score", "max_score", "algorithm", "instance", "sequence", "certificate",
            "seconds"} <= set(obj)
    assert set(obj["instance"]) == {"N", "n", "c", "r", "h"}
    inst = read_instance(DECK)
    assert replay(inst, read_sequence(out).events()) == obj["score"] == inst.max_score
    assert read_sequence(out).to_json() == obj["sequence"]


def test_solve_human_output():
    result = run("solve", DECK, "--algorithm", "engine")
    assert result.exit_code == 0
    assert "WINNABLE" in result.output and "engine" in result.output


def test_solver_that_does_not_apply_is_a_usage_error(tmp_path):
    deck = tmp_path / "big.deck"
    deck.write_text("p hanabi 20 1 1\n" + " ".join(f"{a} 1" for a in range(1, 21)) + "\n")
    result = run("solve", deck, "--algorithm", "brute")
    assert result.exit_code == 2
    assert "N <= 16" in result.output


def test_solve_sequence_out_that_cannot_be_written_is_named_in_one_line(tmp_path):
    for target, why in (("/dev/full", "No space left on device"),
                        (tmp_path / "no" / "s.json", f"the folder {tmp_path / 'no'} does not exist")):
        result = run("solve", DECK, "--sequence-out", target)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert result.output == f"hanabi-solitaire: error: {target}: cannot write the file ({why})\n"
    assert list(tmp_path.iterdir()) == []


def test_verify_says_a_discarded_or_played_card_is_not_held(tmp_path):
    for events, reason in (([["play", 1], ["discard", 2], ["play", 3], ["play", 2]],
                            "event 4 ('play', 2): card 2 is not held (it was discarded at event 2)"),
                           ([["play", 1], ["discard", 2], ["play", 3], ["play", 3]],
                            "event 4 ('play', 3): card 3 is not held (already played at event 3)")):
        sequence = tmp_path / "s.json"
        sequence.write_text(json.dumps(events))
        assert run("verify", DECK, sequence).output == f"illegal: {reason}\n"


def test_verify_accepts_solve_output_and_names_illegal_events(tmp_path):
    solved = tmp_path / "solved.json"
    solved.write_text(run("solve", DECK, "--json").output)
    result = run("verify", DECK, solved)
    assert result.exit_code == 0 and "legal: score 6 / 6 (win)" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([["play", 2]]))
    result = run("verify", DECK, bad, "--json")
    assert result.exit_code == 0
    verdict = json.loads(result.output)
    assert verdict["legal"] is False and verdict["event"] == 1 and "not the next card" in verdict["reason"]
    lost = ROOT / "instances" / "r1-overlap-loss.deck"  # greedy decides it lost with a certificate, no sequence
    solved.write_text(run("solve", lost, "--json").output)
    result = run("verify", lost, solved)
    assert result.exit_code == 2 and "this solve output has no sequence ('sequence' is null" in result.output


def test_verify_bad_sequence_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('[["hold", 1]]')
    result = run("verify", DECK, bad)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "bad.json" in result.output


def test_info_json():
    obj = json.loads(run("info", DECK, "--json").output)
    assert obj["instance"]["r"] == 1
    assert obj["algorithms"]["engine"]["applies"] is True


def test_every_example_of_every_command_help_runs_as_shown(tmp_path, monkeypatch):
    """The examples closing each command's ``--help`` run from a fresh folder, in order, with exit code 0; the
    commands that compute something have some."""
    import shlex

    from solitaire.io.command import EXAMPLE_PREFIX

    monkeypatch.chdir(tmp_path)
    prefix, shown = EXAMPLE_PREFIX.strip() + " ", {}
    for name, command in main.commands.items():
        text = CliRunner().invoke(main, [name, "--help"]).output
        shown[name] = [line.strip()[len(prefix):] for line in text.splitlines() if line.strip().startswith(prefix)]
        assert bool(shown[name]) == bool(command.epilog), name
        for example in shown[name]:
            result = CliRunner().invoke(main, shlex.split(example))
            assert result.exit_code == 0, (example, result.output)
    assert {name for name, lines in shown.items() if lines} >= {"solve", "verify", "reduce", "crosscheck", "generate",
                                                                "bound", "analyze", "deal", "table", "table-summary"}

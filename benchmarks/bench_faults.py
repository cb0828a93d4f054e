"""The fault campaign: wrong input on every input path of the command line, and stop signals at any moment.

**Fuzz.** ``--runs`` runs (default 5,000), shared in turn among the input paths of :data:`PATHS`: hanab.live
games (``bound --hanab-live``, ``analyze``, ``deal --hanab-live``, each with and without ``--strict``), replay
links (``analyze LINK``), deck files (``solve``, ``info``, ``verify``), play sequences (``verify``), CNF files
(``reduce``, ``crosscheck``), seed options, row files (``bound --resume``, ``table-summary``) and ``--scores``
files. Each run takes a real input (the records of ``tests/data/realgames/hanablive_games.jsonl``, the decks of
``instances/``, the formulas of ``tests/data/cnf``, rows written by the command itself), changes one thing in
it, and says what the command must make of it: *valid* (exit 0, nothing refused), *invalid* (exit 2 with one
line, or a row of its own saying ``refused``) or *either*, when the documentation does not settle it. Runs go
through click's ``CliRunner`` in a worker process (killed and replaced when a run passes ``--timeout`` seconds:
a hang), and a sample of them (``--subprocess-share``) also through the installed ``hanabi-solitaire``, which
shows what ``CliRunner`` could hide. Per input path: the runs, their exit codes, tracebacks (a Python
exception, "Traceback" in the output, or exit code 1, which only a stop may give), invalid input accepted,
valid input refused, other breaches of the contract of ``docs/cli.md`` (exit 2 without exactly one line on
standard error, a row file or an output changed by a refused run, rows after a resume other than those of an
uninterrupted run, ``--strict`` giving a refused row) and hangs. Run ``i`` depends only on ``--seed`` and
``i``: ``--only TEXT`` reruns the paths whose name holds ``TEXT``, ``--keep DIR`` keeps the input of every
run that breaks a target.

**Signals.** ``--signal-runs`` runs (default 60) of ``bound`` (400 seeds), ``table`` (300 deals) and
``analyze`` (60 real games), each with two worker processes and its row file, on a new file, on an existing
one (which ``bound`` and ``analyze`` replace and ``table`` adds to) and resuming an existing one; each gets
SIGINT (to its process group, as Ctrl-C), SIGTERM (to the command, its group, or both as ``timeout`` sends
it) or SIGKILL (to the command alone) at a seeded random moment of an uninterrupted run's duration, then is
resumed to completion and compared with an uninterrupted run: the rows finished (flushed to the row file or
its temporary file) before the signal and missing after it from the file and from ``<file>.part`` (the rows of
a replacing run killed outright, which the next run takes over), the rows missing, duplicated or
different after the resume, the temporary and lock files left, the processes of its group left, the exit
codes and standard error, and the seconds from SIGINT or SIGTERM to the end. Values that differ between
two uninterrupted runs (the timings) are not compared.

Run from the repository root (10 to 25 minutes on 2 cores)::

    python benchmarks/bench_faults.py [--seed 0] [--runs 5000] [--signal-runs 60] [--timeout 20] [--json]
"""

import argparse
import csv
import io
import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from common import markdown_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from verdicts import (BAD, EITHER, INVALID, OPTIONS, TOP, VALID, action_verdict, option_verdict,  # noqa: E402
                      top_verdict, whole)

ROOT = Path(__file__).resolve().parent.parent
EXE = str(Path(sys.executable).with_name("hanabi-solitaire"))
GAMES = ROOT / "tests" / "data" / "realgames" / "hanablive_games.jsonl"
DECKS = sorted((ROOT / "instances").glob("*.deck"))
CNFS = sorted((ROOT / "tests" / "data" / "cnf").glob("*/*.cnf"))


# The inputs the runs start from, read once.

@dataclass
class Bases:
    """Real inputs: game records the reader plays unchanged, decks with a play sequence, formulas, row files."""

    games: list = field(default_factory=list)
    decks: list = field(default_factory=list)
    formulas: list = field(default_factory=list)
    rows: dict = field(default_factory=dict)


def plain_options(record):
    return all(value is False for value in (record.get("options") or {}).values())


def load_bases(scratch):
    """The bases of every input path; the row files are written by the command (uninterrupted, ``-j 1``)."""
    from solitaire.deckfile import read_deck
    from solitaire.seer.sources.history import Refused, read_history
    from solitaire.solve import solve

    bases = Bases()
    lines = GAMES.read_text(encoding="utf-8").splitlines()
    played = [not isinstance(item, Refused) for item in read_history(GAMES)]
    assert len(played) == len(lines)
    bases.games = [json.loads(line) for line, ok in zip(lines, played) if ok and plain_options(json.loads(line))]
    for path in DECKS:
        result = solve(read_deck(path))
        bases.decks.append((path.name, path.read_text(), result.sequence.to_json() if result.sequence else []))
    for path in CNFS:
        bases.formulas.append((f"{path.parent.name}/{path.name}", parse_cnf(path.read_text())))
    commands = {"bound.jsonl": ["bound", "-p", "2", "--seeds", "0:6", "--no-figures", "-j", "1", "-q", "--jsonl"],
                "bound.csv": ["bound", "-p", "2", "--seeds", "0:6", "--no-figures", "-j", "1", "-q", "--csv"],
                "table.jsonl": ["table", "-p", "2", "--deals", "4", "--timeout", "1", "-j", "1", "--out"]}
    for name, argv in commands.items():
        subprocess.run([EXE, *argv, str(scratch / name)], check=True, capture_output=True, timeout=300)
        bases.rows[name] = (scratch / name).read_text(encoding="utf-8")
    return bases


# One run: the command line, what the command must make of it, and the checks beyond the exit code.

@dataclass
class Case:
    argv: list
    verdict: str
    what: str
    rows: str = ""  # where refused rows are printed: "bound" (--json rows), "analyze" (--json games), "deal"
    strict: bool = False
    unchanged: list = field(default_factory=list)  # files a refused run must leave as they were
    absent: list = field(default_factory=list)  # files a refused run must not create
    expect_rows: tuple = ()  # (row file, csv?, {id: row}): its rows after a run that did its job
    snapshot: dict = field(default_factory=dict)


def write(folder, name, data):
    path = folder / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def cut(rng, text):
    """``text`` cut short at a random character (at least one kept, at least one dropped)."""
    return text[: rng.randrange(1, len(text))] if len(text) > 1 else ""


def flip(rng, data):
    """``data`` (bytes) with one random byte replaced by a random printable one."""
    at = rng.randrange(len(data))
    return data[:at] + bytes([rng.randrange(32, 127)]) + data[at + 1:]


def not_utf8(rng, text, start=0):
    """``text`` as bytes with a byte that is never UTF-8 (0xff) inserted after character ``start``."""
    return with_bad_byte(text, rng.randrange(start, len(text)) if len(text) > start else start)


def with_bad_byte(text, at):
    """``text`` as bytes with the byte 0xff, never UTF-8, before character ``at``."""
    return text[:at].encode("utf-8") + b"\xff" + text[at:].encode("utf-8")


def bad_line(lines, at):
    """``lines`` joined, as bytes, with a byte that is never UTF-8 at the start of line ``at``."""
    return with_bad_byte("".join(lines), len("".join(lines[:at])))


# hanab.live games: one field made wrong, absent or added, or the file damaged.

def mutate_record(rng, record):
    """``record`` with one field made wrong: the record, the verdict, what was done."""
    value = rng.choice(BAD)
    where = rng.choice(["top", "option", "missing", "extra", "card", "card field", "action", "action field",
                        "after the end", "two cards swapped"])
    if where == "top":
        key = rng.choice(TOP)
        verdict, record[key] = top_verdict(record, key, value), value
    elif where == "option":
        key = rng.choice(OPTIONS)
        record["options"] = record.get("options") or {}
        verdict, record["options"][key] = option_verdict(record, key, value), value
    elif where == "missing":
        key = rng.choice(TOP)
        verdict, value = INVALID if key in ("players", "deck") else VALID, "deleted"
        record.pop(key, None)
    elif where == "extra":
        key, verdict, record["someNewField"] = "someNewField", VALID, value
    elif where == "card":
        key = rng.randrange(len(record["deck"]))
        verdict, record["deck"][key] = INVALID, value
    elif where == "card field":
        card = record["deck"][rng.randrange(len(record["deck"]))]
        key = rng.randrange(2)
        verdict, card[key] = VALID if whole(value) and value == card[key] else INVALID, value
    elif where == "action":
        key = rng.randrange(len(record["actions"]))
        verdict, record["actions"][key] = INVALID, value
    elif where == "action field":
        action = record["actions"][rng.randrange(len(record["actions"]))]
        key, value = rng.choice(["type", "target", "value"]), rng.choice([value, ...])
        verdict = action_verdict(action, key, value)
        if value is ...:
            del action[key]
        else:
            action[key] = value
    elif where == "after the end":  # a game that ended because no card could score may go on (older games did)
        key, verdict = "actions", EITHER if str(record.get("end", "")).startswith("normal(early") else INVALID
        value = {"type": rng.randrange(4), "target": 0, "value": 1}
        record["actions"].append(value)
    else:
        i, j = rng.sample(range(len(record["deck"])), 2)
        record["deck"][i], record["deck"][j] = record["deck"][j], record["deck"][i]
        key, value = f"{i},{j}", "swapped"
        verdict = VALID if record["deck"][i] == record["deck"][j] else EITHER
    return record, verdict, f"{where} {key!r} = {value!r}" if value is not ... else f"{where} {key!r} deleted"


def games_file(rng, bases):
    """The text of a games file (one real game, mutated) and its verdict and what was done."""
    record = json.loads(json.dumps(rng.choice(bases.games)))
    line = json.dumps(record)
    damage = rng.random()
    if damage < 0.8:
        record, verdict, what = mutate_record(rng, record)
        return json.dumps(record) + "\n", verdict, what
    kind = rng.choice(["cut", "not UTF-8", "BOM", "CRLF", "empty", "array", "twice"])
    text = {"cut": lambda: cut(rng, line), "not UTF-8": lambda: not_utf8(rng, line), "BOM": lambda: "\ufeff" + line,
            "CRLF": lambda: line + "\r\n", "empty": lambda: "", "array": lambda: f"[{line}]",
            "twice": lambda: line + "\n" + line + "\n"}[kind]()
    return text, INVALID if kind in ("cut", "not UTF-8", "empty") else VALID, f"file {kind}"


def games_path(command, strict):
    def generate(rng, folder, bases):
        text, verdict, what = games_file(rng, bases)
        path = write(folder, "games.jsonl", text)
        argv = {"bound": ["bound", "--hanab-live", path, "--json", "--no-figures", "-j", "1"],
                "analyze": ["analyze", path, "--json", "-j", "1"],
                "deal": ["deal", "--hanab-live", path]}[command]
        return Case(argv + (["--strict"] if strict else []), verdict, what, rows=command, strict=strict)
    return generate


ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def link_path(rng, folder, bases):
    """``analyze LINK``: the replay link of a real game, changed."""
    from solitaire.seer.sources.replaylink import replay_url

    record = rng.choice(bases.games)
    game = {"players": record["players"], "deck": [{"suitIndex": s, "rank": r} for s, r in record["deck"]],
            "actions": record["actions"], "options": {}}
    url = replay_url(game)
    head, data = url.rsplit("/", 1)
    fields = data.replace("-", "").split(",")
    kind = rng.choice(["unchanged", "data part", "shared", "hyphens moved", "card", "not in the alphabet",
                       "odd actions", "no deck", "variant", "turn", "cut", "character changed", "other site"])
    verdict = VALID
    if kind == "data part":
        url = data
    elif kind == "shared":
        url = head.replace("replay-json", "shared-replay-json") + "/" + data
    elif kind == "hyphens moved":
        joined = ",".join(fields)
        url = head + "/" + "-".join(joined[i:i + 7] for i in range(0, len(joined), 7))
    elif kind == "card":  # a card's code: another card, so the deck has the wrong counts
        at = rng.randrange(3, len(fields[0]))
        old = fields[0][at]
        fields[0] = fields[0][:at] + rng.choice([c for c in ALPHABET if c != old]) + fields[0][at + 1:]
        url, verdict = head + "/" + ",".join(fields), INVALID
    elif kind == "not in the alphabet":
        which = rng.randrange(2)
        at = rng.randrange(len(fields[which]) + 1)
        fields[which] = fields[which][:at] + rng.choice("!@$%^*()_=+~é") + fields[which][at:]
        url, verdict = head + "/" + ",".join(fields), INVALID
    elif kind == "odd actions" and len(fields[1]) > 2:
        fields[1] = fields[1][:-1]
        url, verdict = head + "/" + ",".join(fields), INVALID
    elif kind == "no deck":
        fields[0] = fields[0][:3]
        url, verdict = head + "/" + ",".join(fields), INVALID
    elif kind == "variant":
        fields[2] = rng.choice(["x", "", "-1", "1.5", "99999999999999999999", str(rng.randrange(1, 2000))])
        url, verdict = head + "/" + ",".join(fields), EITHER if fields[2].isdigit() or not fields[2] else INVALID
    elif kind == "turn":
        url, verdict = url + "#" + rng.choice(["1", "2", "0", "-1", "x", str(10**30), ""]), EITHER
    elif kind == "cut":
        url, verdict = cut(rng, url), EITHER
    elif kind == "character changed":
        at = rng.randrange(len(url))
        url, verdict = url[:at] + rng.choice(ALPHABET + ",-/#") + url[at + 1:], EITHER
    elif kind == "other site":
        url, verdict = "https://example.org/replay-json/" + data, EITHER
    else:
        kind = "unchanged"
    return Case(["analyze", url, "--json", "-j", "1"], verdict, f"link {kind}: {url[:80]}", rows="analyze")


# Decks and play sequences (docs/input-formats.md, solitaire/deckfile.py).

def split_deck(text):
    comments = [line for line in text.splitlines() if line.startswith("c")]
    body = "\n".join(line for line in text.splitlines() if not line.startswith("c"))
    tokens = body.split()
    n, c, h = (int(t) for t in tokens[2:5])
    numbers = [int(t) for t in tokens[5:]]
    return comments, (n, c, h), [numbers[i:i + 2] for i in range(0, len(numbers), 2)]


def deck_text(comments, header, cards):
    return "\n".join([*comments, "p hanabi " + " ".join(map(str, header))] +
                     ["  ".join(" ".join(map(str, card)) for card in cards[i:i + 10])
                      for i in range(0, len(cards), 10)]) + "\n"


def mutate_deck(rng, text):
    """A deck file's text changed: the new text (str or bytes), the verdict, what was done."""
    comments, header, cards = split_deck(text)
    n, c, h = header
    kind = rng.choice(["swap", "drop a card", "copy a card", "comment among the cards", "CRLF", "n or c larger",
                       "h changed", "value out of range", "color out of range", "not a number", "odd tokens",
                       "no header", "second header", "header field", "empty", "not UTF-8", "byte", "cut"])
    verdict = VALID
    if kind == "swap" and len(cards) > 1:
        i, j = rng.sample(range(len(cards)), 2)
        cards[i], cards[j] = cards[j], cards[i]
    elif kind == "drop a card" and cards:
        cards.pop(rng.randrange(len(cards)))
    elif kind == "copy a card" and cards:
        cards.insert(rng.randrange(len(cards) + 1), list(rng.choice(cards)))
    elif kind == "n or c larger":
        header = (n + rng.randint(0, 3), c + rng.randint(1, 3), h) if rng.random() < 0.5 else (n + 1, c, h)
    elif kind == "h changed":
        header = (n, c, rng.choice([0, 1, h + 1, 10**9]))
    elif kind in ("value out of range", "color out of range") and cards:
        card, index, top = rng.choice(cards), int(kind == "color out of range"), (n, c)[kind == "color out of range"]
        card[index], verdict = rng.choice([0, -1, top + 1, top + 100]), INVALID
    elif kind == "not a number" and cards:
        card = rng.choice(cards)
        card[rng.randrange(2)], verdict = rng.choice(["x", "1.5", "1e3", "0x1", "\u0663", "1_0", "--1"]), INVALID
    elif kind == "odd tokens" and cards:
        cards[-1], verdict = cards[-1][:1], INVALID
    elif kind == "header field":
        i, value = rng.randrange(3), rng.choice([-1, "x", "1.5", 10**19, 10**10])
        header = list(header)
        header[i] = value
        verdict = INVALID  # n, c >= 1, n * c <= 10^8, 0 <= h <= 10^9, integers of at most 18 digits
    elif kind == "empty":
        return "", INVALID, kind
    elif kind == "not UTF-8" and cards:
        text = deck_text(comments, header, cards)
        return not_utf8(rng, text, text.index("p hanabi") + 10), INVALID, kind
    elif kind == "byte":
        return flip(rng, text.encode()), EITHER, kind
    elif kind == "cut":
        return cut(rng, text), EITHER, kind
    elif kind not in ("comment among the cards", "CRLF", "no header", "second header"):
        kind = "unchanged"
    text = deck_text(comments, header, cards)
    if kind == "comment among the cards":
        lines = text.splitlines(keepends=True)
        lines.insert(rng.randrange(len(lines) - 1, len(lines) + 1), "c a comment among the cards\n")
        text = "".join(lines)
    elif kind == "CRLF":
        text = text.replace("\n", "\r\n")
    elif kind == "no header":
        text, verdict = re.sub(r"(?m)^p hanabi.*\n", "", text), INVALID
    elif kind == "second header":
        text, verdict = text + f"p hanabi {n} {c} {h}\n", INVALID
    return text, verdict, kind


def deck_path(command):
    def generate(rng, folder, bases):
        name, text, sequence = rng.choice(bases.decks)
        data, verdict, what = mutate_deck(rng, text)
        deck = write(folder, "in.deck", data)
        argv = [command, deck, "--json"]
        if command == "verify":
            argv.insert(2, write(folder, "seq.json", json.dumps(sequence)))
        return Case(argv, verdict, f"{name}: {what}")
    return generate


def sequence_path(rng, folder, bases):
    """``verify DECK SEQUENCE``: a real deck and its solver's sequence, the sequence changed. A well-formed
    sequence is valid whether or not its events are legal: the referee answers."""
    name, text, sequence = rng.choice([base for base in bases.decks if base[2]])
    events = [list(event) for event in sequence]
    kind = rng.choice(["swap", "drop", "index beyond the deck", "index changed", "event name", "index type",
                       "pair shape", "object", "object without sequence", "not JSON", "empty list", "not a list"])
    verdict, data = VALID, None
    event = rng.choice(events)
    if kind == "swap":
        i, j = rng.sample(range(len(events)), 2)
        events[i], events[j] = events[j], events[i]
    elif kind == "drop":
        events.pop(rng.randrange(len(events)))
    elif kind == "index beyond the deck":
        event[1] = rng.choice([len(events) + 5, 2**40])
    elif kind == "index changed":
        event[1] = rng.choice([0, -1, 2**62, 2**64]) if rng.random() < 0.5 else rng.randint(1, 60)
        verdict = VALID if event[1] >= 1 and event[1] < 2**62 else INVALID
    elif kind == "event name":
        event[0] = rng.choice(["Play", "plays", "", "clue", 1, None])
        verdict = INVALID
    elif kind == "index type":
        event[1], verdict = rng.choice(["1", 1.5, True, None, [1], {}]), INVALID
    elif kind == "pair shape":
        events[events.index(event)] = rng.choice([[event[0]], event + [1], {"play": 1}, event[0], []])
        verdict = INVALID
    elif kind == "object":
        data = json.dumps({"winnable": True, "sequence": events})
    elif kind == "object without sequence":
        data, verdict = json.dumps({"events": events}), INVALID
    elif kind == "not JSON":
        data, verdict = cut(rng, json.dumps(events)), INVALID
    elif kind == "empty list":
        events = []
    else:
        data, verdict = json.dumps(rng.choice([5, "play", None, True])), INVALID
    seq = write(folder, "seq.json", data if data is not None else json.dumps(events))
    return Case(["verify", write(folder, "in.deck", text), seq, "--json"], verdict, f"{name}: sequence {kind}")


# CNF formulas (docs/input-formats.md, reductions/dimacs.py).

def parse_cnf(text):
    """(comments, variables, clauses, trailer) of a well-formed DIMACS file."""
    comments, clauses, current, header, trailer = [], [], [], None, False
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or tokens[0].startswith("c"):
            comments += [line] if header is None else []
        elif tokens[0] == "%":
            trailer = True
            break
        elif tokens[0] == "p":
            header = int(tokens[2])
        else:
            for token in map(int, tokens):
                if token:
                    current.append(token)
                else:
                    clauses.append(current)
                    current = []
    return comments, header, clauses, trailer


def cnf_text(comments, variables, clauses, trailer, count=None, per_line=1):
    count = len(clauses) if count is None else count
    body = [" ".join(str(lit) for clause in clauses[i:i + per_line] for lit in [*clause, 0])
            for i in range(0, len(clauses), per_line)]
    return "\n".join([*comments, f"p cnf {variables} {count}", *body] + (["%", "0"] if trailer else [])) + "\n"


def mutate_cnf(rng, formula):
    comments, variables, clauses, trailer = formula
    clauses = [list(clause) for clause in clauses]
    kind = rng.choice(["comment", "joined", "split", "blank lines", "CRLF", "tabs", "plus sign", "shuffled",
                       "negated", "repeated literal", "empty clause", "more variables", "literal beyond",
                       "fewer variables", "clause dropped", "count +1", "last 0 missing", "not an integer",
                       "no header", "second header", "header late", "bad header", "too many variables",
                       "not UTF-8", "byte", "cut"])
    verdict, count, per_line = VALID, None, 1
    clause = rng.choice(clauses)
    if kind == "shuffled":
        rng.shuffle(clauses)
    elif kind == "negated":
        at = rng.randrange(len(clause))
        clause[at] = -clause[at]
    elif kind == "repeated literal":
        clause.append(clause[0])
    elif kind == "empty clause":
        clauses.insert(rng.randrange(len(clauses) + 1), [])
    elif kind == "more variables":
        variables += rng.randint(1, 5)
    elif kind == "literal beyond":
        clause[rng.randrange(len(clause))], verdict = rng.choice([-1, 1]) * (variables + rng.randint(1, 3)), INVALID
    elif kind == "fewer variables":
        variables, verdict = max(abs(lit) for c in clauses for lit in c) - 1, INVALID
    elif kind == "clause dropped":
        clauses.pop(rng.randrange(len(clauses)))
        count, verdict = len(clauses) + 1, INVALID
    elif kind == "count +1":
        count, verdict = len(clauses) + 1, INVALID
    elif kind == "joined":
        per_line = rng.randint(2, 5)
    elif kind == "too many variables":
        variables, verdict = rng.choice([10**7 + 1, 10**19]), INVALID
    text = cnf_text(comments, variables, clauses, trailer, count, per_line)
    lines = text.splitlines(keepends=True)
    first = len(comments) + 1  # the first clause line
    last = first + len(clauses) - 1
    if kind == "comment":
        lines.insert(rng.randrange(first - 1, last + 2), "c a comment\n")
    elif kind == "split":
        at = rng.randrange(first, last + 1)
        lines[at] = lines[at].replace(" ", "\n", 1)
    elif kind == "blank lines":
        lines.insert(rng.randrange(first, last + 2), "\n\n")
    elif kind == "CRLF":
        lines = [line.replace("\n", "\r\n") for line in lines]
    elif kind == "tabs":
        lines = [line.replace(" ", "\t") if not line.startswith("c") else line for line in lines]
    elif kind == "plus sign":
        at = rng.randrange(first, last + 1)
        lines[at] = re.sub(r"(^| )([1-9])", r"\1+\2", lines[at], count=1)
    elif kind == "last 0 missing":
        lines[last] = lines[last].rsplit(" 0", 1)[0] + "\n" if lines[last].strip() != "0" else ""
        verdict = INVALID
    elif kind == "not an integer":
        at = rng.randrange(first, last + 1)
        tokens = lines[at].split()
        tokens[rng.randrange(len(tokens))] = rng.choice(["x", "1.5", "1e2", "\u0663", "0x1", "--1", "1-"])
        lines[at], verdict = " ".join(tokens) + "\n", INVALID
    elif kind == "no header":
        lines[first - 1], verdict = "", INVALID
    elif kind == "second header":
        lines.insert(rng.randrange(first, last + 2), lines[first - 1])
        verdict = INVALID
    elif kind == "header late":
        lines.insert(first + 1, lines.pop(first - 1))
        verdict = INVALID
    elif kind == "bad header":
        lines[first - 1] = rng.choice([f"p cnf {variables}\n", f"p cnf x {len(clauses)}\n",
                                       f"p dnf {variables} {len(clauses)}\n", f"p cnf -{variables} {len(clauses)}\n",
                                       f"p cnf {variables} {len(clauses)} 7\n", "p\n"])
        verdict = INVALID
    elif kind == "not UTF-8":
        at = rng.randrange(first, last + 1)
        return bad_line(lines, at), INVALID, kind
    elif kind == "byte":
        return flip(rng, "".join(lines).encode()), EITHER, kind
    elif kind == "cut":
        return cut(rng, "".join(lines)), EITHER, kind
    return "".join(lines), verdict, kind


def reduce_path(rng, folder, bases):
    name, formula = rng.choice(bases.formulas)
    data, verdict, what = mutate_cnf(rng, formula)
    deck, mapping = folder / "out.deck", folder / "out.map.json"
    argv = ["reduce", write(folder, "in.cnf", data), "-o", deck] + (["--map", mapping] if rng.random() < 0.5 else [])
    return Case(argv + ["--json"], verdict, f"{name}: {what}", absent=[deck, mapping])


def crosscheck_path(rng, folder, bases):
    """``crosscheck CNF``: the first 2 to 5 clauses of a 20-variable formula (a whole one takes seconds), changed."""
    name, (comments, variables, clauses, trailer) = rng.choice([b for b in bases.formulas if b[1][1] == 20])
    kept = rng.randint(2, 5)
    data, verdict, what = mutate_cnf(rng, (comments, variables, clauses[:kept], trailer))
    return Case(["crosscheck", write(folder, "in.cnf", data), "--json"], verdict, f"{name} (first {kept}): {what}")


# Seed options (docs/cli.md, docs/limits.md "Input sizes and seed ranges").

NUMBERS = [0, 1, 7, 2**31 - 3, 2**31 - 1, 2**31, 2**63, 2**64 - 3, 2**64 - 1, 2**64, 2**64 + 1, 10**20, 10**21]


def seed_range(rng, top):
    """An ``A:B`` range, well formed or not, and its verdict; the valid ones hold at most 3 seeds."""
    a = rng.choice([n for n in NUMBERS if n < top] if rng.random() < 0.5 else NUMBERS)
    b = a + rng.choice([-1, 0, 1, 2, 3])
    text, verdict = f"{a}:{b}", VALID if 0 <= a < b <= top else EITHER if a >= b and b <= top else INVALID
    form = rng.choice(["plain"] * 4 + ["spaces", "dots", "negative", "no end", "no start", "three", "underscore",
                                       "arabic digits", "hex", "word", "empty"])
    if form == "spaces":
        text, verdict = f" {a} : {b} ", EITHER
    elif form == "dots":
        text, verdict = f"{a}..{b}", EITHER if verdict == VALID else verdict
    elif form == "negative":
        text, verdict = f"-{a + 1}:{b}", INVALID
    elif form == "no end":
        text, verdict = f"{a}:", INVALID
    elif form == "no start":
        text, verdict = f":{b}", INVALID
    elif form == "three":
        text, verdict = f"{a}:{b}:{b + 1}", INVALID
    elif form == "underscore":
        text, verdict = f"1_0:1_{rng.randint(1, 3)}", INVALID
    elif form == "arabic digits":
        text, verdict = "\u0660:\u0662", INVALID
    elif form == "hex":
        text, verdict = "0x0:0x2", INVALID
    elif form == "word":
        text, verdict = rng.choice(["a:b", "all", "0:b", "nan:inf"]), INVALID
    elif form == "empty":
        text, verdict = "", INVALID
    return text, verdict, form


def live_seed(rng, one):
    """A hanab.live seed string and its verdict: players 2..5, variant 0, and for ``--hanab-live-seeds`` a
    suffix of 1 to 12 digits or a range of them are valid (``one``: ``--hanab-live-seed``, one string)."""
    players = rng.choice([2, 3, 4, 5] * 3 + [0, 1, 6, 7, 10])
    variant = rng.choice([0] * 6 + [1, 2, 16, 99999, -1])
    start = rng.choice([1, 17, 10**11, 10**12 - 3, 10**12, 0])
    suffix = rng.choice([str(start)] * 3 + [f"{start}..{start + rng.choice([0, 1, 2, -1])}"] * 3 +
                        ["", "foo", f"{start}..", "0" + str(start), f"{start}..{start}..{start}"])
    text = f"p{players}v{variant}s{suffix}"
    digits = re.fullmatch(r"([0-9]+)(?:\.\.([0-9]+))?", suffix)
    if not 2 <= players <= 5 or variant < 0 or not one and (suffix == "" or suffix.endswith("..")):
        return text, INVALID
    if not one and digits and any(len(part) > 12 for part in digits.groups() if part):
        return text, INVALID
    if variant or not digits or suffix.startswith("0") and suffix != "0":
        return text, EITHER
    if one:
        return text, VALID if not digits[2] else EITHER
    return text, VALID if not digits[2] or int(digits[1]) < int(digits[2]) else EITHER


def seeds_path(option):
    def generate(rng, folder, bases):
        argv = ["bound", "-j", "1", "--json", "--no-figures"]
        if option == "--hanab-live-seeds":
            one = rng.random() < 0.3
            text, verdict = live_seed(rng, one)
            used = "--hanab-live-seed" if one else option
            return Case(argv + [used, text], verdict, f"{used} {text!r}", rows="bound")
        text, verdict, form = seed_range(rng, 2**64 if option == "--seeds" else 2**31)
        players = rng.choice(["2", "3", "5"])
        return Case(argv + ["-p", players, option, text], verdict, f"{option} {text!r} ({form})", rows="bound")
    return generate


def table_seeds_path(rng, folder, bases):
    """``table --seed S --deals N``: the seeds S .. S + N - 1 below 2^64, N >= 1; the valid ones hold 1 or 2 deals."""
    seed, deals = rng.choice(NUMBERS), rng.choice([1, 2, 0, -1])
    verdict = VALID if 0 <= seed and 1 <= deals and seed + deals <= 2**64 else INVALID
    seed_text, deals_text = str(seed), str(deals)
    form = rng.choice(["plain"] * 4 + ["seed word", "deals word", "underscore", "arabic digits", "21 digits", "plus"])
    if form == "seed word":
        seed_text, verdict = rng.choice(["x", "1.5", "1e3", "", "nan"]), INVALID
    elif form == "deals word":
        deals_text, verdict = rng.choice(["x", "1.5", "two", ""]), INVALID
    elif form == "underscore":
        seed_text, verdict = "1_0", INVALID
    elif form == "arabic digits":
        seed_text, verdict = "\u0661", INVALID
    elif form == "21 digits":
        seed_text, verdict = "1" + "0" * 20, INVALID
    elif form == "plus":
        seed_text, verdict = f"+{seed}", EITHER if verdict == VALID else verdict
    out = folder / "table.jsonl"
    argv = ["table", "-p", "2", "--seed", seed_text, "--deals", deals_text, "--timeout", "1", "-j", "1", "--out", out]
    return Case(argv, verdict, f"--seed {seed_text!r} --deals {deals_text!r} ({form})", absent=[out])


# Row files (docs/formats.md, "Row files" and "Writing, resuming, locking"), --scores files.

def rows_of_text(text, csv_format):
    """The rows of a row file's text by id (the last one wins), as strings for CSV."""
    if csv_format:
        return {row["id"]: row for row in csv.DictReader(io.StringIO(text))}
    rows = (json.loads(line) for line in text.splitlines() if line.strip())
    return {row["id"]: row for row in rows if isinstance(row, dict) and "id" in row}


#: Changes of a row file's lines that keep every line whole (:func:`reordered`).
REORDERED = ("duplicate", "deleted", "swapped", "empty")


def reordered(kind, lines, at):
    """``lines`` with line ``at`` repeated, deleted or swapped with the last, or no line at all."""
    if kind == "duplicate":
        return lines[:at] + [lines[at]] + lines[at:]
    if kind == "deleted":
        return lines[:at] + lines[at + 1:]
    if kind == "swapped":
        swapped = list(lines)
        swapped[at], swapped[-1] = swapped[-1], swapped[at]
        return swapped
    return []


def mutate_jsonl_rows(rng, text, keys):
    """A JSON Lines row file changed: the new text (str or bytes), the verdict, what was done."""
    lines = text.splitlines(keepends=True)
    at = rng.randrange(len(lines) - 1)  # not the last line: a last line cut short is an interruption's
    kind = rng.choice(["cut", "line cut short", "wrong type", "score out of range", "duplicate", "deleted",
                       "swapped", "empty", "BOM", "not a row", "not UTF-8", "unknown key", "another deal",
                       "blank line"] + (["another kind"] if "U1" in keys else []))
    verdict = VALID
    if kind == "cut":
        return cut(rng, text), VALID, kind
    if kind == "line cut short":
        lines[at], verdict = cut(rng, lines[at].rstrip("\n")) + "\n", INVALID
    elif kind == "wrong type":
        row = json.loads(lines[at])
        key = rng.choice(keys)
        row[key] = rng.choice({"id": [5, [], None, True, "x"], "exact": ["x", [], {}, 1.5, None, 1]}.get(
            key, ["x", [], {}, True, 1.5, None]))
        lines[at], verdict = json.dumps(row) + "\n", INVALID
    elif kind == "score out of range":
        row = json.loads(lines[at])
        row[rng.choice([k for k in ("L", "U1", "U2", "U3") if k in row])] = rng.choice([-1, 26, 100])
        lines[at], verdict = json.dumps(row) + "\n", INVALID
    elif kind == "another kind":
        row = json.loads(lines[at])
        row.update(rng.choice([{"U3": 25, "U3_high": 25, "exact": True, "method": "bot"}, {"min_hand": 6}]))
        lines[at], verdict = json.dumps(row) + "\n", INVALID
    elif kind in REORDERED:
        lines = reordered(kind, lines, at)
    elif kind == "BOM":
        lines[0] = "\ufeff" + lines[0]
    elif kind == "not a row":
        lines[at], verdict = rng.choice(["[]", "1", '"x"', "null", "{}", "{"]) + "\n", INVALID
    elif kind == "not UTF-8":
        return bad_line(lines, at), INVALID, kind
    elif kind == "unknown key":
        row = json.loads(lines[at])
        row["someNewKey"] = 1
        lines[at], verdict = json.dumps(row) + "\n", EITHER
    elif kind == "another deal":
        row = json.loads(lines[at])
        row["id"] = rng.choice(["P2-seed-99", "P2-seed-18446744073709551615"])
        lines.insert(at, json.dumps(row) + "\n")
        verdict = EITHER if "seed" in row else VALID  # a table row's seed no longer that of its id
    else:
        lines.insert(at + 1, "\n")
        verdict = EITHER
    return "".join(lines), verdict, kind


def mutate_csv_rows(rng, text):
    lines = text.splitlines(keepends=True)
    at = rng.randrange(1, len(lines) - 1)
    kind = rng.choice(["cut", "line cut short", "wrong type", "missing score", "duplicate", "deleted", "swapped",
                       "empty", "no header", "extra column", "not UTF-8"])
    verdict = VALID
    if kind == "cut":
        return cut(rng, text), VALID, kind
    cells = lines[at].rstrip("\n").split(",")
    if kind == "line cut short":
        lines[at], verdict = cut(rng, lines[at].rstrip("\n")) + "\n", EITHER
    elif kind == "wrong type":
        cells[rng.choice([1, 2, 3, 4])] = rng.choice(["x", "1.5", "[]", "true"])
        lines[at], verdict = ",".join(cells) + "\n", INVALID
    elif kind == "missing score":
        cells[rng.choice([2, 3, 4])] = ""
        lines[at], verdict = ",".join(cells) + "\n", INVALID
    elif kind in REORDERED:
        lines = reordered(kind, lines, at)
    elif kind == "no header":
        lines, verdict = lines[1:], INVALID
    elif kind == "extra column":
        lines[at], verdict = lines[at].rstrip("\n") + ",7\n", EITHER
    else:
        return bad_line(lines, at), INVALID, kind
    return "".join(lines), verdict, kind


def resume_path(csv_format):
    """``bound --resume`` on a damaged row file: the first 4 rows of an uninterrupted run of 6 seeds, damaged; a
    run that did its job leaves the rows of that run, one that refused leaves the file as it was."""
    def generate(rng, folder, bases):
        name = "bound.csv" if csv_format else "bound.jsonl"
        whole_text = bases.rows[name]
        lines = whole_text.splitlines(keepends=True)
        start = lines[:5] if csv_format else lines[:4]
        if csv_format:
            data, verdict, what = mutate_csv_rows(rng, "".join(start))
        else:
            data, verdict, what = mutate_jsonl_rows(rng, "".join(start), ["id", "players", "L", "U1", "U2"])
        path = write(folder, "rows", data)
        argv = ["bound", "-p", "2", "--seeds", "0:6", "--no-figures", "-j", "1", "-q", "--resume",
                "--csv" if csv_format else "--jsonl", path]
        return Case(argv, verdict, what, unchanged=[path], expect_rows=(path, csv_format, rows_of_text(whole_text,
                                                                                                        csv_format)))
    return generate


def table_summary_path(rng, folder, bases):
    data, verdict, what = mutate_jsonl_rows(rng, bases.rows["table.jsonl"], ["id", "players", "U3", "U3_high", "exact"])
    if verdict == VALID and (b"\n" if isinstance(data, bytes) else "\n") not in data:
        verdict = EITHER  # no complete row left: whether a file without rows is a table is not settled
    return Case(["table-summary", write(folder, "rows.jsonl", data), "--json"], verdict, what)


def scores_path(rng, folder, bases):
    """``bound --scores FILE`` for seeds 0..2 of P = 2: whole scores 0..25 of their ids valid, others refused."""
    rows = [{"id": f"P2-seed-{i}", "score": score} for i, score in enumerate((24, 25, 21))]
    as_csv = rng.random() < 0.5
    kind = rng.choice(["unchanged", "out of range", "not a number", "fraction", "missing score", "unknown id",
                       "duplicate id", "swapped", "other names", "extra column", "cut", "empty", "not UTF-8", "BOM"]
                      + (["no header"] if as_csv else []))
    verdict, names, row = VALID, ["id", "score"], rng.choice(rows)
    if kind == "out of range":
        row["score"], verdict = rng.choice([-1, 26, 100, 10**30]), INVALID
    elif kind == "not a number":
        row["score"], verdict = rng.choice(["x", "nan", "inf"] + ([] if as_csv else [[], True, None])), INVALID
    elif kind == "fraction":
        row["score"], verdict = rng.choice([24.5, 24.0]), EITHER
    elif kind == "missing score":
        del row["score"]
        verdict = EITHER
    elif kind == "unknown id":
        rows.append({"id": "P2-seed-77", "score": 20})
    elif kind == "duplicate id":
        rows.append(dict(row))
        verdict = EITHER
    elif kind == "swapped":
        rows.reverse()
    elif kind == "other names":
        names, verdict = rng.choice([["id", "points"], ["game", "score"]]), INVALID
        rows = [dict(zip(names, r.values())) for r in rows]
    elif kind == "extra column":
        names, verdict = names + ["extra"], EITHER
        rows = [{**r, "extra": 1} for r in rows]
    if as_csv:
        cell = lambda value: "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
        text = "".join(",".join(cell(r.get(name)) for name in names) + "\n" for r in rows)
        text = ("" if kind == "no header" else ",".join(names) + "\n") + text
        verdict = INVALID if kind == "no header" else verdict
    else:
        text = "".join(json.dumps(r) + "\n" for r in rows)
    if kind == "cut":
        text, verdict = cut(rng, text), EITHER
    elif kind == "empty":
        text, verdict = "", EITHER
    elif kind == "BOM":
        text = "\ufeff" + text
    data = not_utf8(rng, text) if kind == "not UTF-8" else text
    verdict = INVALID if kind == "not UTF-8" else verdict
    path = write(folder, "scores.csv" if as_csv else "scores.jsonl", data)
    argv = ["bound", "-p", "2", "--seeds", "0:3", "--no-figures", "-j", "1", "-q", "--json", "--scores", path]
    return Case(argv, verdict, f"{'CSV' if as_csv else 'JSON Lines'}: {kind}")


#: Every input path: name, generator (rng, folder, bases) -> Case.
PATHS = {
    "bound --hanab-live FILE": games_path("bound", False),
    "bound --hanab-live FILE --strict": games_path("bound", True),
    "analyze FILE": games_path("analyze", False),
    "analyze FILE --strict": games_path("analyze", True),
    "deal --hanab-live FILE": games_path("deal", False),
    "deal --hanab-live FILE --strict": games_path("deal", True),
    "analyze LINK": link_path,
    "solve DECK": deck_path("solve"),
    "info DECK": deck_path("info"),
    "verify DECK (the deck)": deck_path("verify"),
    "verify DECK SEQUENCE (the sequence)": sequence_path,
    "reduce CNF": reduce_path,
    "crosscheck CNF": crosscheck_path,
    "bound --seeds": seeds_path("--seeds"),
    "bound --hle-seeds": seeds_path("--hle-seeds"),
    "bound --hanab-live-seeds / --hanab-live-seed": seeds_path("--hanab-live-seeds"),
    "table --seed --deals": table_seeds_path,
    "bound --resume --jsonl ROWS": resume_path(False),
    "bound --resume --csv ROWS": resume_path(True),
    "table-summary ROWS": table_summary_path,
    "bound --scores FILE": scores_path,
}


# Running a case: in a worker process through CliRunner, or as the installed command.

def worker(connection):
    """Runs the command lines it receives through ``CliRunner``, after one run of each kind of command."""
    from click.testing import CliRunner

    sys.path.insert(0, str(ROOT))
    from cli import main
    from solitaire.seer.bounds.u3 import warm_up

    warm_up()
    game = ROOT / "instances" / "hanab-live-real-game.json"
    for argv in (["analyze", game, "-q", "-j", "1"], ["bound", "--hanab-live", game, "-j", "1"],
                 ["solve", ROOT / "instances" / "tiny-r1.deck"]):
        CliRunner().invoke(main, [str(a) for a in argv])
    connection.send("ready")
    while True:
        argv = connection.recv()
        began = time.perf_counter()
        result = CliRunner().invoke(main, argv)
        error = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            error = "".join(traceback.format_exception(*result.exc_info))
        connection.send({"code": result.exit_code, "stdout": result.stdout, "stderr": result.stderr,
                         "exception": error, "seconds": time.perf_counter() - began})


class Runner:
    """A worker process running cases through ``CliRunner``, replaced when a run passes ``timeout`` seconds."""

    def __init__(self, timeout):
        self.timeout, self.process = timeout, None

    def start(self):
        context = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=worker, args=(theirs,), daemon=True)
        self.process.start()
        if not self.connection.poll(600) or self.connection.recv() != "ready":
            raise RuntimeError("the fuzz worker did not start")

    def run(self, argv):
        if self.process is None or not self.process.is_alive():
            self.start()
        self.connection.send(argv)
        if self.connection.poll(self.timeout):
            try:
                return self.connection.recv()
            except EOFError:  # the worker process died: the run ended it
                self.stop()
                return {"code": -1, "stdout": "", "stderr": "", "exception": "the worker process died",
                        "seconds": 0.0}
        self.stop()
        return {"code": None, "stdout": "", "stderr": "", "exception": None, "seconds": self.timeout}

    def stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.join()
            self.process = None


def run_installed(argv, folder, timeout):
    began = time.perf_counter()
    process = subprocess.Popen([EXE, *argv], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return {"code": None, "stdout": "", "stderr": "", "exception": None, "seconds": timeout}
    return {"code": process.returncode, "stdout": out.decode("utf-8", "replace"),
            "stderr": err.decode("utf-8", "replace"), "exception": None, "seconds": time.perf_counter() - began}


def refused_rows(case, stdout):
    """Whether the output holds a refused row (``None`` when it is not the output the command promises)."""
    try:
        if case.rows == "deal":
            return any("refused" in json.loads(line) for line in stdout.splitlines() if line.startswith("{"))
        rows = json.loads(stdout)["rows" if case.rows == "bound" else "games"]
        return any("refused" in row for row in rows)
    except (ValueError, KeyError, TypeError):
        return None


def judge(case, result):
    """What one run did: its exit code and the targets it broke."""
    code, out, err = result["code"], result["stdout"], result["stderr"]
    found = {"exit": code, "traceback": False, "accepted": False, "refused_valid": False, "breach": [],
             "hang": code is None}
    if code is None:
        return found
    found["traceback"] = bool(result["exception"]) or "Traceback" in out + err or code not in (0, 2)
    refused_row = refused_rows(case, out) if case.rows and code == 0 else False
    if refused_row is None:
        found["breach"].append("exit 0 without the output it promises")
        refused_row = False
    refused = code == 2 or refused_row
    found["accepted"] = case.verdict == INVALID and code == 0 and not refused
    found["refused_valid"] = case.verdict == VALID and refused
    if code == 2 and len(err.strip().splitlines()) != 1:
        found["breach"].append(f"exit 2 with {len(err.strip().splitlines())} lines on standard error")
    if case.strict and refused_row:
        found["breach"].append("--strict gave a refused row")
    if code != 0:
        found["breach"] += [f"{p.name} changed by a refused run" for p in case.unchanged
                            if p.exists() and p.read_bytes() != case.snapshot.get(p)]
        found["breach"] += [f"{p.name} created by a refused run" for p in case.absent if p.exists()]
    elif case.expect_rows:
        path, csv_format, expected = case.expect_rows
        try:
            got = rows_of_text(path.read_text(encoding="utf-8-sig"), csv_format)
            same = all({k: got.get(key, {}).get(k) for k in row} == row for key, row in expected.items())
        except (ValueError, UnicodeDecodeError, KeyError):
            same = False
        if not same:
            found["breach"].append("rows after the resume differ from an uninterrupted run")
    return found


def fuzz(args, bases, scratch, report):
    """The fuzz campaign: per input path, the counts of :func:`judge`, and the first examples of each breach."""
    names = [name for name in PATHS if not args.only or args.only in name]
    tables = {way: {name: Counter() for name in names} for way in ("in-process", "installed")}
    examples = defaultdict(list)
    runner = Runner(args.timeout)
    began = time.monotonic()
    try:
        for number in range(args.runs):
            name = names[number % len(names)]
            rng = random.Random(f"{args.seed}:{number}")
            folder = scratch / f"run-{number}"
            folder.mkdir()
            case = PATHS[name](rng, folder, bases)
            case.argv = [str(a) for a in case.argv]
            case.snapshot = {p: p.read_bytes() for p in case.unchanged}
            ways = ["in-process"] + (["installed"] if rng.random() < args.subprocess_share else [])
            for way in ways:
                if way == "installed":  # the same input again, as the in-process run may have changed it
                    for path, data in case.snapshot.items():
                        path.write_bytes(data)
                    for path in case.absent:
                        path.unlink(missing_ok=True)
                result = runner.run(case.argv) if way == "in-process" else run_installed(case.argv, folder,
                                                                                         args.timeout)
                found = judge(case, result)
                count = tables[way][name]
                count["runs"] += 1
                count[case.verdict] += 1
                count[f"exit {found['exit']}"] += 1
                count["max_s"] = max(count["max_s"], result["seconds"])
                for target in ("traceback", "accepted", "refused_valid", "hang"):
                    count[target] += found[target]
                count["breach"] += bool(found["breach"])
                broken = [t for t in ("traceback", "accepted", "refused_valid", "hang") if found[t]] + found["breach"]
                if broken:
                    kept = ""
                    if args.keep:
                        kept = str(Path(args.keep) / f"run-{number}")
                        shutil.copytree(folder, kept, dirs_exist_ok=True)
                    examples[(name, broken[0])].append({
                        "run": number, "way": way, "argv": case.argv, "verdict": case.verdict, "what": case.what,
                        "broke": broken, "exit": found["exit"], "kept": kept,
                        "stderr": result["stderr"][-600:], "stdout": result["stdout"][:300],
                        "exception": (result["exception"] or "")[-1500:]})
            shutil.rmtree(folder, ignore_errors=True)
            if (number + 1) % 500 == 0:
                print(f"fuzz: {number + 1} runs, {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    finally:
        runner.stop()
    report["fuzz"] = {way: {name: dict(count) for name, count in table.items()} for way, table in tables.items()}
    report["fuzz_seconds"] = time.monotonic() - began
    report["fuzz_examples"] = {f"{name} | {kind}": cases[:5] for (name, kind), cases in examples.items()}
    report["fuzz_example_counts"] = {f"{name} | {kind}": len(cases) for (name, kind), cases in examples.items()}


# Signals: bound, table, analyze stopped at random moments, then resumed.

#: name: (command with {out} and {games}, the option that resumes, the scenarios).
SIGNAL_COMMANDS = {
    "bound": (["bound", "-p", "2", "--seeds", "0:400", "-j", "2", "--jsonl", "{out}"], ["--resume"],
              ["new file", "existing file (replaced)", "--resume of an existing file"]),
    "table": (["table", "-p", "2", "--deals", "300", "-j", "2", "--out", "{out}"], [],
              ["new file", "existing file (added to)"]),
    "analyze": (["analyze", "{games}", "-j", "2", "--jsonl", "{out}"], ["--resume"],
                ["new file", "existing file (replaced)", "--resume of an existing file"]),
}
STOPS = {"SIGINT": signal.SIGINT, "SIGTERM": signal.SIGTERM, "SIGKILL": signal.SIGKILL}


def row_key(row):
    return row.get("id"), row.get("source")


def read_row_lines(path):
    """(rows, complete lines that are not rows, whether the last line is cut short) of a row file."""
    if not path.exists():
        return [], 0, False
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = text.splitlines(keepends=True)
    cut_short = bool(lines) and not lines[-1].endswith("\n")
    rows, bad = [], 0
    for line in lines[:-1] if cut_short else lines:
        try:
            row = json.loads(line)
        except ValueError:
            row = None
        if isinstance(row, dict):
            rows.append(row)
        else:
            bad += 1
    return rows, bad, cut_short


def flushed_keys(folder, out, replaced):
    """The keys of the complete rows this run has written, now: in its temporary files and, unless it
    replaces the row file (whose earlier rows it is not to keep), in the row file."""
    keys = set()
    for path in ([] if replaced else [out]) + list(folder.glob(".tmp-*")) + list(folder.glob("*.part")):
        try:
            keys |= {row_key(r) for r in read_row_lines(path)[0] if "refused" not in r}
        except OSError:
            pass
    return keys


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".tmp-") or p.name.endswith((".lock", ".part")))


def group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def run_whole(argv, cwd, timeout=600):
    began = time.monotonic()
    done = subprocess.run([EXE, *argv], cwd=cwd, capture_output=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{argv}: exit {done.returncode}: {done.stderr.decode()[-500:]}")
    return time.monotonic() - began


def signal_run(rng, name, scenario, stop, scratch, references, number):
    """One command stopped by ``stop`` at a random moment, then resumed to completion: what was found."""
    command, resume, _ = SIGNAL_COMMANDS[name]
    expected, varying, whole, games = references[name]
    folder = scratch / f"signal-{number}"
    folder.mkdir()
    out = folder / "rows.jsonl"
    if scenario != "new file":
        reference = (scratch / f"reference-{name}.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
        out.write_text("".join(reference[: len(reference) // 3]), encoding="utf-8")
    argv = [a.format(out=out, games=games) for a in command] + (resume if scenario.startswith("--resume") else [])
    at = rng.uniform(0.05, 1.05 * whole)
    how = {"SIGINT": "group", "SIGKILL": "command"}.get(stop) or rng.choice(["command", "group", "both"])
    process = subprocess.Popen([EXE, *argv], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    time.sleep(at)
    before = flushed_keys(folder, out, "replaced" in scenario)
    sent = time.monotonic()
    try:
        if how != "group":
            os.kill(process.pid, STOPS[stop])
        if how != "command":
            os.killpg(process.pid, STOPS[stop])
    except ProcessLookupError:
        pass
    hang = False
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        hang = True
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
    latency = time.monotonic() - sent
    time.sleep(0.5 if stop == "SIGKILL" else 0.1)  # the workers of a killed command end by themselves
    left_processes = group_alive(process.pid)
    if left_processes:
        time.sleep(2)
        left_processes = group_alive(process.pid)
        if left_processes:
            os.killpg(process.pid, signal.SIGKILL)
    err = err.decode("utf-8", "replace")
    code = process.returncode
    found = {"command": name, "argv": argv, "scenario": scenario, "signal": stop, "how": how, "at": round(at, 3),
             "whole": round(whole, 2), "exit": code, "hang": hang, "processes_left": left_processes}
    # a run that replaces its row file says first where it kept the file (<file>.old): not the stop's line
    lines = [line for line in err.splitlines() if line.strip() and "the file they replace is kept as" not in line]
    if stop == "SIGKILL":
        found["stderr_ok"] = "Traceback" not in err
    else:
        found["latency"] = latency if code == 1 else None
        found["stderr_ok"] = (code == 0 and not lines) or (code == 1 and len(lines) == 1 and "Traceback" not in err
                                                           and ("stopped" in lines[0] or lines[0] == "Aborted!"))
    found["exit_ok"] = code in (0, -signal.SIGKILL) if stop == "SIGKILL" else code in (0, 1)
    found["stderr"] = err[-400:]
    rows, bad, cut_short = read_row_lines(out)
    after = {row_key(r) for r in rows + read_row_lines(Path(f"{out}.part"))[0] if "refused" not in r}
    found["flushed_lost"] = len(before - after)  # rows in <file>.part are those the next run takes over
    found["temporaries_after_stop"] = leftovers(folder)
    found["corrupted_after_stop"] = bad + (cut_short and stop != "SIGKILL") + sum(
        strip(r, varying) != expected.get(row_key(r)) for r in rows)
    try:
        resumed = run_whole([a.format(out=out, games=games) for a in command] + resume, folder)
    except (RuntimeError, subprocess.TimeoutExpired) as err:
        found["resume_failed"], resumed = str(err)[-300:], float("nan")
    rows, bad, cut_short = read_row_lines(out)
    final = Counter(row_key(r) for r in rows if "refused" not in r)
    found["lost"] = sum(k not in final for k in expected if expected[k].get("refused") is None)
    found["duplicated"] = sum(n - 1 for n in final.values())
    found["corrupted"] = bad + cut_short + sum(strip(r, varying) != expected.get(row_key(r)) for r in rows)
    found["temporaries_after_resume"] = leftovers(folder)
    found["resume_s"] = round(resumed, 2)
    shutil.rmtree(folder, ignore_errors=True)
    return found


def strip(row, varying):
    return {k: v for k, v in row.items() if k not in varying}


def signals(args, scratch, report):
    """The signal campaign: references (two uninterrupted runs per command), then the stopped runs."""
    games = scratch / "games.jsonl"
    games.write_text("".join(GAMES.read_text(encoding="utf-8").splitlines(keepends=True)[:60]), encoding="utf-8")
    references = {}
    for name, (command, _, _) in SIGNAL_COMMANDS.items():
        runs = []
        for copy in ("", "-again"):
            path = scratch / f"reference-{name}{copy}.jsonl"
            seconds = run_whole([a.format(out=path, games=games) for a in command], scratch)
            runs.append(({row_key(r): r for r in read_row_lines(path)[0]}, seconds))
        (first, _), (second, _) = runs
        whole = min(seconds for _, seconds in runs)  # the first run may compile the kernels
        varying = {k for key, row in first.items() for k in row if row.get(k) != second.get(key, {}).get(k)}
        references[name] = ({key: strip(r, varying) for key, r in first.items()}, varying, whole, games)
    report["signal_references"] = {name: {"rows": len(r[0]), "whole_s": round(r[2], 2), "not_compared": sorted(r[1])}
                                   for name, r in references.items()}
    rng = random.Random(f"{args.seed}:signals")
    combos = [(name, scenario, stop) for name, (_, _, scenarios) in SIGNAL_COMMANDS.items()
              for scenario in scenarios for stop in STOPS]
    order = []
    while len(order) < args.signal_runs:
        order += rng.sample(combos, len(combos))
    results = []
    for number, (name, scenario, stop) in enumerate(order[: args.signal_runs]):
        results.append(signal_run(rng, name, scenario, stop, scratch, references, number))
        if (number + 1) % 10 == 0:
            print(f"signals: {number + 1} runs", file=sys.stderr, flush=True)
    report["signals"] = results


# Tables.

def fuzz_tables(report):
    header = ["input path", "runs", "valid", "invalid", "either", "exit 0", "exit 1", "exit 2", "tracebacks",
              "invalid accepted",
              "valid refused", "other breaches", "hangs", "slowest run s"]
    out = []
    for way, title in (("in-process", "in-process (CliRunner)"), ("installed", "as the installed command")):
        rows, total = [], Counter()
        for name, count in report["fuzz"][way].items():
            if not count.get("runs"):
                continue
            cells = [count.get(k, 0) for k in ("runs", VALID, INVALID, EITHER, "exit 0", "exit 1", "exit 2",
                                               "traceback", "accepted",
                                               "refused_valid", "breach", "hang")]
            total.update(dict(zip(header[1:-1], cells)))
            total["max"] = max(total["max"], count.get("max_s", 0))
            rows.append([f"`{name}`", *[f"{c:,}" for c in cells], f"{count.get('max_s', 0):.2f}"])
        rows.append(["**all**", *[f"{total[k]:,}" for k in header[1:-1]], f"{total['max']:.2f}"])
        out.append(f"\n#### Fuzz, {title}\n\n" + markdown_table(header, rows))
    return "\n".join(out)


def signal_tables(report):
    results = report["signals"]
    header = ["command", "signal", "runs", "finished first", "bad exit, stderr or resume", "flushed rows lost",
              "rows lost after resume", "duplicated", "corrupted", "temporary files left", "processes left",
              "hangs", "latency median s", "latency max s"]
    rows = []
    for name in SIGNAL_COMMANDS:
        for stop in STOPS:
            group = [r for r in results if r["command"] == name and r["signal"] == stop]
            if not group:
                continue
            latencies = [r["latency"] for r in group if r.get("latency") is not None]
            left = sum(bool(r["temporaries_after_stop"]) for r in group)
            after = sum(bool(r["temporaries_after_resume"]) for r in group)
            rows.append([name, stop, len(group), sum(r["exit"] == 0 for r in group),
                         sum(not (r["exit_ok"] and r["stderr_ok"]) or "resume_failed" in r for r in group),
                         sum(r["flushed_lost"] for r in group), sum(r["lost"] for r in group),
                         sum(r["duplicated"] for r in group),
                         sum(r["corrupted"] + r["corrupted_after_stop"] for r in group),
                         f"{left} after the stop, {after} after the resume",
                         sum(r["processes_left"] for r in group), sum(r["hang"] for r in group),
                         f"{statistics.median(latencies):.2f}" if latencies else "-",
                         f"{max(latencies):.2f}" if latencies else "-"])
    return "\n#### Signals\n\n" + markdown_table(header, rows)


def print_report(report):
    load = report["load"]
    print(f"\n### Faults and fuzzing (seed {report['seed']}, {report['runs']:,} fuzz runs, "
          f"{report['signal_runs']} signal runs)\n")
    print(f"Load average (1 min) at the start {load['start'][0]:.2f}, after the fuzz {load['after_fuzz'][0]:.2f}, "
          f"at the end {load['end'][0]:.2f}; {os.cpu_count()} cores. Fuzz {report['fuzz_seconds']:.0f} s, "
          f"signals {report.get('signal_seconds', 0):.0f} s.")
    if "fuzz" in report:
        print(fuzz_tables(report))
        counts = report["fuzz_example_counts"]
        if counts:
            print("\nRuns breaking a target, by input path and first breach:\n")
            print(markdown_table(["input path | breach", "runs"], [[k, n] for k, n in sorted(counts.items())]))
            for key, cases in sorted(report["fuzz_examples"].items()):
                case = cases[0]
                print(f"\n- {key}: run {case['run']} ({case['way']}), {case['what']!r}, verdict {case['verdict']}, "
                      f"exit {case['exit']}: `hanabi-solitaire {' '.join(case['argv'])}`\n"
                      f"  stderr {case['stderr'][-300:]!r}; exception {case['exception'][-400:]!r}")
    if "signals" in report:
        print(signal_tables(report))
        for r in report["signals"]:
            broken = [k for k in ("hang", "processes_left", "flushed_lost", "lost", "duplicated", "corrupted",
                                  "corrupted_after_stop", "resume_failed") if r.get(k)]
            broken += [k for k in ("exit_ok", "stderr_ok") if not r[k]] + (["latency over 1 s"] if (
                r.get("latency") or 0) > 1 else []) + (["temporary files"] if r["temporaries_after_resume"] or (
                r["temporaries_after_stop"] and r["signal"] != "SIGKILL") else [])
            if broken:
                print(f"\n- {r['command']}, {r['scenario']}, {r['signal']} to the {r['how']} at {r['at']} s: "
                      f"{', '.join(broken)}; exit {r['exit']}, latency {r.get('latency')}, flushed rows lost "
                      f"{r['flushed_lost']}, left {r['temporaries_after_stop']} / {r['temporaries_after_resume']}, "
                      f"stderr {r['stderr']!r}: `hanabi-solitaire {' '.join(map(str, r['argv']))}`")
        print("\nReferences (uninterrupted runs): " + "; ".join(
            f"{name} {r['rows']} rows in {r['whole_s']} s (not compared: {', '.join(r['not_compared']) or 'none'})"
            for name, r in report["signal_references"].items()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole campaign")
    parser.add_argument("--runs", type=int, default=5000, help="fuzz runs, shared in turn among the input paths")
    parser.add_argument("--subprocess-share", type=float, default=0.02,
                        help="share of the fuzz runs also run as the installed command")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per fuzz run (past it: a hang)")
    parser.add_argument("--signal-runs", type=int, default=60, help="runs stopped by a signal")
    parser.add_argument("--only", help="fuzz only the input paths whose name holds this text")
    parser.add_argument("--keep", help="copy the input of every run breaking a target into this folder")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = parser.parse_args()
    report = {"seed": args.seed, "runs": args.runs, "signal_runs": args.signal_runs,
              "load": {"start": os.getloadavg()}}
    with tempfile.TemporaryDirectory(prefix="bench-faults-") as scratch:
        scratch = Path(scratch)
        if args.runs:
            fuzz(args, load_bases(scratch), scratch, report)
        report["load"]["after_fuzz"] = os.getloadavg()
        if args.signal_runs:
            began = time.monotonic()
            signals(args, scratch, report)
            report["signal_seconds"] = time.monotonic() - began
    report["load"]["end"] = os.getloadavg()
    report.setdefault("fuzz_seconds", 0)
    if args.json:
        print(json.dumps(report, indent=1, default=str))
    else:
        print_report(report)


if __name__ == "__main__":
    main()

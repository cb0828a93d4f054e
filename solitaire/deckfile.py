"""Reading and writing instances: the ``.deck`` text format and its JSON form (docs/input-formats.md).

The ``.deck`` format is DIMACS-like::

    c any comment line starts with "c"
    p hanabi <n> <c> <h>
    <a> <k>  <a> <k> ...        whitespace-separated value/color pairs, any line breaks

The JSON form is ``{"n": …, "c": …, "h": …, "cards": [[a, k], …]}``. Every error is an
:class:`~solitaire.io.errors.InputError` naming the file, line and column and what was
expected. Writing then reading gives the same instance.

Examples
--------
>>> inst = parse_deck("c Figure 0\\np hanabi 2 1 0\\n1 1 2 1\\n")
>>> inst.cards
[(1, 1), (2, 1)]
>>> parse_deck(format_deck(inst)) == inst
True
>>> parse_deck("p hanabi 2 1 0\\n1 1 3 1\\n", "x.deck")
Traceback (most recent call last):
...
solitaire.io.errors.InputError: x.deck:2:5: expected a card value in 1..2, got 3
"""

import os
import re
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np

from solitaire.io.atomic import write_text_atomic
from solitaire.io.budget import check_budget, deck_read_bytes, json_read_bytes
from solitaire.io.errors import InputError
from solitaire.io.inputfile import LINE_BREAK, is_json_file, is_whole, parse_json, read_text, text_lines
from solitaire.model import Instance

__all__ = [
    "parse_deck",
    "format_deck",
    "deck_blocks",
    "read_deck",
    "write_deck",
    "instance_to_json",
    "instance_from_json",
    "read_instance",
]

_TOKEN = re.compile(r"\S+")


def _tokens(line):
    """The tokens of a line with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]


#: The largest instances the readers accept: ``n * c`` card types, and the hand size ``h``.
MAX_TYPES, MAX_HAND = 10**8, 10**9


def _size_problem(n, c, h):
    """Why ``n, c, h`` are too large for the solvers (``None`` when they are not)."""
    if n * c > MAX_TYPES:
        return f"expected at most {MAX_TYPES:,} card types n * c, got {n} * {c}"
    if h > MAX_HAND:
        return f"expected a hand size h <= {MAX_HAND:,}, got {h}"
    return None


def _integer(token, what, source, line, column):
    if not re.fullmatch(r"[+-]?[0-9]{1,18}", token):
        raise InputError(f"expected {what} (an integer of at most 18 digits), got {token[:30]!r}", source, line, column)
    return int(token)


def _parse_header(tokens, source, lineno):
    """Parse ``p hanabi <n> <c> <h>`` into ``(n, c, h)``."""
    if len(tokens) < 2 or tokens[1][0] != "hanabi":
        col = tokens[1][1] if len(tokens) > 1 else tokens[0][1]
        raise InputError("expected 'p hanabi <n> <c> <h>'", source, lineno, col)
    if len(tokens) != 5:
        col = tokens[5][1] if len(tokens) > 5 else tokens[-1][1]  # the first field too many, or the last one
        raise InputError(
            f"expected 'p hanabi <n> <c> <h>' (3 fields after 'p hanabi'), got {len(tokens) - 2}",
            source, lineno, col,
        )
    (n_tok, n_col), (c_tok, c_col), (h_tok, h_col) = tokens[2:]
    n = _integer(n_tok, "the number of values n", source, lineno, n_col)
    c = _integer(c_tok, "the number of colors c", source, lineno, c_col)
    h = _integer(h_tok, "the hand size h", source, lineno, h_col)
    for value, name, col in ((n, "n", n_col), (c, "c", c_col)):
        if value < 1:
            raise InputError(f"expected {name} >= 1, got {value}", source, lineno, col)
    if h < 0:
        raise InputError(f"expected a hand size h >= 0, got {h}", source, lineno, h_col)
    if _size_problem(n, c, h):
        raise InputError(_size_problem(n, c, h), source, lineno, n_col if n * c > MAX_TYPES else h_col)
    return n, c, h


def parse_deck(text: str, source: str = "<string>") -> Instance:
    """Parse the text of a ``.deck`` file into an :class:`Instance`.

    A deck whose cards are plain ASCII numbers (no comment among them) is read by numpy in
    blocks (:func:`_parse_plain`, about 50 bytes of memory per card); any other text, and every
    error, goes through the line-by-line reader, which names the line and column.

    Raises
    ------
    InputError
        On any deviation from the format, with file, line and column.
    """
    return _parse_plain(text, source) or _parse_lines(text, source)


#: Bytes of card text :func:`_parse_plain` converts at a time (its temporary arrays are ~40x this).
_BLOCK = 1 << 20
_SPACE = np.zeros(256, np.bool_)
_SPACE[[9, 10, 11, 12, 13, 32]] = True
_DIGIT = np.zeros(256, np.bool_)
_DIGIT[48:58] = True


def _parse_plain(text, source):
    """The instance of a deck whose card lines hold only ASCII digits and whitespace, with every
    card in range; ``None`` for anything else (then the line reader decides, and names any error)."""
    lineno, start = 0, 0
    while True:  # the comment lines, then the header
        brk = LINE_BREAK.search(text, start)
        line = text[start:brk.start() if brk else len(text)]
        lineno, start = lineno + 1, brk.end() if brk else len(text)
        tokens = _tokens(line)
        if tokens and tokens[0][0] == "p":
            break
        if (tokens and not tokens[0][0].startswith("c")) or brk is None:
            return None
    n, c, h = _parse_header(tokens, source, lineno)
    try:
        body = np.frombuffer(text[start:].encode("ascii"), np.uint8)
    except UnicodeEncodeError:
        return None
    numbers = []
    at = 0
    while at < body.size:
        stop = min(at + _BLOCK, body.size)
        while stop < body.size and not _SPACE[body[stop]]:
            stop += 1
        block = _numbers(body[at:stop])
        if block is None:
            return None
        numbers.append(block)
        at = stop
    numbers = np.concatenate(numbers) if numbers else np.zeros(0, np.int64)
    values, colors = numbers[0::2], numbers[1::2]
    if numbers.size % 2 or (numbers.size and (values.min() < 1 or values.max() > n
                                              or colors.min() < 1 or colors.max() > c)):
        return None
    return Instance(n, c, h, values, colors)


def _numbers(block):
    """The integers of a block of ASCII digits and whitespace; ``None`` when it holds anything
    else or a number of more than 18 digits."""
    digit = _DIGIT[block]
    if not (digit | _SPACE[block]).all():
        return None
    where = np.flatnonzero(digit)
    if where.size == 0:
        return np.zeros(0, np.int64)
    first = np.ones(where.size, np.bool_)
    first[1:] = np.diff(where) > 1                      # a digit not right after a digit starts a number
    starts = np.flatnonzero(first)
    ends = np.append(starts[1:], where.size)            # one past each number's last digit, in ``where``
    if (ends - starts).max() > 18:
        return None
    place = np.repeat(ends, ends - starts) - np.arange(where.size) - 1
    return np.add.reduceat((block[where] - 48).astype(np.int64) * 10 ** place, starts)


def _parse_lines(text, source):
    """:func:`parse_deck` line by line, for any text: the reader that names where an error is."""
    header = None
    cards = []
    pending = None  # (value, line, column) of a value still waiting for its color
    for lineno, line in enumerate(text_lines(text), start=1):
        tokens = _tokens(line)
        if not tokens or tokens[0][0].startswith("c"):
            continue
        if tokens[0][0] == "p":
            if header is not None:
                raise InputError("a second 'p' line; expected only one", source, lineno, tokens[0][1])
            header = _parse_header(tokens, source, lineno)
            continue
        if header is None:
            raise InputError(
                "expected the 'p hanabi <n> <c> <h>' line before the cards",
                source, lineno, tokens[0][1],
            )
        n, c, _ = header
        for token, col in tokens:
            if pending is None:
                value = _integer(token, "a card value", source, lineno, col)
                if not 1 <= value <= n:
                    raise InputError(f"expected a card value in 1..{n}, got {value}", source, lineno, col)
                pending = value
            else:
                color = _integer(token, "a card color", source, lineno, col)
                if not 1 <= color <= c:
                    raise InputError(f"expected a card color in 1..{c}, got {color}", source, lineno, col)
                cards.append((pending, color))
                pending = None
    if header is None:
        raise InputError("expected a 'p hanabi <n> <c> <h>' line, found none (empty file?)", source)
    if pending is not None:
        raise InputError(
            "odd number of card tokens: the last value has no color",
            source, *_last_token_position(text),
        )
    n, c, h = header
    return Instance.from_cards(n, c, h, cards) if cards else Instance(n, c, h, [], [])


def _last_token_position(text):
    for lineno, line in reversed(list(enumerate(text_lines(text), start=1))):
        tokens = _tokens(line)
        if tokens:
            return lineno, tokens[-1][1]
    return None, None


def format_deck(instance: Instance, comments: Iterable[str] = (), per_line: int = 10) -> str:
    """The ``.deck`` text of an instance, with ``comments`` as leading ``c`` lines."""
    return "".join(deck_blocks(instance, comments, per_line))


def deck_blocks(instance: Instance, comments: Iterable[str] = (), per_line: int = 10,
                block: int = 1 << 16) -> Iterator[str]:
    """:func:`format_deck`'s text in pieces of about ``block`` cards (writing a large deck holds
    one piece at a time)."""
    lines = [f"c {comment}".rstrip() for text in comments for comment in str(text).splitlines()]
    lines.append(f"p hanabi {instance.n} {instance.c} {instance.h}")
    yield "\n".join(lines) + "\n"
    block = max(per_line, block - block % per_line)  # whole lines per piece
    for first in range(0, instance.N, block):
        cards = [f"{a} {k}" for a, k in zip(instance.values[first:first + block].tolist(),
                                            instance.colors[first:first + block].tolist(), strict=True)]
        yield "".join("  ".join(cards[i:i + per_line]) + "\n" for i in range(0, len(cards), per_line))


def read_deck(path: str | os.PathLike[str]) -> Instance:
    """Read a ``.deck`` file."""
    return parse_deck(read_text(path), str(path))


def write_deck(instance: Instance, path: str | os.PathLike[str], comments: Iterable[str] = ()) -> None:
    """Write a ``.deck`` file (atomically)."""
    write_text_atomic(path, deck_blocks(instance, comments))


def instance_to_json(instance: Instance) -> dict[str, Any]:
    """The JSON form ``{"n", "c", "h", "cards"}`` as a dict."""
    return {"n": instance.n, "c": instance.c, "h": instance.h, "cards": [list(card) for card in instance.cards]}


def instance_from_json(obj: Any, source: str = "<json>") -> Instance:
    """Build an instance from its JSON form, checking every field."""
    if not isinstance(obj, dict):
        raise InputError('expected a JSON object {"n", "c", "h", "cards"}', source)
    for key in ("n", "c", "h", "cards"):
        if key not in obj:
            raise InputError(f"expected the key {key!r} in the JSON object", source)
    for key, low in (("n", 1), ("c", 1), ("h", 0)):
        if not is_whole(obj[key]) or obj[key] < low:
            raise InputError(f"expected {key!r} to be an integer >= {low}, got {obj[key]!r}", source)
    n, c = obj["n"], obj["c"]
    if _size_problem(n, c, obj["h"]):
        raise InputError(_size_problem(n, c, obj["h"]), source)
    cards = obj["cards"]
    if not isinstance(cards, list):
        raise InputError("expected 'cards' to be a list of [value, color] pairs", source)
    for i, card in enumerate(cards, start=1):
        ok = (isinstance(card, list) and len(card) == 2
              and all(is_whole(x) for x in card))
        if not ok or not (1 <= card[0] <= n and 1 <= card[1] <= c):
            raise InputError(f"card {i}: expected [value in 1..{n}, color in 1..{c}], got {card!r}", source)
    if not cards:
        return Instance(n, c, obj["h"], [], [])
    return Instance.from_cards(n, c, obj["h"], cards)


def read_instance(path: str | os.PathLike[str]) -> Instance:
    """Read an instance from a ``.deck`` file or its JSON form (a ``.json`` name, in any case, or a file whose first
    character that is not white space is ``{``: :func:`~solitaire.io.inputfile.is_json_file`).

    Refuses (:class:`~solitaire.io.budget.BudgetError`) a file whose reading could need more
    memory than the limit, before reading it."""
    is_json = str(path).lower().endswith(".json") or is_json_file(path)
    check_budget(f"reading this {'JSON deck' if is_json else 'deck'}",
                 json_read_bytes(path) if is_json else deck_read_bytes(path), str(path))
    if is_json:
        return instance_from_json(parse_json(read_text(path), str(path)), str(path))
    return read_deck(path)

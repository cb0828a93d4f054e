"""Agent evaluation against each deal's own maximum U3: real scores joined to rows, and their summary.

Contract. :func:`read_scores` reads an agent's scores (CSV with a header naming ``id`` and
``score``, or JSON Lines of ``{"id", "score"}``) as :class:`Scores`, which remember the line of
each; :func:`check_scores` refuses, before any work, a score above its deal's own maximum, naming
the file and the line, and scores none of which names a deal of the run, naming the ids it
expects; :func:`join_scores` adds each score to the row of its deal (``real_score``,
``gap_U3 = U3 - score`` where U3 is proven) and names every id found on one side only;
:func:`evaluate` summarises the scored rows: mean U3, mean score, mean score / mean U3, the win
rate over the deals whose U3 is 25, the histogram of ``U3 - score``, each with a 95 % confidence
interval.

Where U3 is not proven (``exact`` false) a row has only ``U3 <= U3_high`` bounds: it counts in
no mean, ratio or gap, and the summary says how many such rows there were (``scored_open``), and then the
mean score over every scored deal apart (``mean_score_all``): ``mean_score``, ``mean_U3`` and their ratio are over
the same deals.

Intervals (none from one deal: ``None``): a mean, ``mean ± 1.96 s / sqrt(n)`` within the range of the values;
the ratio of means ``R = sum(score) / sum(U3)``
over the same deals, by the delta method, ``R ± 1.96 sd(score - R U3) / (sqrt(n) mean(U3))``;
a proportion, Wilson's score interval. Values that are all equal (every deal won; three deals each at 0.4 of U3)
give the normal approximation no spread; their interval is then the exact one of :func:`equal_values_ci`.
"""

from __future__ import annotations

import contextlib
import csv
import io
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, json_records, json_text, looks_like_json, read_text
from solitaire.seer.game.ids import parse_id
from solitaire.seer.runs.rowfile import row_max

#: The highest score of any supported game (6 suits); a score is checked against its deal's own
#: maximum when it is joined to the deal's row.
MAX_SCORE = 30

__all__ = ["Scores", "read_scores", "check_scores", "join_scores", "evaluate", "wilson", "mean_ci", "ratio_ci",
           "equal_values_ci"]

_Z = 1.959963984540054


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``(low, high)``.

    Examples
    --------
    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    >>> wilson(3, 3)[1], wilson(0, 3)[0]
    (1.0, 0.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if successes == 0 else low, 1.0 if successes == n else high)  # exact where rounding would miss


def _score(value: Any, source: str, line: int | None) -> int:
    """The score of a JSON Lines record: a JSON integer 0..:data:`MAX_SCORE` (not ``"24"``, ``24.0`` or ``true``, as
    in a game's record); :class:`InputError` naming the file and line otherwise."""
    if not (is_whole(value) and 0 <= value <= MAX_SCORE):
        raise InputError(f"expected a whole score (a JSON integer, {_RANGE}), got {json_text(value)}", source, line)
    return value


#: What a score may be before its deal is known (:func:`check_scores` then checks it against the deal's maximum).
_RANGE = f"0..{MAX_SCORE}, the largest maximum of a variant"


def _cell_score(cell: str, source: str, line: int) -> int:
    """The score of a CSV cell: ASCII digits, a whole number 0..:data:`MAX_SCORE`; :class:`InputError` naming the file
    and line otherwise."""
    text = cell.strip()
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_SCORE:
        raise InputError(f"expected a whole score ({_RANGE}), got {cell!r}", source, line)
    return int(text)


class Scores(dict):
    """``{id: score}`` read from the file ``source``, with ``places``: where each id was read (the source and line
    that :class:`~solitaire.io.errors.InputError` takes)."""

    def __init__(self, source: str | None = None) -> None:
        super().__init__()
        self.source = source
        self.places: dict[str, tuple[str, int | None]] = {}


def _is_score(record: Any) -> bool:
    """Whether a JSON value is a score's record: an object with ``id`` and ``score``."""
    return isinstance(record, dict) and "id" in record and "score" in record


def _add(scores: Scores, ident, score: int, source: str, line: int | None) -> None:
    """Add ``ident``'s score, the id in its dash form (``P2:seed:17`` is ``P2-seed-17``, :func:`parse_id`)."""
    if not isinstance(ident, str) or not ident:
        raise InputError(f"expected an id (text), got {ident!r}", source, line)
    with contextlib.suppress(ValueError):  # an id of no form the toolkit writes names no deal (check_scores)
        ident = str(parse_id(ident))
    if ident in scores:
        raise InputError(f"id {ident!r} is given twice", source, line)
    scores[ident] = score
    scores.places[ident] = (source, line)


def read_scores(path: str | os.PathLike[str]) -> Scores:
    """``{id: score}`` from a CSV file (a header with ``id`` and ``score``) or JSON Lines.

    Raises :class:`InputError` naming the file and line of the first bad record (a missing
    field, a score outside ``0..30``, an id given twice; a score above its own deal's maximum is
    refused by :func:`check_scores` and :func:`join_scores`).
    """
    source = str(path)
    text = read_text(path)
    scores = Scores(source)
    if looks_like_json(text):  # JSON Lines, a JSON array of records or one record
        for record, where, line in json_records(text, source, _is_score):
            number = line if line or where != source else text[:len(text) - len(text.lstrip())].count("\n") + 1
            if isinstance(record, InputError):
                raise record
            if not _is_score(record):
                raise InputError(f'expected an object with "id" and "score", got {json_text(record)}', where, number)
            _add(scores, record["id"], _score(record["score"], where, number), where, number)
        return scores
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or not {"id", "score"} <= set(reader.fieldnames):
        raise InputError("expected a CSV header with the columns id and score", source, 1)
    for record in reader:
        number = reader.line_num
        if record.get("id") is None or record.get("score") is None:
            raise InputError("expected a value in the columns id and score", source, number)
        _add(scores, record["id"].strip(), _cell_score(record["score"], source, number), source, number)
    return scores


def _above(scores: dict[str, int], ident: str, maximum: int) -> InputError:
    """The error of a score above its deal's maximum, naming the file and line where ``scores`` knows them."""
    source, line = getattr(scores, "places", {}).get(ident, (getattr(scores, "source", None) or "`scores`", None))
    return InputError(f"the score {scores[ident]} of {ident} is above its maximum {maximum}", source, line)


def check_scores(scores: dict[str, int], maximum: Callable[[str], int | None], example: str | None = None) -> list[str]:
    """The ids of ``scores`` that name no deal of the run (``maximum(id)`` is ``None``), in file order.

    Refuses (:class:`InputError`, naming the file, and the line of a :class:`Scores`) the first score above
    ``maximum(id)``, its deal's maximum, and scores of which none names a deal of the run: then the error names
    the ids the run expects by the ``example`` of one of its deals, and the first ids given.
    """
    unknown = []
    for ident, score in scores.items():
        top = maximum(ident)
        if top is None:
            unknown.append(ident)
        elif score > top:
            raise _above(scores, ident, top)
    if scores and len(unknown) == len(scores):
        expected = f"ids such as {example}" if example else "the ids of its deals"
        raise InputError(f"no score names a deal of this run: expected {expected} (docs/formats.md), got "
                         f"{', '.join(unknown[:2])}{', ...' if len(unknown) > 2 else ''}",
                         getattr(scores, "source", None) or "`scores`")
    return unknown


def join_scores(rows: Iterable[dict], scores: dict[str, int]) -> tuple[list[dict], list[str], list[str]]:
    """The rows with ``real_score`` (and ``gap_U3`` where U3 is proven) from ``scores``;
    ``(rows, ids of rows without a score, ids of scores without a row)``."""
    out, unscored, seen = [], [], set()
    for row in rows:
        ident = row["id"]
        if ident in scores:
            seen.add(ident)
            if scores[ident] > row_max(row):
                raise _above(scores, ident, row_max(row))
            row = dict(row, real_score=scores[ident])
            if row.get("exact"):
                row["gap_U3"] = row["U3"] - row["real_score"]
        else:
            unscored.append(ident)
        out.append(row)
    return out, unscored, [ident for ident in scores if ident not in seen]


def mean_ci(values: Sequence[float], low: float = -math.inf,
            high: float = math.inf) -> tuple[float, list[float] | None]:
    """The mean and its 95 % interval (normal approximation), within ``low..high``, the range of the values;
    ``None`` from one value, which gives no spread to estimate.

    Examples
    --------
    >>> mean, (low, high) = mean_ci([24, 25, 25, 25], 0, 25)
    >>> mean, round(low, 2), high
    (24.75, 24.26, 25)
    >>> mean_ci([25])
    (25.0, None)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, _interval(mean, _Z * sd / math.sqrt(n), n, low, high)


def ratio_ci(numerators: Sequence[float], denominators: Sequence[float], low: float = -math.inf,
             high: float = math.inf) -> tuple[float, list[float] | None]:
    """``sum(numerators) / sum(denominators)`` and its 95 % interval by the delta method within ``low..high``
    (``None`` from one pair)."""
    n, total = len(numerators), sum(denominators)
    ratio = sum(numerators) / total
    if n < 2:
        return ratio, None
    residuals = [a - ratio * b for a, b in zip(numerators, denominators, strict=True)]
    sd = math.sqrt(sum(r * r for r in residuals) / (n - 1))
    return ratio, _interval(ratio, _Z * sd / (math.sqrt(n) * total / n), n, low, high)


def _interval(centre: float, half: float, n: int, low: float, high: float) -> list[float]:
    """``centre ± half`` within ``low..high``; where there is no spread (``half`` 0 but for rounding),
    :func:`equal_values_ci`."""
    if half <= 1e-9 * max(1.0, abs(centre)) and math.isfinite(low) and math.isfinite(high):
        return equal_values_ci(centre, n, low, high)
    return [max(low, centre - half), min(high, centre + half)]


def equal_values_ci(value: float, n: int, low: float, high: float) -> list[float]:
    """The 95 % interval of the mean of a variable in ``low..high`` of which ``n`` draws all gave ``value``.

    Every mean under which that outcome has a chance of at least 5 %: such a variable takes ``value`` with a
    probability ``p >= 0.05 ** (1 / n)``, and the rest of its mass, ``1 - p``, lies in ``low..high``, so its mean is
    within ``1 - p`` of the way from ``value`` to either end (the rule of three, ``3 / n``, is its approximation).

    >>> [round(x, 3) for x in equal_values_ci(25, 300, 0, 25)]  # 300 deals, every one won
    [24.752, 25.0]
    >>> [round(x, 3) for x in equal_values_ci(0.4, 3, 0, 1)]
    [0.147, 0.779]
    """
    share = 1 - 0.05 ** (1 / n)
    return [value - share * (value - low), value + share * (high - value)]


def evaluate(rows: Sequence[Mapping[str, Any]]) -> dict:
    """The summary of rows that carry ``real_score`` (see the module docstring); over the rows of several
    variants (whose maxima differ), the same summary per variant too (``by_variant``, by name), so that each
    mean score is read against the mean maximum of its own variant."""
    out = _evaluate(rows)
    variants = sorted({row.get("variant") or _STANDARD for row in rows if row.get("real_score") is not None})
    if len(variants) > 1:
        out["by_variant"] = {name: _evaluate([row for row in rows if (row.get("variant") or _STANDARD) == name])
                             for name in variants}
    return out


#: The variant of a row without one: the standard game.
_STANDARD = "No Variant"


def _evaluate(rows):
    """:func:`evaluate` over ``rows`` as one set."""
    scored = [r for r in rows if r.get("real_score") is not None]
    proven = [r for r in scored if r.get("exact")]
    out: dict = {"scored": len(scored), "scored_open": len(scored) - len(proven)}
    if len(proven) < len(scored):  # the agent's mean over every scored deal, open ones too
        out["mean_score_all"], out["mean_score_all_ci95"] = mean_ci([r["real_score"] for r in scored],
                                                                    0, max(map(row_max, scored)))
    if not proven:
        return out
    u3 = [r["U3"] for r in proven]
    score = [r["real_score"] for r in proven]
    top = max(map(row_max, proven))
    out["mean_score"], out["mean_score_ci95"] = mean_ci(score, 0, top)  # over the deals of mean_U3 and the ratio
    out["mean_U3"], out["mean_U3_ci95"] = mean_ci(u3, 0, top)
    if sum(u3):  # where no score is above its U3 the ratio lies in 0..1, and so does its interval
        ceiling = 1.0 if all(a <= b for a, b in zip(score, u3, strict=True)) else math.inf
        out["score_over_U3"], out["score_over_U3_ci95"] = ratio_ci(score, u3, 0.0, ceiling)
    winnable = [r for r in proven if r["U3"] == row_max(r)]
    wins = sum(1 for r in winnable if r["real_score"] == row_max(r))
    out["winnable"] = len(winnable)
    out["win_rate_winnable"] = wins / len(winnable) if winnable else None
    out["win_rate_winnable_ci95"] = list(wilson(wins, len(winnable)))
    gaps = [a - b for a, b in zip(u3, score, strict=True)]
    out["mean_gap_U3"], out["mean_gap_U3_ci95"] = mean_ci(gaps, min(0, *gaps), top)
    counts = Counter(gaps)
    out["gap_U3_histogram"] = {str(g): counts[g] for g in sorted(counts)}
    return out

"""Rows and results as a pandas DataFrame, where pandas is installed (the optional extra ``pandas``).

:func:`to_frame` takes what the batch commands and the Python API give: rows (the JSON objects of ``bound``,
``analyze`` and the other commands, read back with :func:`~solitaire.seer.runs.rowfile.read_rows` or made by
:func:`~solitaire.seer.runs.boundrun.bound_row`), or results with a ``to_json()`` method
(:class:`~solitaire.seer.bounds.maxscore.Bounds`, :class:`~solitaire.seer.bounds.maxscore.MaxScore`,
:class:`~solitaire.seer.runs.analysis.GameAnalysis`, ...). One row of the frame per record, one column per key,
in the order the keys first appear; a key a record lacks is missing (``NaN``/``None``) in its row. A method
(:class:`~solitaire.seer.bounds.method.Method`) becomes its text. Nothing else here needs pandas: the rows stay
plain JSON and CSV without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

__all__ = ["to_frame", "record_of"]


def record_of(item: Any) -> dict[str, Any]:
    """``item`` as a plain dict: a mapping's items, or its ``to_json()``; an enum value as its text.

    Examples
    --------
    >>> from solitaire.seer import bounds_of, seeded_deal
    >>> record_of(bounds_of(seeded_deal(2, 12)))["method"], record_of({"id": "P2-seed-12", "L": 17})
    ('search', {'id': 'P2-seed-12', 'L': 17})
    """
    if isinstance(item, Mapping):
        record = dict(item)
    elif callable(getattr(item, "to_json", None)):
        record = item.to_json()
    else:
        raise TypeError(f"a row is a mapping or has to_json(), not {type(item).__name__}")
    return {key: value.value if isinstance(value, Enum) else value for key, value in record.items()}


def to_frame(records: Iterable[Any]) -> Any:
    """A ``pandas.DataFrame`` of ``records`` (rows or results, module docstring).

    Raises
    ------
    ImportError
        pandas is not installed (``pip install 'hanabi-solitaire[pandas]'``).
    TypeError
        A record that is neither a mapping nor has ``to_json()``.

    Examples
    --------
    With pandas installed (``tests/seer/runs/test_frame.py`` checks it):

    >>> from solitaire.seer import bounds_of, seeded_deal, to_frame
    >>> frame = to_frame(bounds_of(seeded_deal(2, seed), exact=False) for seed in (11, 12))  # doctest: +SKIP
    >>> frame[["L", "U2"]].values.tolist()  # doctest: +SKIP
    [[25, 25], [17, 23]]
    """
    try:
        import pandas
    except ImportError:
        raise ImportError("to_frame needs pandas, which this installation lacks: "
                          "pip install 'hanabi-solitaire[pandas]' (or pip install pandas)") from None
    return pandas.DataFrame.from_records([record_of(item) for item in records])

"""Play sequences: the events ``store i``, ``discard i``, ``play i`` (docs/architecture.md, the solitaire model).

``i`` is the 1-based position in the card sequence. In JSON a sequence is a list of
``[event, index]`` pairs; a file may hold that list or any object with a ``"sequence"``
key (such as the output of ``hanabi-solitaire solve --json``).

Solvers build sequences as two numpy arrays (event codes and indices) so that sequences of
millions of events cost no Python objects; :meth:`PlaySequence.events` gives the pairs.

Examples
--------
>>> seq = PlaySequence.from_events([("store", 1), ("play", 2), ("play", 1)])
>>> len(seq), seq.to_json()
(3, [['store', 1], ['play', 2], ['play', 1]])
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from solitaire.io.budget import SEQUENCE_JSON_EVENT_BYTES, check_budget, json_read_bytes
from solitaire.io.errors import InputError
from solitaire.io.inputfile import is_whole, parse_json, read_text

__all__ = ["DISCARD", "STORE", "PLAY", "EVENT_NAMES", "PlaySequence", "parse_sequence_json", "read_sequence",
           "check_json_budget"]

DISCARD, STORE, PLAY = 0, 1, 2
EVENT_NAMES = ("discard", "store", "play")
_CODES = {name: code for code, name in enumerate(EVENT_NAMES)}


class PlaySequence:
    """A play sequence as parallel arrays of event codes and 1-based card indices (int32 or int64)."""

    __slots__ = ("codes", "indices")

    def __init__(self, codes: ArrayLike, indices: ArrayLike) -> None:
        self.codes = np.asarray(codes, dtype=np.int8)
        indices = np.asarray(indices)
        self.indices = indices if indices.dtype in (np.int32, np.int64) else indices.astype(np.int64)
        if self.codes.shape != self.indices.shape:
            raise ValueError("codes and indices must have the same length")

    @classmethod
    def from_events(cls, events: Iterable[tuple[str, int]]) -> PlaySequence:
        """Build from ``(name, index)`` pairs such as ``("play", 3)``."""
        events = list(events)
        codes = [_CODES[name] for name, _ in events]
        return cls(codes, [index for _, index in events])

    def events(self) -> list[tuple[str, int]]:
        """The events as a list of ``(name, index)`` tuples."""
        return [(EVENT_NAMES[c], i) for c, i in zip(self.codes.tolist(), self.indices.tolist(), strict=True)]

    def to_json(self) -> list[list[str | int]]:
        """The JSON form: a list of ``[event, index]`` pairs."""
        return [[name, index] for name, index in self.events()]

    def played_positions(self) -> np.ndarray:
        """1-based positions of the played cards, in play order."""
        return self.indices[self.codes == PLAY]

    def __len__(self) -> int:
        return int(self.codes.size)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PlaySequence) and np.array_equal(self.codes, other.codes)
                and np.array_equal(self.indices, other.indices))

    def __repr__(self) -> str:
        return f"PlaySequence({len(self)} events)"


def parse_sequence_json(obj: Any, source: str = "<json>") -> PlaySequence:
    """Read a sequence from its JSON form (a list, or an object with a ``"sequence"`` key)."""
    if isinstance(obj, dict):
        if obj.get("sequence") is None and "winnable" in obj:  # the output of solve --json with no sequence
            raise InputError("this solve output has no sequence ('sequence' is null: a loss its solver decides by a "
                             "certificate or without a play, such as greedy's or lazy's): solve it with --algorithm "
                             "engine or sat for a sequence", source)
        if "sequence" not in obj or obj["sequence"] is None:
            raise InputError("expected a list of [event, index] pairs or an object with a 'sequence' list", source)
        obj = obj["sequence"]
    if not isinstance(obj, list):
        raise InputError("expected a list of [event, index] pairs", source)
    events = []
    for number, item in enumerate(obj, start=1):
        ok = (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and item[0] in _CODES
              and is_whole(item[1]) and 1 <= item[1] < 2**62)
        if not ok:
            raise InputError(
                f"event {number}: expected [\"store\"|\"discard\"|\"play\", index >= 1], got {json.dumps(item)[:60]}",
                source)
        events.append((item[0], item[1]))
    return PlaySequence.from_events(events)


def read_sequence(path: str | os.PathLike[str]) -> PlaySequence:
    """Read a play sequence from a JSON file (refused before reading when it could need more
    memory than the limit)."""
    check_budget("reading this play sequence", json_read_bytes(path), str(path))
    return parse_sequence_json(parse_json(read_text(path), str(path)), str(path))


def check_json_budget(cards: int, source: str | None = None) -> None:
    """Refuse (:class:`~solitaire.io.budget.BudgetError` naming ``source``), before solving, an
    instance of ``cards`` cards whose play sequence as JSON (at most two events a card) would not
    fit the memory limit."""
    check_budget(f"the play sequence of {cards:,} cards as JSON", 2 * cards * SEQUENCE_JSON_EVENT_BYTES, source)

"""What limits a U3 search (:class:`SearchLimits`), and the SAT peer it hands an open deal to by default.

It imports nothing heavy, PySAT least of all: the search (:mod:`solitaire.seer.bounds.u3`) and the runs take
their limits from here, and only a deal handed to a peer loads :mod:`solitaire.seer.bounds.peers`.
"""

import numbers
from dataclasses import dataclass
from typing import Any

from solitaire.io.budget import MAX_SECONDS
from solitaire.io.errors import InputError
from solitaire.satsolvers import SAT_SOLVERS

__all__ = ["SearchLimits", "PEER_SOLVER", "PEER_ENCODING", "PEER_ENCODINGS", "COMPLETIONS"]

#: The default solver. On the hard questions of the table (``benchmarks/README.md``, "the SAT peers") it is faster
#: than CaDiCaL 1.9.5 on 9 of 10 (1.4x..6.2x), CaDiCaL on some lines and refutations (0.24x).
PEER_SOLVER = "glucose4"

#: The encoding that closes open deals: on every question of ``benchmarks/bench_peer.py`` that
#: takes the turn-indexed formula over a second, the removal-indexed one is faster, up to 70
#: times (``benchmarks/README.md``).
PEER_ENCODING = "removals"

#: The encodings of the SAT peers (:data:`solitaire.seer.bounds.peers.PEERS`), by name: ``removals``, one step per
#: drawn card, and ``turns``, one step per turn.
PEER_ENCODINGS = ("removals", "turns")

#: The completions of a deck known only in part that U3 is searched over unless told
#: (:mod:`solitaire.seer.runs.partial`).
COMPLETIONS = 20


@dataclass(frozen=True)
class SearchLimits:
    """The limits of one U3 search (:func:`~solitaire.seer.bounds.u3.search.exact`): ``timeout`` seconds of
    search per deal (``None``: no limit), then, for a deal left open, ``peer_timeout`` seconds of the SAT peer
    ``peer_encoding`` (a name of :data:`solitaire.seer.bounds.peers.PEERS`) with the PySAT solver ``peer_solver``
    (``peer_timeout`` 0: no peer).

    Checked as the command line checks them: each number of seconds in ``0..MAX_SECONDS`` (not ``nan``), the solver
    one of :data:`solitaire.satsolvers.SAT_SOLVERS`, the encoding one of :data:`PEER_ENCODINGS`; else an
    :class:`~solitaire.io.errors.InputError` naming the field.
    """

    timeout: float | None = None
    peer_timeout: float = 0
    peer_solver: str = PEER_SOLVER
    peer_encoding: str = PEER_ENCODING

    def __post_init__(self) -> None:
        if self.timeout is not None:
            _check_seconds(self.timeout, "timeout", " or None")
        _check_seconds(self.peer_timeout, "peer_timeout")
        _check_choice(self.peer_solver, "peer_solver", "PySAT solver", SAT_SOLVERS)
        _check_choice(self.peer_encoding, "peer_encoding", "peer encoding", PEER_ENCODINGS)

    def to_row(self) -> dict[str, Any]:
        """What an open row records of these limits (:data:`~solitaire.seer.runs.rowfile.LIMITS`): ``timeout``
        and ``peer_timeout``, and the peer's solver and encoding only when the peer runs."""
        row: dict[str, Any] = {"timeout": self.timeout, "peer_timeout": self.peer_timeout or 0}
        if self.peer_timeout:
            row.update(peer_solver=self.peer_solver, peer_encoding=self.peer_encoding)
        return row


def _check_seconds(value: Any, field: str, alternative: str = "") -> None:
    """:class:`InputError` naming ``field`` unless ``value`` is a number (not a ``bool``) in ``0..MAX_SECONDS``
    (``alternative``: what else the field takes, for the message)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= float(value) <= MAX_SECONDS:
        raise InputError(f"expected a number of seconds in 0..{MAX_SECONDS}{alternative}, got {value!r}", f"`{field}`")


def _check_choice(value: Any, field: str, what: str, choices: tuple[str, ...]) -> None:
    """:class:`InputError` naming ``field`` unless ``value`` is one of ``choices`` (each a ``what``)."""
    if value not in choices:
        raise InputError(f"unknown {what} {value!r}: expected one of {', '.join(choices)}", f"`{field}`")

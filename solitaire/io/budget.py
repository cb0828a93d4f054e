"""Memory budgets: what a command will need, estimated before it starts, against a limit.

Every command of the toolkit estimates the memory its largest step needs from what it
knows before that step (file sizes, cards, variables, clauses) and refuses with one line
(:class:`BudgetError`, an :class:`~solitaire.io.errors.InputError`) when the estimate is
over the limit: ``--max-memory``, by default the memory this process may have
(:func:`available_memory`: the least of the machine's physical memory, the address space left
under ``ulimit -v`` and the memory limit of its cgroup). The estimates are upper bounds of the peak, measured with
``/usr/bin/time -f %M`` on the steps they describe and rounded up; each constant below
says what it counts. And the longest time limit any option or call takes, :data:`MAX_SECONDS`.
"""

import os
import re
import resource

import numpy as np

from solitaire.io.errors import InputError
from solitaire.io.inputfile import TEXT_LIMIT

__all__ = ["BudgetError", "check_budget", "set_limit", "memory_limit", "machine_memory", "available_memory",
           "address_space_left", "cgroup_memory", "parse_size", "format_size",
           "deck_read_bytes", "json_read_bytes", "DECK_CARD_BYTES", "GENERATE_CARD_BYTES",
           "REDUCE_CARD_BYTES", "SAT_CLAUSE_BYTES", "SAT_TYPE_BYTES", "SEQUENCE_JSON_EVENT_BYTES", "CNF_LITERAL_BYTES",
           "MAX_SECONDS"]

#: Reading a ``.deck`` file: per byte of file, the raw bytes, the decoded text and the ASCII
#: copy the numpy reader converts (3), and per card :data:`DECK_CARD_BYTES`, for at most half
#: as many cards as the file has whitespace-separated tokens (counted in blocks first).
DECK_TEXT_COPIES = 3
#: Per card of a read deck: the parsed numbers (16), the instance's values and colors (16), and
#: the temporary type ids and counts every solver's checks compute (32).
DECK_CARD_BYTES = 64
#: Per byte of a JSON file (a ``.json`` deck or a play sequence): Python's objects for it
#: (a ``[1, 1]`` pair of 6 bytes becomes a list and two references, 88 bytes: 15 per byte).
JSON_BYTES_PER_BYTE = 16
#: Per card of ``generate``: the multiplicities, the unshuffled deck, the permutation, the
#: shuffled deck, values and colors (six int64 arrays).
GENERATE_CARD_BYTES = 48
#: Per card of ``reduce``: the builder's list of ``(value, color)`` tuples (a tuple, two ints and
#: a list slot, ~120 bytes), the instance and one block of deck text being written.
REDUCE_CARD_BYTES = 160
#: Per clause of a SAT encoding: the Python list of up to three ints (~180 bytes), its
#: auxiliary variable's name in the pool (~150 bytes), and the SAT solver's copy (~70 bytes).
SAT_CLAUSE_BYTES = 400
#: Per card type a deck declares (``n * c``, with copies or not), in the SAT encoding: the numpy
#: arrays indexed by type (copies, first copies, last lower copies and their running maxima, the
#: types' bounds in the sorted deck), at most five int64 arrays alive at once.
SAT_TYPE_BYTES = 40
#: Per event of a play sequence printed as JSON (``solve --json``, ``--sequence-out``): the
#: ``[name, index]`` list and its int (~100 bytes) and its text (~15). A sequence of ``N``
#: cards has at most ``2 N`` events.
SEQUENCE_JSON_EVENT_BYTES = 120
#: Per literal of a DIMACS file, while the parser and the normaliser hold its clauses as tuples.
CNF_LITERAL_BYTES = 64

#: The most seconds a time limit may be (a search's timeout, a SAT solver's, a peer's): 10^7, about 116 days.
MAX_SECONDS = 10**7


class BudgetError(InputError):
    """A command would need more memory than it may use (``source``: the file, when one is the cause)."""

    def __str__(self) -> str:
        return self.message if self.source is None else super().__str__()


def machine_memory() -> int | None:
    """The machine's physical memory in bytes (``None`` where the system does not say)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def address_space_left() -> int | None:
    """The bytes of address space this process may still map under ``ulimit -v`` (``RLIMIT_AS``:
    the limit less the size it has already, ``VmSize`` of ``/proc/self/status``; ``None``: no limit)."""
    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    if limit == resource.RLIM_INFINITY:
        return None
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as handle:
            used = next((int(line.split()[1]) * 1024 for line in handle if line.startswith("VmSize:")), 0)
    except OSError:
        used = 0
    return max(0, limit - used)


#: Where the memory limit of a cgroup is written: cgroup v2, then v1 (a number of bytes; v2 writes
#: ``max`` for none, v1 a number near 2^63).
_CGROUP_FILES = ("memory.max", "memory.limit_in_bytes")


def cgroup_memory(root: str = "/sys/fs/cgroup") -> int | None:
    """The memory limit of this process's cgroup in bytes, the least over it and its parents up to
    ``root`` (cgroup v2; v1's ``memory`` hierarchy too); ``None`` when there is none or the system
    does not say."""
    folders = []
    try:
        with open("/proc/self/cgroup", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                _, controllers, path = line.rstrip("\n").split(":", 2)
                if controllers in ("", "memory") or "memory" in controllers.split(","):
                    base = root if controllers == "" else os.path.join(root, "memory")
                    parts = [part for part in path.split("/") if part]
                    folders += [os.path.join(base, *parts[:k]) for k in range(len(parts), -1, -1)]
    except (OSError, ValueError):
        pass
    limits = []
    for folder in [*folders, root]:
        for name in _CGROUP_FILES:
            try:
                with open(os.path.join(folder, name), encoding="ascii") as handle:
                    text = handle.read().strip()
            except (OSError, UnicodeDecodeError):
                continue
            if text.isdigit() and int(text) < 2**62:
                limits.append(int(text))
    return min(limits, default=None)


def available_memory() -> int | None:
    """The least of :func:`machine_memory`, :func:`address_space_left` and :func:`cgroup_memory`
    (``None`` when none is known)."""
    return min((found for found in (machine_memory(), address_space_left(), cgroup_memory()) if found is not None),
               default=None)


_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_size(text: str) -> int:
    """Bytes of a size such as ``512M``, ``2G``, ``1.5G`` or ``1000000`` (binary units, a trailing
    ``B`` allowed); ``ValueError`` for anything else.

    >>> parse_size("512M"), parse_size("2g"), parse_size("1000")
    (536870912, 2147483648, 1000)
    """
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?\s*", str(text), re.IGNORECASE)
    if not found:
        raise ValueError(f"expected a size such as 512M or 2G, got {text!r}")
    size = int(float(found.group(1)) * _UNITS[found.group(2).upper()])
    if size <= 0:
        raise ValueError(f"expected a size above 0, got {text!r}")
    return size


def format_size(size: int) -> str:
    """``size`` bytes, readable.

    >>> format_size(3 * 2**30), format_size(1500)
    ('3.0 GiB', '1.5 KiB')
    """
    for unit in ("TiB", "GiB", "MiB", "KiB"):
        scale = _UNITS[unit[0]]
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"


#: The process's limit, set by ``--max-memory`` (:func:`set_limit`); ``None``: :func:`available_memory`.
_limit = None


def set_limit(limit: int | None) -> None:
    """Set the memory limit of this process in bytes (``None``: :func:`available_memory`)."""
    global _limit
    _limit = limit


def memory_limit() -> int | None:
    """The memory limit in bytes: :func:`set_limit`'s, else :func:`available_memory` (``None`` when unknown)."""
    return available_memory() if _limit is None else _limit


def check_budget(what: str, bytes_needed: int, source: str | None = None, limit: int | None = None) -> None:
    """Refuse (:class:`BudgetError`) when ``bytes_needed`` is over ``limit`` (``None``: :func:`memory_limit`).

    ``what`` names the step and what it counts ("a deck of 10,000,000 cards").
    """
    limit = memory_limit() if limit is None else limit
    if limit is not None and bytes_needed > limit:
        raise BudgetError(f"{what} needs about {format_size(bytes_needed)} of memory, over the limit of "
                          f"{format_size(limit)} (--max-memory)", source)


def deck_read_bytes(path: str | os.PathLike[str]) -> int:
    """The memory reading the ``.deck`` file ``path`` may need (see :data:`DECK_TEXT_COPIES`)."""
    return DECK_TEXT_COPIES * _file_size(path) + _tokens(path) // 2 * DECK_CARD_BYTES


def _tokens(path, block=1 << 22):
    """The whitespace-separated tokens of a regular file (bytes up to 32 separate), read in blocks;
    0 for anything else (a pipe read here could not be read again; ``/dev/zero`` never ends) and for
    a file over :data:`~solitaire.io.inputfile.TEXT_LIMIT` (the reader refuses it at once)."""
    if not 0 < _file_size(path) <= TEXT_LIMIT:
        return 0
    tokens, after_space = 0, True
    try:
        with open(path, "rb") as handle:
            while piece := handle.read(block):
                space = np.frombuffer(piece, np.uint8) <= 32
                tokens += int(np.count_nonzero(~space[1:] & space[:-1])) + (after_space and not space[0])
                after_space = bool(space[-1])
    except OSError:
        return 0  # the reader names the file it cannot open
    return tokens


def json_read_bytes(path: str | os.PathLike[str]) -> int:
    """The memory reading the JSON file ``path`` may need (see :data:`JSON_BYTES_PER_BYTE`)."""
    return JSON_BYTES_PER_BYTE * _file_size(path)


def _file_size(path):
    try:
        return os.path.getsize(path) if os.path.isfile(path) else 0
    except OSError:
        return 0  # the reader names the file it cannot open

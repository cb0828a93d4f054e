"""Solitaire Hanabi as SAT: "winnable" and "score >= t" as CNF, solved with PySAT.

The encoding rests on the copy-selection lemma (:mod:`solitaire.selection`):
an instance is winnable iff one copy of every card type can be chosen so that, when
every chosen copy is played as soon as possible, at most ``h`` chosen cards are held
after every scan. The chosen copy at position ``i`` of ``(a, k)`` is held after the scan
of ``t`` iff ``i <= t`` and some chosen copy of ``(b, k)``, ``b < a``, lies after ``t``.

Variables (named through an :class:`pysat.formula.IDPool`)
----------------------------------------------------------
* ``("x", i)``: the card at position ``i`` (0-based) is the chosen copy of its type.
  These come first, so ``x(i)`` is variable ``i + 1``.
* ``("held", i, j)``: card ``i`` is still held just before the scan of ``j``, where
  ``j_1 < j_2 < ...`` are the lower cards of its color after ``i`` (up to ``W_i``, the
  last one). Between two such cards nothing can release ``i``, so one literal per
  segment ``[j_{g-1}, j_g)`` (``j_0 = i``) says "held" for every scan in it.
* ``("y", a, k)`` (score mode): the type ``(a, k)`` is played.

Clauses
-------
* win: exactly one ``x`` per type (a type without copies makes the formula false: one empty
  clause); score: for the *reachable* types, those whose color has a copy of every value up to
  theirs, at most one ``x`` per type, ``y(a,k) <-> OR x``, ``y(a,k) -> y(a-1,k)``; every copy of
  another type is not chosen (``-x``: it can never be played), and it has no ``y``. So the clauses
  and the soft literals grow with the cards, never with the types a deck declares and lacks;
* ``held(i, j_{g+1}) -> held(i, j_g)`` (the stored interval ``[i, T)`` is an interval)
  and ``x_i & x_{j_g} -> held(i, j_g)``;
* at every *entry time* ``t`` (a position whose card may be held): at most ``h`` of the
  segment literals covering ``t`` (PySAT ``CardEnc``, sequential counter by default),
  only where this set is not contained in the next entry time's set;
* win mode, the cut: a type with one copy at ``p`` is *forced* on ``[p, F)``, ``F`` the
  latest first copy of a lower type of its color (it must be chosen and cannot be played
  before ``F``). At a scan where ``h`` forced cards are held (the hand dumps of
  Theorem 7), no other card is; so a card ``i`` cut there gets ``-x_i | -x_j`` for its
  lower cards ``j`` after the cut instead of segment literals.

Soundness: let ``t'`` be the last entry time ``<= t``. A card held after scan ``t`` is
held after ``t'`` (``i`` is an entry time, so ``i <= t'``, and ``[i, T)`` is an
interval); some chosen lower card lies after ``t >= t'``, so the clauses force its
segment literal at ``t'``. Distinct cards have distinct literals, hence at most ``h``
are held at ``t``; dropping a set contained in the next one loses nothing. The cut only
removes choices no win can make. Completeness: a good choice of copies with every
literal set to the truth is a model. Only implications toward ``held`` are needed, so the
encoding is sparse: ``O(N + sum_i |lower cards in window i| + sum_t |set at t| * h)``
over the kept entry times.

The maximum score is found with RC2 (MaxSAT, soft unit clauses ``y``) when the instance
is not winnable, by default only on decks of at most
:data:`~solitaire.satsolvers.MAXSAT_CARDS` cards, as its time grows far faster than the deck; a larger deck gets
its verdict alone (``score`` ``None``) unless ``maximise`` asks for the score. Every answer is turned into a
play sequence by :func:`solitaire.selection.asap_sequence` and checked with the referee.

Examples
--------
>>> from solitaire.model import Instance
>>> inst = Instance.from_cards(2, 2, 1, [(2, 1), (1, 1), (2, 2), (1, 2)])
>>> res = solve_sat(inst)
>>> res.winnable, res.score
(True, 4)
>>> solve_sat(inst.with_hand(0)).score
2
"""

import time
from collections.abc import Sequence
from typing import Any

import numpy as np
from pysat.card import CardEnc, EncType
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF, IDPool
from pysat.solvers import Solver

from solitaire.io.budget import SAT_CLAUSE_BYTES, SAT_TYPE_BYTES, check_budget, memory_limit
from solitaire.model import Instance
from solitaire.referee import replay
from solitaire.result import SolveResult
from solitaire.satsolvers import DEFAULT_SOLVER, MAXSAT_CARDS
from solitaire.selection import asap_sequence
from solitaire.sequence import PlaySequence

__all__ = ["Encoding", "encode", "decide_sat", "solve_sat"]


class Encoding:
    """The CNF of an instance: ``clauses`` (lists of ints), the pool, and helpers.

    Attributes
    ----------
    clauses : list of list of int
    pool : IDPool
    soft : list of int
        In score mode, the literals ``y(a, k)`` to maximise.
    """

    def __init__(self, instance: Instance, pool: IDPool, clauses: list[list[int]], soft: list[int]) -> None:
        self.instance, self.pool, self.clauses, self.soft = instance, pool, clauses, soft

    @property
    def nvars(self) -> int:
        return self.pool.top

    def chosen(self, model: Sequence[int]) -> np.ndarray:
        """The chosen-copy mask of a model."""
        signs = np.asarray(model[: self.instance.N])
        return signs > 0                                   # x(i) is variable i + 1


def _windows(instance):
    """``W_i``: last position of a card of the same color with a lower value (-1 if none)."""
    n, c = instance.n, instance.c
    last = np.full((c, n + 1), -1, np.int64)
    np.maximum.at(last, (instance.colors - 1, instance.values), np.arange(instance.N))
    lower = np.maximum.accumulate(last, axis=1)          # lower[k, a] = last pos of value <= a
    return lower[instance.colors - 1, instance.values - 1]


def _cuts(instance):
    """For a win: the first scan ``t >= i`` after which card ``i`` cannot still be held.

    A type with a single copy at ``p`` must be chosen for a win and waits at least until
    ``F`` = the latest first copy of a lower type of its color: it is *forced* on
    ``[p, F)``. Where ``h`` forced cards are held, no other card can be; so card ``i``
    (not forced) is released by the first such time ``t >= i``, and cannot be chosen with
    a lower card of its color after ``t``. Forced cards are not cut (``N``).
    """
    N, h = instance.N, instance.h
    types = instance.type_ids
    counts = instance.counts
    first = np.full(instance.n * instance.c, N, np.int64)
    np.minimum.at(first, types, np.arange(N))
    first = first.reshape(instance.c, instance.n)
    lower_first = np.maximum.accumulate(np.concatenate([np.full((instance.c, 1), -1), first[:, :-1]], axis=1), axis=1)
    release = lower_first[instance.colors - 1, instance.values - 1]
    forced = (counts[types] == 1) & (release > np.arange(N))
    load = np.zeros(N + 1, np.int64)
    np.add.at(load, np.flatnonzero(forced), 1)
    np.add.at(load, np.minimum(release[forced], N), -1)
    full = np.cumsum(load)[:N] >= h
    nxt = np.where(full, np.arange(N), N)
    cut = np.minimum.accumulate(nxt[::-1])[::-1]
    cut[forced] = N
    return cut


def _maximal(members):
    """The literal lists of the entry times whose set is not contained in the next one's."""
    times = sorted(members)
    for t, nxt in zip(times, times[1:] + [None], strict=False):
        if nxt is None or not set(members[t]) <= set(members[nxt]):
            yield members[t]


def _choice_clauses(instance, pool, clauses, win):
    """One copy per type (win) or at most one of each reachable type, prefix-closed, with ``y``
    literals (score); a loop over the types that have copies only."""
    order = np.argsort(instance.type_ids, kind="stable")
    present, starts, sizes = np.unique(instance.type_ids[order], return_index=True, return_counts=True)
    if win and len(present) < instance.n * instance.c:
        clauses.append([])  # a type without copies: no win
    soft, reach = [], None if win else _reach(instance)
    for t, start, size in zip(present.tolist(), starts.tolist(), sizes.tolist(), strict=True):
        lits = (order[start:start + size] + 1).tolist()            # x(i) is variable i + 1
        k, a = divmod(t, instance.n)
        if not win and a >= reach[k]:
            clauses += [[-x] for x in lits]
            continue
        if len(lits) <= 6:
            clauses += [[-p, -q] for b, p in enumerate(lits) for q in lits[b + 1:]]
        else:
            clauses += CardEnc.atmost(lits, 1, vpool=pool, encoding=EncType.seqcounter).clauses
        if win:
            clauses.append(lits)
            continue
        y = pool.id(("y", a + 1, k + 1))
        soft.append(y)
        clauses += [[-x, y] for x in lits] + [[-y] + lits]
        if a > 0:
            clauses.append([-y, pool.id(("y", a, k + 1))])
    return soft


def _reach(instance):
    """Per color (0-based), its reachable values: the 0-based value of its first type without a
    copy (``n`` when it has them all)."""
    missing = (instance.counts == 0).reshape(instance.c, instance.n)
    return np.where(missing.any(axis=1), missing.argmax(axis=1), instance.n).tolist()


def encode(instance: Instance, win: bool = True, encoding: int = EncType.seqcounter) -> Encoding:
    """The CNF of "winnable" (``win=True``) or of the score-maximisation problem.

    Parameters
    ----------
    instance : Instance
    win : bool
        ``True``: satisfiable iff winnable. ``False``: hard clauses of a legal selection,
        with ``Encoding.soft`` the ``y`` literals whose count is the score.
    encoding : int
        PySAT ``EncType`` of the at-most-``h`` constraints.

    Returns
    -------
    Encoding

    Raises
    ------
    BudgetError
        As soon as the clauses would need more memory than the limit
        (:func:`~solitaire.io.budget.memory_limit`): checked before they are built (a clause's
        memory per card, :data:`~solitaire.io.budget.SAT_TYPE_BYTES` per card type the deck
        declares) and while they are built.
    """
    pool = IDPool()
    clauses: list[list[int]] = []
    N, h = instance.N, instance.h
    most = _clause_room()
    check_budget(f"the SAT encoding of a deck of {N:,} cards and {instance.n * instance.c:,} card types",
                 N * SAT_CLAUSE_BYTES + instance.n * instance.c * SAT_TYPE_BYTES)
    _check_room(N, most)  # a variable per card, named in the pool: about a clause's memory each
    for i in range(N):
        pool.id(("x", i))                                   # so that x(i) is variable i + 1
    soft = _choice_clauses(instance, pool, clauses, win)
    window = _windows(instance)
    cut = _cuts(instance) if win else np.full(N, N, np.int64)
    entries = np.flatnonzero(np.minimum(window, cut) > np.arange(N))
    colors, values = instance.colors, instance.values
    by_color = [np.flatnonzero(colors == k) for k in range(1, instance.c + 1)]
    members: dict[int, list[int]] = {int(t): [] for t in entries}
    for count, i in enumerate(np.flatnonzero(window > np.arange(N)).tolist()):
        if count % 1024 == 0:
            _check_room(len(clauses), most)
        same = by_color[colors[i] - 1]
        js = same[np.searchsorted(same, i, side="right"):np.searchsorted(same, window[i], side="right")]
        js = js[values[js] < values[i]]
        late = js[js > cut[i]]
        js = js[js <= cut[i]].tolist()
        xi = i + 1
        clauses += [[-xi, -j - 1] for j in late.tolist()]
        held = [pool.id(("held", i, j)) for j in js]
        clauses += [[-later, earlier] for earlier, later in zip(held, held[1:], strict=False)]
        clauses += [[-xi, -j - 1, var] for j, var in zip(js, held, strict=True)]
        mine = entries[np.searchsorted(entries, i):np.searchsorted(entries, js[-1] if js else i)]
        segment = np.searchsorted(js, mine, side="right")
        for t, g in zip(mine.tolist(), segment.tolist(), strict=True):
            members[t].append(held[g])
    for lits in _maximal(members):
        if len(lits) > h:
            _check_room(len(clauses) + 2 * len(lits) * h, most)  # a sequential counter's size
            clauses += CardEnc.atmost(lits, h, vpool=pool, encoding=encoding).clauses
    return Encoding(instance, pool, clauses, soft)


def _clause_room():
    """The most clauses the memory limit allows (:data:`~solitaire.io.budget.SAT_CLAUSE_BYTES` each)."""
    limit = memory_limit()
    return None if limit is None else limit // SAT_CLAUSE_BYTES


def _check_room(clauses, most):
    """Refuse to go on once the encoding would need more clauses than the memory limit allows."""
    if most is not None and clauses > most:
        check_budget(f"the SAT encoding of this deck (over {clauses:,} clauses)", clauses * SAT_CLAUSE_BYTES)


def _checked(instance, encoding, model, algorithm):
    """The referee-checked ASAP sequence of a model and its score."""
    sequence, most = asap_sequence(instance, encoding.chosen(model))
    if most > instance.h:
        raise AssertionError(f"{algorithm}: the model holds {most} > h = {instance.h} cards")
    return sequence, replay(instance, sequence.events())


def decide_sat(instance: Instance, solver: str = DEFAULT_SOLVER) -> tuple[bool, PlaySequence | None, dict[str, Any]]:
    """Whether ``instance`` is winnable, by SAT; a referee-checked winning sequence or None.

    Returns
    -------
    (bool, PlaySequence or None, dict)
        The answer, the sequence, and statistics (``vars``, ``clauses``, ``encode_s``,
        ``solve_s``).
    """
    start = time.perf_counter()
    enc = encode(instance, win=True)
    stats = {"vars": enc.nvars, "clauses": len(enc.clauses), "encode_s": time.perf_counter() - start}
    start = time.perf_counter()
    with Solver(name=solver, bootstrap_with=enc.clauses) as s:
        sat = s.solve()
        model = s.get_model() if sat else None
    stats["solve_s"] = time.perf_counter() - start
    if not sat:
        return False, None, stats
    sequence, score = _checked(instance, enc, model, "sat")
    if score != instance.max_score:
        raise AssertionError(f"sat: the model scores {score} < {instance.max_score}")
    return True, sequence, stats


def solve_sat(instance: Instance, solver: str = DEFAULT_SOLVER, maximise: bool | None = None) -> SolveResult:
    """Winnable, maximum score and an optimal referee-checked sequence, by SAT and MaxSAT.

    Decides "winnable" with the SAT encoding; when not winnable, RC2 maximises the
    number of played card types over the score encoding: with ``maximise`` ``None`` on a deck of at most
    :data:`MAXSAT_CARDS` cards, with ``True`` on any, with ``False`` on none (then ``score`` is ``None`` and the
    ``certificate``'s reason says why).

    Returns
    -------
    SolveResult
        ``extra`` carries the encoding sizes and the solver name.
    """
    winnable, sequence, stats = decide_sat(instance, solver)
    certificate = None
    if winnable:
        score = instance.max_score
    elif not (instance.N <= MAXSAT_CARDS if maximise is None else maximise):
        score, certificate = None, {"reason": f"the SAT encoding is unsatisfiable; the maximum score of this lost deck "
                                              f"of {instance.N:,} cards is not computed (MaxSAT by default up to "
                                              f"{MAXSAT_CARDS:,} cards: --maxsat, maximise=True, asks for it)"}
    else:
        enc = encode(instance, win=False)
        wcnf = WCNF()
        wcnf.extend(enc.clauses)
        for y in enc.soft:
            wcnf.append([y], weight=1)
        with RC2(wcnf, solver=solver) as rc2:
            model = rc2.compute()
        sequence, score = _checked(instance, enc, model, "sat/rc2")
        if score != len(enc.soft) - rc2.cost:  # a soft literal per reachable type
            raise AssertionError(f"sat/rc2: the model scores {score}, RC2 claims {len(enc.soft) - rc2.cost}")
    return SolveResult(winnable=winnable, score=score, max_score=instance.max_score, algorithm="sat",
                       instance=instance.params(), sequence=sequence, certificate=certificate,
                       extra={"solver": solver, "encoding": {"vars": stats["vars"], "clauses": stats["clauses"]}})


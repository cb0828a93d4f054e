"""The paper's general-case dynamic program (Lemma 5, Theorem 6, §4): a reference.

The table
---------
``DP[s, H, p_1..p_{c-1}]`` is the maximum number of cards of the last color ``c`` that a
play sequence can have played after scanning the first ``s`` cards, when it has played
exactly ``p_i`` cards of every other color ``i`` and holds exactly the set ``H`` of cards
after card ``s`` is processed; ``-inf`` when no sequence does. With ``(a_s, k_s)`` the
``s``-th card, the paper (§4) writes, for ``s >= 1`` and ``|H| <= h``::

    D = DP[s-1, H, p]
    S = -inf                               if |H| >= h
        DP[s-1, H \\ {(a_s,k_s)}, p]        otherwise
    P = -inf                               if k_s < c and a_s > p_{k_s}
        DP[s-1, H ∪ {(a_s+1,k_s)..(p_{k_s},k_s)}, p_1..p_{k_s-1}, a_s-1, p_{k_s+1}..p_{c-1}]
                                           if k_s < c and a_s <= p_{k_s}
        max_{t in 0..h} {a_s+t : DP[s-1, H ∪ {(a_s+1,c)..(a_s+t,c)}, p] >= a_s-1}
                                           if k_s = c
    DP[s, H, p] = max(P, S, D)   (Lemma 5);   DP[s, H, p] = -inf if |H| > h;
    DP[0, ∅, 0..0] = 0 and every other DP[0, ., .] = -inf.

The instance is winnable iff ``DP[N, ∅, n..n] = n`` (Theorem 6).

Errata
------
E1 (the S line, off by one). ``S`` is written ``-inf if |H| >= h`` (and the proof says the
store is possible "if |H| < h"). But ``H`` is the hand *after* card ``s`` is processed, so
after storing card ``s`` it already contains it: the store is legal iff ``|H| <= h``,
which the general rule ``DP = -inf if |H| > h`` already enforces. The line should read
``S = DP[s-1, H \\ {(a_s,k_s)}, p]`` (``-inf`` only when ``|H| > h``). As written, no hand
of ``h`` cards can ever be formed (the last card stored into it hits ``|H| = h``), so the
literal table solves the instance with hand size ``h - 1`` (``0`` for ``h = 0``); the tests
check exactly that. Smallest counterexample (``test_erratum_store_off_by_one``): ``n = 2,
c = 1, h = 1``, cards ``(2,1) (1,1)``: store ``(2,1)``, play ``(1,1)``, play ``(2,1)``
wins, but the literal table gives ``DP[2, ∅] = 1`` (score 1, not winnable).

E2 (the proof of the S case, a sign). "storing (a_s,k_s) only makes sense if
(a_s,k_s) ∉ H" should say ``∈ H``: card ``s`` is held after it is processed only if it is
in ``H`` (when it is not, ``H \\ {(a_s,k_s)} = H`` and ``S = D``, harmless).

E3 (Lemma 5 as stated is too strong; the final answers are unaffected). ``H`` is a *set*
and ``H ∪ {cascade}`` merges a card of ``H`` with a cascade card of the same type, so the
recurrence counts one copy where a real sequence needs two (one played in the cascade,
one still held). Such entries overstate the true maximum. Counterexample
(``test_erratum_lemma5_entry_overstated``): ``n = 2, c = 1, h = 1``, cards ``(2,1) (1,1)``
(with E1 fixed): ``DP[2, {(2,1)}] = 2`` (``P`` with ``t = 1`` reads ``DP[1, {(2,1)}] = 0``),
yet no sequence plays 2 cards and still holds ``(2,1)``: there is one copy. The entry's
``H`` holds a *dead* card (a type already played). The statement that is true (and is
tested entry by entry against exhaustive search) is:

    for ``H`` whose cards of colors ``k < c`` are all above ``p_k``, the maximum color-``c``
    count over sequences that end holding exactly ``H`` with every held card still
    playable later (value above its color's count) is
    ``min(DP[s, H, p], min{v : (v, c) ∈ H} - 1)`` (``-inf`` when ``DP[s, H, p] = -inf``).

(Proof sketch, by induction on ``s``: a real sequence with live hands is, in its ASAP
form, a chain of ``D``/``S``/``P`` steps whose unions never collide, so ``DP`` is never
below it; a collision in a ``P`` step means the entry's ``H`` holds a cascade card, and
truncating color ``c`` below the smallest color-``c`` card held removes every play that
needed the second copy.) For ``H = ∅`` this is the paper's statement, so Theorem 6 and
the maximum score, which read only ``DP[N, ∅, p]``, are exact.

Not errata (checked): the threshold ``>= a_s - 1`` of the ``k_s = c`` case is right. A
sequence counted by ``DP[s-1, H', p]`` with more than ``a_s - 1`` cards of color ``c`` can
be *truncated*: discard at scan every color-``c`` card above ``a_s - 1`` that it played
(and do not store those it stored), which only shrinks hands and leaves ``H'`` and ``p``
alone. (``= a_s - 1`` happens to be harmless too: it changes only dead-card entries, and
on every instance tested it gives the same live entries and answers, since a best
sequence that overshoots ``a_s - 1`` is matched by ``D``; ``>=`` is the one the proof
justifies.)
The range ``t in 0..h`` runs past ``n`` when ``a_s + t > n``; such a card does not exist,
so the entry would be ``-inf``; the code stops at ``n``. When card ``s`` itself is in
``H``, ``P`` and ``D`` say another copy is held, ``S`` that card ``s`` is; all three are
correct readings. Typesetting: ``(p_s, k_s)`` in the ``P`` line means ``(p_{k_s}, k_s)``;
"DS[.]" in the proof means ``DP[.]``; entries are non-negative, not "positive"; and the
running time is the paper's
``O(N h c^h n^{h+c-1})`` (``sum_{i<=h} C(nc, i) <= (h+1)(nc)^h``; the ``p``'s range over
``0..n``, so the table has ``N sum_{i<=h} C(nc,i) (n+1)^{c-1}`` entries, not ``n^{c-1}``).

Maximum score
-------------
``max_p (p_1 + ... + p_{c-1} + DP[N, ∅, p])``. Any legal sequence stays legal when every
card it stores but never plays is discarded at scan instead (hands only shrink), so some
optimal sequence ends with an empty hand, with some counts ``p`` in ``0..n`` for the
first ``c - 1`` colors, and then plays at most ``DP[N, ∅, p]`` cards of color ``c``;
conversely every finite ``DP[N, ∅, p]`` is reached by a sequence (the walk below builds
it). So the maximum over ``p`` is the maximum score.

Play sequence (backtracking)
----------------------------
From the best top entry, walk back with the exact color-``c`` count ``m`` the sequence
will have after card ``s``: take ``P`` when card ``s`` can be played reaching exactly
``m`` (``m = a_s + t``, then ``m <- a_s - 1``; or ``p_{k_s}`` for the other colors),
else ``S`` when card ``s`` is in ``H``, else ``D``, each only if the entry it reads is
``>= m``. Every visited hand is *live* (its cards lie above the counts: true at the top,
kept by every step), so no cascade collides with ``H`` and, by truncation, an entry
``>= m`` always has a sequence with exactly ``m`` (E3 does not bite). The played and the
stored cards are the chosen copies; :func:`~solitaire.selection.asap_sequence` turns
them into the sequence (which holds at most ``h`` cards: copy-selection lemma).

Notes
-----
Memoised on demand from the top entries (an explicit stack, no recursion): only entries the
recurrence reads are computed.
The full table has ``N sum_{i<=h} C(nc, i) (n+1)^{c-1}`` entries, each computed with at
most ``h + 3`` reads, so time ``O(N h (nc)^h (n+1)^{c-1})`` (Theorem 6). A reference for
small instances: :func:`dp_refuses` declines tables above :data:`DP_LIMIT` entries.

References
----------
J.-F. Baffier, M.-K. Chiu, Y. Diez, M. Korman, V. Mitsou, A. van Renssen, M. Roeloffzen,
Y. Uno. "Hanabi is NP-complete, Even for Cheaters who Look at Their Cards". FUN 2016, §4.
"""

import numpy as np

from solitaire.model import Instance
from solitaire.result import SolveResult
from solitaire.selection import asap_sequence

__all__ = ["DPTable", "solve_dp", "dp_refuses", "table_size", "DP_LIMIT", "NEG_INF"]

#: Largest table (estimated entries) the reference accepts.
DP_LIMIT = 1_000_000

#: The table's "infeasible".
NEG_INF = float("-inf")


def table_size(instance: Instance, cap: int | None = None) -> int:
    """Entries of the full table: ``N * sum_{i <= h} C(nc, i) * (n+1)^(c-1)`` (Theorem 6).

    With ``cap``: ``cap + 1`` as soon as the size is known to exceed ``cap``, so that a wide
    deck costs no huge arithmetic (every factor only grows as it is built up).
    """
    n, c, N = instance.n, instance.c, instance.N
    if N == 0:
        return 0
    power, hands, term = 1, 0, 1
    for _ in range(c - 1):
        power *= n + 1
        if cap is not None and N * power > cap:
            return cap + 1
    for i in range(min(instance.h, n * c) + 1):
        hands += term
        if cap is not None and N * hands * power > cap:
            return cap + 1
        term = term * (n * c - i) // (i + 1)
    return N * hands * power


def dp_refuses(instance: Instance) -> str | None:
    """Why the reference DP declines ``instance`` (a too large table), or ``None``."""
    if table_size(instance, DP_LIMIT) > DP_LIMIT:
        return ("the paper's DP table (N * sum_(i<=h) C(nc,i) * (n+1)^(c-1) entries) is over the reference "
                f"limit of {DP_LIMIT:,} entries here")
    return None


class DPTable:
    """The table ``DP[s, H, p]`` of Lemma 5, computed on demand and memoised.

    Parameters
    ----------
    instance : Instance
    as_written : bool
        ``True``: the recurrence exactly as printed (with erratum E1). ``False`` (default):
        E1 fixed.

    Notes
    -----
    ``H`` is a bitmask over card types (bit ``(k-1)*n + a-1`` for ``(a, k)``), ``p`` a
    tuple of the ``c - 1`` counts. Call ``table(s, H, p)``; :meth:`D`, :meth:`S` and
    :meth:`P` are the paper's auxiliary values.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
    >>> DPTable(inst)(2, 0, ()), DPTable(inst, as_written=True)(2, 0, ())
    (2, 1)
    """

    def __init__(self, instance: Instance, as_written: bool = False) -> None:
        self.n, self.c, self.h = instance.n, instance.c, instance.h
        self.cards = instance.cards
        self.as_written = as_written
        self.memo: dict[tuple[int, int, tuple[int, ...]], int | float] = {}
        self._missing: list[tuple[int, int, tuple[int, ...]]] | None = None

    def bit(self, a: int, k: int) -> int:
        """The bit of card ``(a, k)``."""
        return 1 << ((k - 1) * self.n + a - 1)

    def run(self, lo: int, hi: int, k: int) -> int:
        """The bits of the cards ``(lo, k) .. (hi, k)`` (none when ``lo > hi``)."""
        return ((1 << (hi - lo + 1)) - 1) << ((k - 1) * self.n + lo - 1) if lo <= hi else 0

    def __call__(self, s: int, H: int, p: tuple[int, ...]) -> int | float:
        """``DP[s, H, p]``, computing first the entries it reads, on an explicit stack (not by
        recursion: a deck of ``N`` cards reads ``N`` layers deep, beyond what the C stack holds)."""
        todo = [(s, H, p)]
        while todo:
            if todo[-1] in self.memo or self._base(*todo[-1]) is not None:
                todo.pop()
                continue
            missing = self._missing = []
            value = max(self.P(*todo[-1]), self.S(*todo[-1]), self.D(*todo[-1]))
            self._missing = None
            if missing:
                todo += missing  # computed first; then this entry is computed again
            else:
                self.memo[todo.pop()] = value
        return self._read(s, H, p)

    def _base(self, s, H, p):
        """``-inf`` for a hand over ``h``, the value of ``DP[0, ., .]``; ``None`` for other entries."""
        if H.bit_count() > self.h:
            return NEG_INF
        if s == 0:
            return 0 if H == 0 and not any(p) else NEG_INF
        return None

    def _read(self, s, H, p):
        """An entry, as :meth:`P`, :meth:`S` and :meth:`D` read it. Inside :meth:`__call__` an
        entry not computed yet is put on the list of missing ones and read as ``-inf``."""
        value = self._base(s, H, p)
        if value is None:
            value = self.memo.get((s, H, p))
        if value is None:
            if self._missing is None:
                return self(s, H, p)
            self._missing.append((s, H, p))
            return NEG_INF
        return value

    def D(self, s: int, H: int, p: tuple[int, ...]) -> int | float:
        """Card ``s`` discarded."""
        return self._read(s - 1, H, p)

    def S(self, s: int, H: int, p: tuple[int, ...]) -> int | float:
        """Card ``s`` stored: it is in ``H``, the hand after it (E1: ``|H| <= h`` suffices)."""
        if self.store_limit_hit(H):
            return NEG_INF
        a, k = self.cards[s - 1]
        return self._read(s - 1, H & ~self.bit(a, k), p)

    def store_limit_hit(self, H: int) -> bool:
        """``|H| >= h`` as printed; ``|H| > h`` fixed (E1)."""
        size = H.bit_count()
        return size >= self.h if self.as_written else size > self.h

    def P(self, s: int, H: int, p: tuple[int, ...]) -> int | float:
        """Card ``s`` played, then cards of its color from the hand."""
        a, k = self.cards[s - 1]
        if k < self.c:
            top = p[k - 1]
            if a > top:
                return NEG_INF
            return self._read(s - 1, H | self.run(a + 1, top, k), p[:k - 1] + (a - 1,) + p[k:])
        best = NEG_INF
        for t in range(min(self.h, self.n - a) + 1):
            if self.allows(self._read(s - 1, H | self.run(a + 1, a + t, k), p), a):
                best = a + t
        return best

    def allows(self, value: int | float, a: int) -> bool:
        """Whether an entry of ``value`` lets card ``(a, c)`` be played next: ``value >= a - 1``.

        ``>=``, not ``=``: a sequence with more cards of color ``c`` is truncated (module docstring).
        """
        return value >= a - 1

    def trace(self, p: tuple[int, ...], m: int | float) -> np.ndarray:
        """Chosen copies of a sequence ending at ``DP[N, ∅, p]`` with exactly ``m`` of color ``c``.

        See "Play sequence" in the module docstring. Returns a boolean mask over positions.
        """
        s, H = len(self.cards), 0
        chosen = np.zeros(s, dtype=np.bool_)
        while s > 0:
            step = self._play_step(s, H, p, m) or self._store_step(s, H, p, m)
            if step is not None:
                chosen[s - 1] = True
                H, p, m = step
            elif self(s - 1, H, p) < m:
                raise AssertionError(f"DP backtrack stuck at s={s}, H={H:#x}, p={p}, m={m}")
            s -= 1
        if H or any(p) or m:
            raise AssertionError("DP backtrack did not reach DP[0, empty, 0..0] = 0")
        return chosen

    def _play_step(self, s, H, p, m):
        a, k = self.cards[s - 1]
        if k < self.c:
            if a > p[k - 1]:
                return None
            H2, q = H | self.run(a + 1, p[k - 1], k), p[:k - 1] + (a - 1,) + p[k:]
            return (H2, q, m) if self(s - 1, H2, q) >= m else None
        if not a <= m <= min(a + self.h, self.n):
            return None
        H2 = H | self.run(a + 1, m, k)
        return (H2, p, a - 1) if self.allows(self(s - 1, H2, p), a) else None

    def _store_step(self, s, H, p, m):
        a, k = self.cards[s - 1]
        b = self.bit(a, k)
        if not H & b or self.store_limit_hit(H) or self(s - 1, H & ~b, p) < m:
            return None
        return H & ~b, p, m


def solve_dp(instance: Instance, as_written: bool = False) -> SolveResult:
    """Win/lose, maximum score and a best play sequence by the paper's DP (Lemma 5, Theorem 6).

    Parameters
    ----------
    instance : Instance
    as_written : bool
        Use the recurrence exactly as printed (erratum E1 included); default: fixed.

    Returns
    -------
    SolveResult
        ``score`` is ``max_p sum(p) + DP[N, ∅, p]``; ``sequence`` reaches it (a win when
        ``winnable``); ``extra["dp_entries"]`` counts the entries computed.

    Raises
    ------
    ValueError
        When the table is over :data:`DP_LIMIT` (see :func:`dp_refuses`).

    Notes
    -----
    Time ``O(N h (nc)^h (n+1)^(c-1))`` in the worst case (Theorem 6); only entries the
    recurrence reads from the top entries are computed.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> inst = Instance.from_cards(2, 2, 1, [(2, 1), (1, 1), (1, 2), (2, 2)])
    >>> res = solve_dp(inst)
    >>> res.winnable, res.score, res.sequence.events()
    (True, 4, [('store', 1), ('play', 2), ('play', 1), ('play', 3), ('play', 4)])
    >>> solve_dp(inst, as_written=True).score
    3
    """
    reason = dp_refuses(instance)
    if reason is not None:
        raise ValueError(reason)
    table = DPTable(instance, as_written=as_written)
    top = {p: table(instance.N, 0, p) for p in np.ndindex(*(instance.n + 1,) * (instance.c - 1))}
    p = max(top, key=lambda q: sum(q) + top[q])       # DP[N, ∅, 0..0] >= 0: finite
    score = sum(p) + top[p]
    chosen = table.trace(p, top[p])
    sequence, held = asap_sequence(instance, chosen)
    if held > instance.h:
        raise AssertionError(f"the DP's copies need {held} held cards > h = {instance.h}")
    return SolveResult(
        winnable=score == instance.max_score,
        score=int(score),
        max_score=instance.max_score,
        algorithm="dp-as-written" if as_written else "dp",
        instance=instance.params(),
        sequence=sequence,
        extra={"dp_entries": len(table.memo)},
    )

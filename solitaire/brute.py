"""Brute-force oracle: the maximum score by exhaustive search (tiny instances only).

It tries every choice the rules allow (docs/architecture.md, the solitaire model): at each scan, discard, store (if
fewer than ``h`` cards are held) or play (if playable) the scanned card; between scans, play any
playable stored card, in any order. It assumes nothing else: no lemma of the paper, no
dominance, duplicates of a type may be stored together. Memoised on
``(scan position, cards played per color, multiset of held card types)``.

It exists to test the real algorithms; its running time is exponential.
"""

from functools import cache

from solitaire.model import Instance
from solitaire.result import SolveResult
from solitaire.sequence import PlaySequence

__all__ = ["solve_brute", "BRUTE_LIMIT"]

#: Largest ``N`` the oracle accepts.
BRUTE_LIMIT = 16


def solve_brute(instance: Instance) -> SolveResult:
    """Maximum score and a sequence reaching it, by exhaustive search.

    Raises
    ------
    ValueError
        When ``N > BRUTE_LIMIT``.

    Examples
    --------
    >>> from solitaire.model import Instance
    >>> solve_brute(Instance.from_cards(2, 2, 0, [(1, 1), (2, 2), (2, 1), (1, 2)])).score
    3
    """
    if instance.N > BRUTE_LIMIT:
        raise ValueError(f"the brute-force oracle takes N <= {BRUTE_LIMIT}, got N = {instance.N}")
    cards = instance.cards
    N, h = instance.N, instance.h

    def moves(s, top, hand):
        """Every legal move: ('hand', type) plays a held card; else the fate of card s."""
        if s < N and top[cards[s][1] - 1] == cards[s][0] - 1:
            yield ("play", None)
        for x in sorted(set(hand)):
            a, k = x
            if top[k - 1] == a - 1:
                yield ("hand", x)
        if s < N:
            if len(hand) < h:
                yield ("store", None)
            yield ("discard", None)

    def apply(s, top, hand, move):
        kind, x = move
        if kind == "hand":
            rest = list(hand)
            rest.remove(x)
            return s, _bump(top, x), tuple(rest)
        card = cards[s]
        if kind == "store":
            return s + 1, top, tuple(sorted(hand + (card,)))
        if kind == "play":
            return s + 1, _bump(top, card), hand
        return s + 1, top, hand

    @cache
    def best(s, top, hand):
        value = sum(top)
        for move in moves(s, top, hand):
            value = max(value, best(*apply(s, top, hand, move)))
        return value

    start = (0, (0,) * instance.c, ())
    score = best(*start)
    # walk an optimal path, tracking which position each held type came from
    events, state = [], start
    held: list[int] = []
    while True:
        s, top, hand = state
        if s == N and not any(m[0] == "hand" for m in moves(s, top, hand)):
            break
        move = next(m for m in moves(s, top, hand) if best(*apply(s, top, hand, m)) == score)
        if move[0] == "hand":
            i = next(i for i in held if cards[i - 1] == move[1])
            held.remove(i)
            events.append(("play", i))
        else:
            events.append((move[0], s + 1))
            if move[0] == "store":
                held.append(s + 1)
        state = apply(s, top, hand, move)
    best.cache_clear()
    return SolveResult(
        winnable=score == instance.max_score,
        score=score,
        max_score=instance.max_score,
        algorithm="brute",
        instance=instance.params(),
        sequence=PlaySequence.from_events(events),
    )


def _bump(top, card):
    a, k = card
    return top[: k - 1] + (a,) + top[k:]

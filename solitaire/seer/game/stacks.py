"""How an Up or Down stack is built (hanab.live's ``variantReversiblePlay``, server ``variants_reversible.go``).

In every other variant a suit has one build order, its slots 0..4 (the ``k``-th card to play is slot ``k - 1``,
:meth:`~solitaire.seer.game.variants.Variant.suit_slots`), and a stack is the number of cards played on it. In Up or
Down the slots of a suit are the ranks 1..5 (slots 0..4) and the START card (slot 5), and hanab.live's server plays
a card on a stack when it is: a 1, a 5 or START on an empty stack (direction up, down, undecided); a 2 or a 4 on a
lone START (up, down); else the next rank in the stack's direction; nothing on a stack of 5 cards (finished, which
returns a clue token as a 5 does elsewhere). So a stack of Up or Down follows one of the four :data:`ORDERS` (up
from 1, down from 5, START then up from 2, START then down from 4), and a card plays exactly when it is the next card
of an order that the cards already played begin. A stack's state is therefore its count and its *ways*: the bit mask
of the orders its cards begin (:data:`ALL` when empty; one order once two cards are played, or one card other than
START). The cards on it are the first ``count`` slots of any of them (:func:`played`).

Contract: pure functions of ``(ways, count)`` and a slot; :func:`play` is the rule above, the others follow from it.
"""

from collections.abc import Callable, Sequence

__all__ = ["ORDERS", "ALL", "WIDTH", "START_SLOT", "orders", "play", "played", "ways_of", "reach", "depth",
           "consistent", "after"]

#: Types per suit in Up or Down: ranks 1..5 (slots 0..4), then START (slot 5).
WIDTH = 6
START_SLOT = 5
#: The build orders of an Up or Down stack, as slots: up from 1, down from 5, START then up, START then down.
ORDERS = ((0, 1, 2, 3, 4), (4, 3, 2, 1, 0), (START_SLOT, 1, 2, 3, 4), (START_SLOT, 3, 2, 1, 0))
#: The ways of an empty stack: every order.
ALL = (1 << len(ORDERS)) - 1
_LENGTH = len(ORDERS[0])


def orders(ways: int) -> list[tuple[int, ...]]:
    """The orders in ``ways``."""
    return [order for i, order in enumerate(ORDERS) if ways >> i & 1]


def play(ways: int, count: int, slot: int) -> int:
    """The ways after ``slot`` is played on a stack of ``count`` cards with ``ways``: the orders whose next card it
    is; 0 when it does not play (a misplay)."""
    if count >= _LENGTH:
        return 0
    return sum(1 << i for i, order in enumerate(ORDERS) if ways >> i & 1 and order[count] == slot)


def after(ways: int, count: int, slot: int) -> set[int]:
    """The slots that play right after ``slot`` is played (nothing if it does not play or finishes the stack)."""
    new = play(ways, count, slot)
    return {order[count + 1] for order in orders(new)} if new and count + 1 < _LENGTH else set()


def played(ways: int, count: int) -> tuple[int, ...]:
    """The slots on a stack of ``count`` cards with ``ways``, in the order played."""
    return orders(ways)[0][:count]


def ways_of(slots: Sequence[int]) -> int:
    """The ways of a stack the slots ``slots`` were played on, in that order; 0 if one of them would not play."""
    ways = ALL
    for count, slot in enumerate(slots):
        ways = play(ways, count, slot)
        if not ways:
            return 0
    return ways


def consistent(ways: int, count: int) -> bool:
    """Whether ``(ways, count)`` is the state of some stack: the ways of the cards its orders begin with."""
    return 0 <= count <= _LENGTH and 0 < ways <= ALL and ways == ways_of(played(ways, count))


def reach(ways: int, count: int, left: Callable[[int], bool]) -> int:
    """The most cards the stack can hold when only the slots ``left`` says can still come: ``count`` plus the
    longest run of such slots along one of its orders (hanab.live's walks up and down of ``GetMaxScore``)."""
    best = count
    for order in orders(ways):
        end = count
        while end < _LENGTH and left(order[end]):
            end += 1
        best = max(best, end)
    return best


def depth(ways: int, count: int, slot: int, left: Callable[[int], bool]) -> int | None:
    """How many cards must be played on the stack before ``slot`` plays (0: it plays now), along the orders that
    reach it with only slots ``left`` says can still come; ``None`` if no such order reaches it (it can never
    score)."""
    best = None
    for order in orders(ways):
        for index in range(count, _LENGTH):
            if order[index] == slot:
                best = index - count if best is None else min(best, index - count)
                break
            if not left(order[index]):
                break
    return best

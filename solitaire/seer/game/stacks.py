"""How a stack of Up or Down or of Sudoku is built: its build orders and the state they give it.

In most variants a suit has one build order, its slots 0..4 (the ``k``-th card to play is slot ``k - 1``,
:meth:`~solitaire.seer.game.variants.Variant.suit_slots`), and a stack is the number of cards played on it. Two rules
give a suit several build orders (:class:`Orders`, one instance per rule):

* **Up or Down** (:data:`UP_OR_DOWN`; hanab.live's ``variantReversiblePlay``, server ``variants_reversible.go``): the
  slots of a suit are the ranks 1..5 (slots 0..4) and the START card (slot 5), and the server plays a card on a stack
  when it is a 1, a 5 or START on an empty stack (direction up, down, undecided); a 2 or a 4 on a lone START (up,
  down); else the next rank in the stack's direction; nothing on a stack of 5 cards. So a stack follows one of four
  orders: up from 1, down from 5, START then up from 2, START then down from 4.
* **Sudoku** (:data:`SUDOKU`, :data:`SUDOKU_4`; ``variantSudokuPlay``, server ``variants_sudoku.go``): with ``k``
  suits (5 or 4) the ranks are 1..k; a stack starts at any rank and goes up, wrapping from ``k`` to 1, until it holds
  ``k`` cards; no two stacks start at the same rank (the server misplays a card on an empty stack whose rank another
  stack started at). So a stack follows one of ``k`` orders, one per start.

A card plays exactly when it is the next card of an order that the cards already played begin, and the stack's
last card (its :attr:`Orders.length`-th) finishes it, returning a clue token as a 5 does elsewhere. A stack's state
is therefore its count and its *ways*: the bit mask of the orders its cards begin and that are still open to it. A
started stack has the orders its cards begin (one, once two cards are played or one card other than START). An empty
stack has every order (:attr:`Orders.all`) but, in Sudoku, those starting at a rank another stack started at
(:meth:`Orders.close`): so the pairwise different starts, a rule across stacks, are kept in each stack's ways, and
every function here reads one stack. The cards on a stack are the first ``count`` slots of any of its orders
(:meth:`Orders.played`).

Contract: :class:`Orders` methods are pure functions of ``(ways, count)`` and a slot (:meth:`Orders.close` of all
stacks); :meth:`Orders.play` is the rule above, the others follow from it.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

__all__ = ["Orders", "UP_OR_DOWN", "SUDOKU", "SUDOKU_4", "START_SLOT", "LENGTH"]

#: The slot of the START card in an Up or Down suit (ranks 1..5 are slots 0..4).
START_SLOT = 5
#: Cards on a finished stack, but in Sudoku of 4 suits (:data:`SUDOKU_4`); the types of a Sudoku suit.
LENGTH = 5


@dataclass(frozen=True)
class Orders:
    """The build orders of a suit under one rule: ``orders`` (each the slots in the order played, all of
    :attr:`length` slots), ``width`` (types per suit), ``directions`` (bit masks of orders: each is one plain suit of
    the fixed game, :mod:`solitaire.seer.bounds.orders`), ``distinct_starts`` (no two stacks start at the same
    slot)."""

    name: str
    orders: tuple[tuple[int, ...], ...]
    width: int
    directions: tuple[int, ...]
    distinct_starts: bool = False

    @cached_property
    def length(self) -> int:
        """Cards on a finished stack: the slots of an order."""
        return len(self.orders[0])

    @cached_property
    def all(self) -> int:
        """The ways of an empty stack no other stack restricts: every order."""
        return (1 << len(self.orders)) - 1

    def of(self, ways: int) -> list[tuple[int, ...]]:
        """The orders in ``ways``."""
        return [order for i, order in enumerate(self.orders) if ways >> i & 1]

    def play(self, ways: int, count: int, slot: int) -> int:
        """The ways after ``slot`` is played on a stack of ``count`` cards with ``ways``: the orders whose next card
        it is; 0 when it does not play (a misplay)."""
        if count >= self.length:
            return 0
        return sum(1 << i for i, order in enumerate(self.orders) if ways >> i & 1 and order[count] == slot)

    def after(self, ways: int, count: int, slot: int) -> set[int]:
        """The slots that play right after ``slot`` is played (nothing if it does not play or finishes the
        stack)."""
        new = self.play(ways, count, slot)
        return {order[count + 1] for order in self.of(new)} if new and count + 1 < self.length else set()

    def played(self, ways: int, count: int) -> tuple[int, ...]:
        """The slots on a stack of ``count`` cards with ``ways``, in the order played."""
        return self.of(ways)[0][:count]

    def ways_of(self, slots: Sequence[int]) -> int:
        """The ways of a stack the slots ``slots`` were played on, in that order (no other stack restricting its
        start); 0 if one of them would not play."""
        ways = self.all
        for count, slot in enumerate(slots):
            ways = self.play(ways, count, slot)
            if not ways:
                return 0
        return ways

    def consistent(self, ways: int, count: int) -> bool:
        """Whether ``(ways, count)`` is the state of a started stack (``count > 0``): the ways of the cards its
        orders begin with."""
        return 0 < count <= self.length and 0 < ways <= self.all and ways == self.ways_of(self.played(ways, count))

    def close(self, ways: Sequence[int], counts: Sequence[int]) -> tuple[int, ...]:
        """The ways of every stack (``counts`` cards each) with each empty stack's ways what the started stacks leave
        it: every order, but under distinct starts those starting where a started stack did."""
        taken = {self.played(w, 1)[0] for w, count in zip(ways, counts, strict=True) if count} \
            if self.distinct_starts else set()
        open_ = sum(1 << i for i, order in enumerate(self.orders) if order[0] not in taken)
        return tuple(w if count else open_ for w, count in zip(ways, counts, strict=True))

    def reach(self, ways: int, count: int, left: Callable[[int], bool]) -> int:
        """The most cards the stack can hold when only the slots ``left`` says can still come: ``count`` plus the
        longest run of such slots along one of its orders (hanab.live's walks of ``GetMaxScore``)."""
        best = count
        for order in self.of(ways):
            end = count
            while end < self.length and left(order[end]):
                end += 1
            best = max(best, end)
        return best

    def depth(self, ways: int, count: int, slot: int, left: Callable[[int], bool]) -> int | None:
        """How many cards must be played on the stack before ``slot`` plays (0: it plays now), along the orders
        that reach it with only slots ``left`` says can still come; ``None`` if no such order reaches it (it can
        never score)."""
        best = None
        for order in self.of(ways):
            for index in range(count, self.length):
                if order[index] == slot:
                    best = index - count if best is None else min(best, index - count)
                    break
                if not left(order[index]):
                    break
        return best


#: Up or Down: up from 1, down from 5, START then up, START then down; the fixed game's directions are up (from 1 or
#: START) and down (from 5 or START).
UP_OR_DOWN = Orders("Up or Down",
                    ((0, 1, 2, 3, 4), (4, 3, 2, 1, 0), (START_SLOT, 1, 2, 3, 4), (START_SLOT, 3, 2, 1, 0)),
                    START_SLOT + 1, (0b0101, 0b1010))


def _sudoku(ranks: int) -> Orders:
    """Sudoku of ``ranks`` suits and ranks (types ``suit * 5 + rank - 1``): from each rank up, wrapping from ``ranks``
    to 1; each order is a direction of the fixed game."""
    return Orders("Sudoku", tuple(tuple((start + k) % ranks for k in range(ranks)) for start in range(ranks)),
                  LENGTH, tuple(1 << start for start in range(ranks)), distinct_starts=True)


#: Sudoku of 5 suits (ranks 1..5).
SUDOKU = _sudoku(LENGTH)
#: Sudoku of 4 suits (ranks 1..4, stacks of 4 cards; slot 4 of a suit, rank 5, is not dealt).
SUDOKU_4 = _sudoku(4)

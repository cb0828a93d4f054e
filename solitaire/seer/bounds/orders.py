"""Up or Down and Sudoku, bounded and searched as the best over the build orders of their stacks.

Directions. An Up or Down or Sudoku stack (:mod:`solitaire.seer.game.stacks`) follows one of several build orders.
Group them into *directions* (:attr:`~solitaire.seer.game.stacks.Orders.directions`): in Up or Down, up (from a 1,
or from START then a 2) and down (from a 5, or from START then a 4); in Sudoku, each order (its start) alone. Give
each suit a direction ``D[s]`` and let ``fixed(D)`` be the game of width 5 (:func:`fixed_deal`) whose suit ``s`` is
a plain suit built along ``D[s]``: its ``k``-th card is the ``k``-th card of the orders of ``D[s]``. Going up in Up
or Down its first card is the 1 *or* the START card (two copies of one type), then the 2, 3, 4 and 5; going down
the 5 or START, then the 4, 3, 2 and 1 (up from 1 and up from START play the same cards from the second on). In
Sudoku, starting at rank ``r``, its cards are ``r``, ``r + 1``, ... wrapping from 5 to 1. Under distinct starts
(Sudoku) only assignments ``D`` whose starts are pairwise different count.

Lemma. (i) Every line of the real game is a line of ``fixed(D)``, ``D`` the directions its stacks take (either one
for a stack left empty or holding START alone; in Sudoku the starts its stacks take, the empty ones given the starts
left, pairwise different as the real starts are), with the same outcome at every action. A card plays on a stack in
the real game exactly when it is the next card of ``fixed(D)``'s suit: on an empty Up or Down stack going up the real
game plays a 1, a 5 or START and ``fixed(up)`` a 1 or START (the line's stack goes up, so it plays no 5 there); on a
lone START the real game plays a 2 or a 4 and ``fixed(up)`` a 2; on an empty Sudoku stack the real game plays a card
of a rank no other stack started at, and ``fixed(D)`` the card of its start ``D[s]``, which the line's stack takes
(another stack's start is a start no other suit of ``D`` has); further on both play the one next card, and a finished
stack takes nothing. A misplay of the real game is a misplay of ``fixed(D)``: the cards ``fixed(D)`` plays on a stack
the real game plays too. Down is the mirror image of up. So tokens (a finished stack returns one in both), strikes,
lost cards and the score move alike. (ii) Conversely a line of ``fixed(D)`` is a line of the real game with the same
outcome unless it misplays a card the real game plays: a 5 on an empty stack or a 4 on a lone START going up (a 1 or a
2 going down); in Sudoku a card on an empty stack of a rank other than its start that no other stack started at.

Hence ``U3 <= max_D U3(fixed(D))``, and every upper bound of ``fixed(D)`` (U1, U2, the search's), maximised over ``D``,
bounds the real game. A line of ``fixed(D)`` is replayed under the real rules
(:func:`~solitaire.seer.game.simulator.real_line`, each clue given as a legal clue of the real variant: with every card
seen a clue is a pass) and counts for what it scores there; ``U3`` is proven when that meets the bound. Only the
directions a position's stacks can still take count (:func:`directions`: a stack's ways,
:mod:`solitaire.seer.game.stacks`, meet the orders of the direction; in Sudoku an empty stack's ways hold only the
starts no started stack took). The drivers are :func:`solitaire.seer.bounds.u3.search.exact` (the directions the highest
U2 first, each searched only while its U2 is above the best line found) and :func:`solitaire.seer.bounds.relaxations.u1`
and ``u2`` (which stop at the first assignment whose bound is the maximum).

Clues and options. ``fixed(D)`` is dealt as the variant with the same suits and one build order
(:attr:`~solitaire.seer.game.variants.Variant.fixed_variant`: No Variant, 6 Suits, or ``X`` for ``Up or Down & X`` and
``Sudoku & X``) with the deal's options. With every card seen a clue is a pass that needs a teammate holding a card some
clue touches (under restricted clues), so only which cards no clue touches matters: in the suits Up or Down and Sudoku
are combined with that does not depend on the rank but for START, which no rank clue touches. So ``fixed(D)``'s clue
rule is the real one, except that in Up or Down its first card, which stands for a 1 (or a 5) and START, is touched when
either is: a White START, touched by no clue in the real game, is one that rank clues touch in ``fixed(D)``. That only
allows more clues, so ``fixed(D)`` still bounds the real game from above (each real line is one of its lines), and a
line that gives a clue the real game refuses is cut there by :func:`~solitaire.seer.game.simulator.real_line` and counts
for what its replay scores. The copies of each card of ``fixed(D)`` are the deck's (two of every card in Sudoku, where
the fixed variant deals one 5), which is what the search and the bounds count; the simulator's bot, which reads the
variant's copies, only plays worse for it.
"""

import itertools
from collections.abc import Iterator
from dataclasses import replace

from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.position import Position
from solitaire.seer.game.stacks import Orders
from solitaire.seer.game.variants import START

__all__ = ["UP", "DOWN", "directions", "fixed_deal", "fixed_position", "fixed_positions", "fixed_name"]

#: The directions of Up or Down (:data:`~solitaire.seer.game.stacks.UP_OR_DOWN`); a Sudoku direction is its start.
UP, DOWN = 0, 1


def _orders(deal: Deal) -> Orders:
    orders = deal.variant.orders
    assert orders is not None, f"{deal.variant.name} has one build order per suit"
    return orders


def directions(position: Position) -> list[tuple[int, ...]]:
    """Every direction assignment the position's stacks can still take (an index into the rule's directions per
    suit: :data:`UP` or :data:`DOWN` in Up or Down, the start in Sudoku), pairwise different under distinct
    starts."""
    orders = _orders(position.deal)
    assert position.ways is not None
    choices = [[d for d, mask in enumerate(orders.directions) if ways & mask] for ways in position.ways]
    return [d for d in itertools.product(*choices) if not orders.distinct_starts or len(set(d)) == len(d)]


def _slot_map(orders: Orders, direction: int) -> dict[int, int]:
    """The slot of ``fixed(D)`` of each real slot along the direction: its index in the direction's orders."""
    return {slot: index for order in orders.of(orders.directions[direction]) for index, slot in enumerate(order)}


def fixed_deal(deal: Deal, d: tuple[int, ...]) -> Deal:
    """``fixed(D)`` of an Up or Down or Sudoku deal (module docstring): the same cards in the same order, each of the
    type of its place in its suit's direction, dealt as the variant with one build order per suit with the deal's
    options. Raises :class:`~solitaire.seer.game.variants.UnsupportedVariant` for a variant the solvers do not
    play."""
    deal.variant.check_playable()
    orders = _orders(deal)
    maps = [_slot_map(orders, direction) for direction in d]
    types = [suit * RANKS + maps[suit][slot] for suit, slot in (divmod(t, orders.width) for t in deal.types.tolist())]
    options = replace(deal.options, variant=deal.variant.fixed_variant)
    return Deal(types, deal.players, deal.ident, deal.meta, deal.start_player, options)


def fixed_position(position: Position, d: tuple[int, ...]) -> Position:
    """The position of ``fixed(D)`` (:func:`fixed_deal`) that is ``position``: the same cards, stacks and counters."""
    return Position(fixed_deal(position.deal, d), position.next_card, position.hands, position.stacks,
                    position.clues, position.strikes, position.to_move, position.turns_left)


def fixed_positions(position: Position) -> Iterator[tuple[tuple[int, ...], Position]]:
    """``(D, fixed_position(position, D))`` for every direction assignment the position can take."""
    return ((d, fixed_position(position, d)) for d in directions(position))


def fixed_name(deal: Deal, d: tuple[int, ...], fixed_type: int) -> str:
    """The name of a type of ``fixed(D)`` in the real variant: ``Red 3``, or ``Red 1/START`` for a first card."""
    suit, slot = divmod(fixed_type, RANKS)
    variant = deal.variant
    ranks = sorted(variant.slots[s] for s, index in _slot_map(_orders(deal), d[suit]).items() if index == slot)
    return f"{variant.suits[suit].name} " + "/".join("START" if r == START else str(r) for r in ranks)

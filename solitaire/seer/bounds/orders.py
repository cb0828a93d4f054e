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

Sudoku of 4 suits. Its stacks finish at their fourth card (:data:`~solitaire.seer.game.stacks.SUDOKU_4`), the plain
suits of the search at their fifth. So ``fixed(D)`` there plays each suit's first slot before the game: its deal
(:func:`fixed_deal`) begins with one card of slot 0 per suit, the ``k``-th card (``k = 0..3``) of ``D[s]``'s order is
slot ``k + 1``, and :func:`fixed_position` has each stack one card higher, its deck indices :func:`pre_played`
higher (the pre-played cards are drawn before the hands and never held: no action moves them). A stack then holds
``c`` real cards exactly when it holds ``c + 1`` in ``fixed(D)``; the next card is the same one, the fourth real card
is the fifth slot and finishes the stack (a token in both), and the game reaches its maximum in both at once (16 and
20), so the lemma holds line by line as above, actions shifted by the pre-played cards (:func:`real_actions`).
Tokens, strikes and lost cards move alike, and a score of ``fixed(D)`` is the real score plus :func:`pre_played`,
but where both are 0 (a third strike, a speedrun's lost card, All or Nothing). So ``U3 <= max_D max(U3(fixed(D)) -
pre_played, 0)``, and every value or bound ``v`` of ``fixed(D)`` reads as ``max(v - pre_played, 0)`` in the real game
(:func:`real_value`). Its pace solitaire and end-of-deck bound are those of :func:`pace_deal`, the real cards at
slots ``k`` (they ignore tokens, and score no pre-played card).

Clues and options. ``fixed(D)`` is dealt as the variant with the same suits and one build order
(:attr:`~solitaire.seer.game.variants.Variant.fixed_variant`: No Variant, 4 or 6 Suits, or ``X`` for ``Up or Down & X``
and ``Sudoku & X``) with the deal's options. With every card seen a clue is a pass that needs a teammate holding a card
some clue touches (under restricted clues), so only which cards no clue touches matters: in the suits Up or Down and
Sudoku are combined with that does not depend on the rank but for START, which no rank clue touches. So ``fixed(D)``'s
clue rule is the real one, except that in Up or Down its first card, which stands for a 1 (or a 5) and START, is touched
when either is: a White START, touched by no clue in the real game, is one that rank clues touch in ``fixed(D)``. That
only allows more clues, so ``fixed(D)`` still bounds the real game from above (each real line is one of its lines), and
a line that gives a clue the real game refuses is cut there by :func:`~solitaire.seer.game.simulator.real_line` and
counts for what its replay scores. The copies of each card of ``fixed(D)`` are the deck's (two of every card in Sudoku,
where the fixed variant deals one 5), which is what the search and the bounds count; the simulator's bot, which reads
the variant's copies, only plays worse for it.
"""

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import replace

from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import DISCARD, PLAY, Action
from solitaire.seer.game.stacks import Orders
from solitaire.seer.game.variants import START

__all__ = ["UP", "DOWN", "directions", "fixed_deal", "fixed_position", "fixed_positions", "fixed_name", "pace_deal",
           "pre_played", "real_value", "real_actions"]

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


def _lead(orders: Orders) -> int:
    """The slots of a suit of ``fixed(D)`` played before the game: 1 in Sudoku of 4 suits, else 0."""
    return RANKS - orders.length


def pre_played(deal: Deal) -> int:
    """The cards on the stacks of ``fixed(D)`` before the game (module docstring): one per suit in Sudoku of 4
    suits, else 0."""
    return _lead(_orders(deal)) * len(deal.variant.suits)


def _slot_map(orders: Orders, direction: int, lead: int) -> dict[int, int]:
    """The slot of ``fixed(D)`` of each real slot along the direction: its index in the direction's orders, plus
    ``lead``."""
    return {slot: lead + index for order in orders.of(orders.directions[direction]) for index, slot in enumerate(order)}


def _typed(deal: Deal, d: tuple[int, ...], lead: int) -> list[int]:
    """The deal's cards in order, each the type of its place in its suit's direction (slot ``index + lead``)."""
    orders = _orders(deal)
    maps = [_slot_map(orders, direction, lead) for direction in d]
    return [suit * RANKS + maps[suit][slot] for suit, slot in (divmod(t, orders.width) for t in deal.types.tolist())]


def _as_fixed(deal: Deal, types: list[int]) -> Deal:
    """A deal of ``types`` as the deal's fixed variant with its options, players, id and start player."""
    options = replace(deal.options, variant=deal.variant.fixed_variant)
    return Deal(types, deal.players, deal.ident, deal.meta, deal.start_player, options)


def fixed_deal(deal: Deal, d: tuple[int, ...]) -> Deal:
    """``fixed(D)`` of an Up or Down or Sudoku deal (module docstring): the same cards in the same order, each of the
    type of its place in its suit's direction, dealt as the variant with one build order per suit with the deal's
    options; in Sudoku of 4 suits a card of each suit's slot 0 first, the pre-played cards, and each real card one
    slot higher. Raises :class:`~solitaire.seer.game.variants.UnsupportedVariant` for a variant the solvers do not
    play."""
    deal.variant.check_playable()
    lead = _lead(_orders(deal))
    return _as_fixed(deal, [suit * RANKS for suit in range(len(deal.variant.suits)) for _ in range(lead)]
                     + _typed(deal, d, lead))


def pace_deal(deal: Deal, d: tuple[int, ...]) -> Deal:
    """The deal whose pace solitaire and end-of-deck bound (:mod:`~solitaire.seer.bounds.relaxations`) are those of
    ``fixed(D)`` less its pre-played cards: the deal's cards in order, each of the type of its place in its suit's
    direction (:func:`fixed_deal` but for Sudoku of 4 suits, where slot 4 is not dealt)."""
    deal.variant.check_playable()
    return _as_fixed(deal, _typed(deal, d, 0))


def fixed_position(position: Position, d: tuple[int, ...]) -> Position:
    """The position of ``fixed(D)`` (:func:`fixed_deal`) that is ``position``: the same cards (deck indices
    :func:`pre_played` higher), stacks (each that much higher per suit) and counters."""
    shift, lead = pre_played(position.deal), _lead(_orders(position.deal))
    return Position(fixed_deal(position.deal, d), position.next_card + shift,
                    tuple(tuple(o + shift for o in hand) for hand in position.hands),
                    tuple(count + lead for count in position.stacks), position.clues, position.strikes,
                    position.to_move, position.turns_left)


def fixed_positions(position: Position) -> Iterator[tuple[tuple[int, ...], Position]]:
    """``(D, fixed_position(position, D))`` for every direction assignment the position can take."""
    return ((d, fixed_position(position, d)) for d in directions(position))


def real_value(deal: Deal, value: int) -> int:
    """A score, or a bound on scores, of ``fixed(D)`` of ``deal`` as one of the real game: ``value`` less the
    pre-played cards (:func:`pre_played`), 0 where that is negative (a score of 0 in both games)."""
    return max(value - pre_played(deal), 0)


def real_actions(deal: Deal, actions: Iterable[Action]) -> list[Action]:
    """The actions of a line of ``fixed(D)`` of ``deal`` (from :func:`fixed_position`) as actions of the real game:
    a play's or discard's deck index :func:`pre_played` lower, clues as they are."""
    shift, out = pre_played(deal), []
    for action in actions:
        if action["type"] in (PLAY, DISCARD):
            action = action.copy()
            action["target"] -= shift
        out.append(action)
    return out


def fixed_name(deal: Deal, d: tuple[int, ...], fixed_type: int, lead: int | None = None) -> str:
    """The name of a type of ``fixed(D)`` (``lead``: the slots its suits play before the game, by default
    :func:`fixed_deal`'s; 0 for :func:`pace_deal`) in the real variant: ``Red 3``, or ``Red 1/START`` for a first
    card."""
    suit, slot = divmod(fixed_type, RANKS)
    variant, orders = deal.variant, _orders(deal)
    slots = _slot_map(orders, d[suit], _lead(orders) if lead is None else lead)
    ranks = sorted(variant.slots[s] for s, index in slots.items() if index == slot)
    return f"{variant.suits[suit].name} " + "/".join("START" if r == START else str(r) for r in ranks)

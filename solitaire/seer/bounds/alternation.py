"""Alternating Clues where a card only one kind of clue touches: bounded and searched through the game without the
alternation.

The rule (hanab.live's server, ``command_action.go``): a clue of the kind of the previous clue, whoever gave it, is
refused. With every card seen a clue is a pass, so the rule matters only where some card (or the clue legal on any
hand) is reached by clues of one kind only (:attr:`~solitaire.seer.game.options.Rules.alternation_matters`: a
White, Brown, Light Pink, Gray, Muddy or Cocoa Rainbow or Gray Pink card): there the kind of the previous clue
decides whether a clue may be given at all. Where every card is touched by both kinds or by none (Alternating Clues
and Alternating Clues & Null) a clue of the kind asked for is legal whenever any clue is, and the searches play the
variant as it is.

Let ``free(G)`` be the game ``G`` without the alternation: the same deal, or position without its last clue, of
the variant with the same suits and clues (:attr:`~solitaire.seer.game.variants.Variant.fixed_variant`: ``X`` for
``Alternating Clues & X``).

Lemma. (i) Every line of ``G`` is a line of ``free(G)`` with the same outcome at every action: the two games differ
only in that ``G`` refuses some clues, and a clue changes nothing but the tokens and the kind of the last clue.
So ``U3(G) <= U3(free(G))``, and every upper bound of ``free(G)`` (U1, U2, the search's) bounds ``G``. (ii) There
are two kinds of clue, so in a line of ``G`` the clues alternate strictly: the kind of each is fixed by the kind of
the first clue given from the position (or by the position's last clue). Hence a line of ``free(G)`` is a line of
``G`` exactly when, for one kind of its first clue, every clue of the line has a legal clue of the kind its place
asks for: the other actions are the same in both games. :func:`realise` tries both kinds
(:func:`~solitaire.seer.game.simulator.real_line`, which cuts a line at its first clue with no legal clue of its
kind and lets the bot finish the game); the line it returns is a line of ``G``, so its score bounds ``U3(G)`` from
below. (iii) Let ``strict(G)`` be ``G`` where a clue needs a teammate holding a card that every kind of clue not
legal on every hand touches (the search's restricted clues with those types,
:func:`~solitaire.seer.bounds.u3.search.muted_types` with ``strict``). Wherever ``strict(G)`` allows a clue, a clue
of either kind is legal in ``G``, whatever the previous clue was; so every line of ``strict(G)`` is a line of ``G``
with the same outcome, and ``U3(strict(G)) <= U3(G)``.

Detrimental characters (:mod:`~solitaire.seer.game.characters`) whose only effect is to refuse moves
(:func:`~solitaire.seer.game.characters.restricts_only`) make a game ``G`` of which the same holds, with ``free(G)``
the game without characters: (i) as above, every line of ``G`` is a line of ``free(G)`` with the same outcome at
every action, or ends earlier with 0 (a player bound to clue with no token left); (ii) a line of ``free(G)`` is
realised move by move, each clue as the first clue the characters allow (a clue's content matters to them), cut at
the first move they refuse and finished by the bot, which keeps to the moves they allow. Lemma (iii) is not used:
the game of strict clues does not honour the characters.

The driver (:func:`solitaire.seer.bounds.u3.search.exact`) searches ``free(G)`` and realises its line: ``U3(G)`` is
proven when that line, or the bot's line of ``G``, meets ``free(G)``'s upper bound. Below it, the search of
``strict(G)`` may raise the lower bound to the upper one (where the alternation costs a point, ``free(G)`` scores
more than ``G`` and only this line can prove it); otherwise the deal is reported open with both bounds.
"""

from dataclasses import replace

from solitaire.seer.game.deals import Deal
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Action, Game, real_line
from solitaire.seer.game.variants import COLOR, RANK

__all__ = ["free_deal", "free_position", "realise"]


def free_deal(deal: Deal) -> Deal:
    """``free(G)`` of an Alternating Clues deal or a deal with detrimental characters (module docstring): the same
    cards in the same order, dealt as the variant with the same suits and clues and no alternation, with the deal's
    other options and no character."""
    variant = deal.variant.fixed_variant if deal.rules.alternating else deal.variant.name
    options = replace(deal.options, variant=variant, characters=())
    return Deal(deal.types, deal.players, deal.ident, deal.meta, deal.start_player, options)


def free_position(position: Position) -> Position:
    """The position of ``free(G)`` (:func:`free_deal`) that is ``position``: the same cards, stacks and counters, no
    last clue; at most one turn per player left (more only where Panicky's second discard drew the last card), and,
    where Contrarian reversed the order of play, the seats renamed so that it runs forward from the player to move,
    who becomes player 0 (its plays and discards name the same cards). In those two cases the game without
    characters is no bound, only a guide."""
    P, hands, to_move = position.deal.players, position.hands, position.to_move
    if position.traits is not None and position.traits[2]:  # the order of play reversed
        hands, to_move = tuple(hands[(to_move - seat) % P] for seat in range(P)), 0
    turns_left = None if position.turns_left is None else min(position.turns_left, P)
    return Position(free_deal(position.deal), position.next_card, hands, position.stacks,
                    position.clues, position.strikes, to_move, turns_left, None, position.ways)


def realise(start: Position, actions: list[Action]) -> tuple[list[Action], Game]:
    """A line of ``free(G)`` from ``start`` as a line of ``G`` (lemma (ii)): replayed under the real rules with its
    first clue of each kind in turn (of the one kind the position's last clue leaves), cut where a clue of the kind
    asked for is not legal and finished by the bot; the better of the two. Returns the actions and the final
    game. Under detrimental characters, each clue the first the characters allow, cut at the first move they
    refuse."""
    kinds = (COLOR, RANK) if start.last_clue is None and start.deal.rules.alternating else (None,)
    return max((real_line(start, actions, kind) for kind in kinds), key=lambda line: line[1].score)

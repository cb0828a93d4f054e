"""A deal whose best score needs a strike: a misplay at 8 clue tokens used as a discard.

Why such a deal needs many players or a long deck. At 8 tokens a discard is illegal, and a misplay is
the only way to draw without playing. Its misplay-free stand-in is a clue by the mover, a
clue by each of the other ``P - 1`` players (any draw by them would take the mover's card),
then the mover's discard: the same hands, deck and turn, ``P - 1`` tokens fewer and one
strike fewer. So a strike can only pay when the rest of the game must spend more than
``9 - P`` tokens on stalling clues before the last draw. Between two draws at most ``P - 1``
clues help (a full round of clues only burns tokens), so after the card the misplay draws
the deck needs at least ``(10 - P) / (P - 1)`` more: 8 for two players, 4 for three, 2 for
four or five. Short random decks with two players can never show it; four players with 16
cards in hand and a deck of 3 can. Even then ``brute`` visits about 1.4 million
states (over 2 minutes in Python), so the brute-force cross-check is marked slow; the fast
test checks U3's line and the hand proof's key step with the simulator.

The deal, four players, hands of 4, a deck of 3 (g, b, w have no 1: those 13 cards are junk;
the only cards that can score are r1..r5 and y1, so 6 is the best possible):

    P0: g2 g3 g4 b2    P1: r3 b3 b4 w2    P2: r4 w3 w4 g2    P3: r5 g5 b5 g3    deck: r1 r2 y1

The line with a strike (score 6): T0 P0 misplays g2 at 8 tokens (1 strike) and draws r1;
T1-T3 P1, P2, P3 clue (5 tokens); T4 P0 plays r1, draws r2; T5-T7 clues (2 tokens); T8 P0
plays r2 and draws y1, the last card; final round: P1 r3, P2 r4, P3 r5, P0 y1.

Why no misplay-free line scores 6. Every play before the final round draws a card, so with
3 deck cards at most 3 plays come before it and at most 4 in it (one per player): 6 needs
all 4 final turns to score and 2 of the 3 draws to be plays. Nothing is playable at the
start (no 1 in a hand), so the first draw is a discard and fetches r1 to some player X;
then the only playable card is r1 (r2 and y1 are still in the deck), so the second draw is
X playing r1 and drawing r2, and likewise the third is X playing r2 and drawing y1. The
final round is then X+1, ..., X; if X were P1, P2 or P3 it would hold y1 and one of r3, r4,
r5, two scoring cards for its one last turn. So X = P0 makes all three draws and every other
turn before the last draw is a clue. P0's discard needs fewer than 8 tokens, so it cannot
come at T0: P0 draws at T4, T8 and T12 at the earliest, after at least 10 clues, but the
game only ever has 8 + 1 tokens (the discard's; the 5 is played in the final round). With
the misplay at T0 instead the draws are at T0, T4 and T8 after 6 clues. So U3 = 6 and the
best misplay-free score is 5.
"""

import pytest

from helpers import NEEDS_A_STRIKE, brute
from helpers import NEEDS_A_STRIKE_TEXT as TEXT
from solitaire.seer.game.deals import RANKS, card_name
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.simulator import MAX_CLUES, Game, IllegalAction, simulate

DEAL = NEEDS_A_STRIKE


def clue(game):
    """A legal colour clue to the next player (every hand holds a card of its first card's colour)."""
    target = (game.current + 1) % game.deal.players
    return {"type": 2, "target": target, "value": game.type_of(game.hands[target][0]) // RANKS}


def play_line(first_draw):
    """The line above with P0's first draw ``first_draw`` (a misplay or a discard of card 0)."""
    game = Game(DEAL)
    steps = ["clue"] * 4 if first_draw["type"] == 1 else []  # a discard needs a token spent first
    steps += [first_draw] + ["clue"] * 3 + [{"type": 0, "target": 16}] + ["clue"] * 3 + [{"type": 0, "target": 17}]
    steps += [{"type": 0, "target": o} for o in (4, 8, 12, 18)]  # final round: r3, r4, r5, y1
    for step in steps:
        game.apply(clue(game) if step == "clue" else step)
    return game


def test_the_deal_is_what_the_docstring_says():
    assert [card_name(t) for t in DEAL.types.tolist()] == TEXT.split()
    assert DEAL.pooled == 16 and len(DEAL.types) == 19


def test_u3_needs_a_misplay_at_eight_tokens():
    r = exact(DEAL)
    assert r.exact and r.score == r.high == 6
    game, strikes_at_eight = Game(DEAL), 0
    for action in r.actions:
        if game.over or action["type"] == 4:
            break
        misplay = action["type"] == 0 and not game.playable(game.type_of(action["target"]))
        strikes_at_eight += misplay and game.clues == MAX_CLUES
        game.apply(action)
    assert (game.score, game.strikes) == (6, 1) and strikes_at_eight == 1
    assert simulate(DEAL, r.actions).score == r.score


def test_the_discard_instead_of_the_strike_runs_out_of_tokens():
    game = play_line({"type": 0, "target": 0})  # the misplay: 6 clues, 2 tokens left
    assert (game.score, game.strikes, game.over) == (6, 1, True)
    with pytest.raises(ValueError, match="clue token"):  # the discard: the 10th clue has no token
        play_line({"type": 1, "target": 0})
    with pytest.raises(IllegalAction, match="8 clue tokens"):  # and at T0 a discard is illegal
        simulate(DEAL, [{"type": 1, "target": 0}])


@pytest.mark.slow
def test_brute_force_agrees():  # about 1.4 million states: over 2 minutes
    assert exact(DEAL).score == brute(DEAL) == 6 > brute(DEAL, misplays=False) == 5

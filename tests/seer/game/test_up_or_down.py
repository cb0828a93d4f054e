"""Up or Down in the simulator: the stacks' rule against hanab.live's server, real games, positions, the bot."""

import itertools
import json
from pathlib import Path

import pytest

from solitaire.io.errors import InputError
from solitaire.seer.game.deals import parse_hanablive, seeded_deal
from solitaire.seer.game.position import Position, can_score, needed_lost, parse_position
from solitaire.seer.game.seeds import deck_from_seed, parse_seed
from solitaire.seer.game.simulator import Game, positions_of_game, seer_line, simulate
from solitaire.seer.game.stacks import START_SLOT, UP_OR_DOWN
from solitaire.seer.game.variants import START, get_variant

DATA = Path(__file__).parents[2] / "data"
GAMES = [g for g in map(json.loads, open(DATA / "hanablive_variant_games.jsonl")) if "Up or Down" in g["variant"]]
UNDECIDED, UP, DOWN, FINISHED = range(4)


def _hanablive_plays(ranks):
    """Whether hanab.live's server plays each of ``ranks`` in turn on an empty stack of Up or Down, written from
    ``variantReversiblePlay`` (server ``variants_reversible.go``): a direction and the top rank (7 after START)."""
    direction, top = UNDECIDED, 0
    for rank in ranks:
        if direction == UNDECIDED and top == 0:
            ok = rank in (1, 5, START)
            direction = {1: UP, 5: DOWN}.get(rank, UNDECIDED)
        elif direction == UNDECIDED:
            ok = rank in (2, 4)
            direction = {2: UP, 4: DOWN}.get(rank, UNDECIDED)
        elif direction == UP:
            ok = rank == top + 1
            direction = FINISHED if ok and rank == 5 else UP
        elif direction == DOWN:
            ok = rank == top - 1
            direction = FINISHED if ok and rank == 1 else DOWN
        else:
            ok = False
        if not ok:
            return False
        top = rank
    return True


def test_a_stack_takes_exactly_the_cards_hanablive_plays():
    """Every sequence of up to 6 cards of one suit: the orders' rule plays it exactly when hanab.live's does."""
    slots = get_variant("Up or Down (5 Suits)").slots
    for length in range(7):
        for sequence in itertools.product(range(UP_OR_DOWN.width), repeat=length):
            assert bool(UP_OR_DOWN.ways_of(sequence)) == _hanablive_plays([slots[s] for s in sequence]), sequence


def test_the_state_of_a_stack():
    assert UP_OR_DOWN.play(UP_OR_DOWN.all, 0, 1) == 0                                  # a 2 on an empty stack
    start = UP_OR_DOWN.play(UP_OR_DOWN.all, 0, START_SLOT)
    assert UP_OR_DOWN.after(UP_OR_DOWN.all, 0, START_SLOT) == {1, 3}          # START, then a 2 or a 4
    assert UP_OR_DOWN.consistent(start, 1) and not UP_OR_DOWN.consistent(UP_OR_DOWN.all, 1)
    assert UP_OR_DOWN.played(UP_OR_DOWN.ways_of([4, 3]), 2) == (4, 3)
    assert UP_OR_DOWN.reach(UP_OR_DOWN.all, 0, lambda s: s != 0) == 5                  # no 1: START, 2, 3, 4, 5
    assert UP_OR_DOWN.reach(UP_OR_DOWN.all, 0, lambda s: s not in (0, START_SLOT)) == 4   # 5, 4, 3, 2
    assert UP_OR_DOWN.depth(UP_OR_DOWN.all, 0, 2, lambda s: True) == 2                 # a 3 after 1, 2 or START, 2
    assert UP_OR_DOWN.depth(UP_OR_DOWN.ways_of([0]), 1, START_SLOT, lambda s: True) is None   # START is dead


def test_lost_cards_and_the_end():
    """A stack can still be finished while one order can: the 1 lost leaves START, 2..5; the START lost as well
    leaves none (the maximum is lost, a speedrun ends); the next card of any order keeps the game going."""
    lost = [0] * 12
    copies = [1, 2, 2, 2, 1, 1] * 2
    lost[0] = 1                                        # suit 0: the 1
    assert not needed_lost((0, 0), lost, copies, UP_OR_DOWN, (UP_OR_DOWN.all, UP_OR_DOWN.all))
    lost[START_SLOT] = 1                        # and its START
    assert needed_lost((0, 0), lost, copies, UP_OR_DOWN, (UP_OR_DOWN.all, UP_OR_DOWN.all))
    assert can_score((0, 0), lost, copies, UP_OR_DOWN, (UP_OR_DOWN.all, UP_OR_DOWN.all))     # a 5 of suit 0 still plays
    down = UP_OR_DOWN.ways_of([4])
    assert can_score((1, 5), lost, copies, UP_OR_DOWN, (down, UP_OR_DOWN.ways_of([0, 1, 2, 3, 4])))   # a 4 of suit 0
    lost[3] = 2                                        # both 4s of suit 0
    assert not can_score((1, 5), lost, copies, UP_OR_DOWN, (down, UP_OR_DOWN.ways_of([0, 1, 2, 3, 4])))


#: The final stacks (cards played) and strikes of hanab.live's Up or Down test games, as the independent variant-aware
#: replayer of ../shared/data/realgames (SOURCES.txt) recorded them (``stacks_sum_final``, ``strikes``).
RECORDED = {12345: (24, 0), 675774: (29, 2)}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g["variant"])
def test_real_up_or_down_games_replay_to_their_record(game):
    """hanab.live's own Up or Down test games: the record's final stacks and strikes, and every seventh position
    through its JSON form."""
    final = simulate(parse_hanablive(game), game["actions"])
    assert (final.played, final.strikes) == RECORDED[game["game_id"]]
    assert final.ways is not None and len(final.ways) == len(final.stacks)
    for position in positions_of_game(game)[::7]:
        again = parse_position(json.loads(json.dumps(position.to_json())))
        assert (again.stacks, again.ways, again.lost, again.hands) == (position.stacks, position.ways, position.lost,
                                                                      position.hands)


def test_the_first_cards_played_are_in_the_json_form():
    game = GAMES[0]
    position = positions_of_game(game)[-1]
    out = position.to_json()
    assert [len(p) for p in out["played"]] == out["stacks"] == list(position.stacks)
    assert all(out["played"][s][0] in (1, 5, START) for s in range(5) if out["stacks"][s])
    bad = dict(out, played=[[2]] + out["played"][1:])
    with pytest.raises(InputError, match="played"):
        parse_position(bad)
    with pytest.raises(InputError, match="Up or Down"):
        parse_position(dict(Position.initial(seeded_deal(2, 0)).to_json(), played=[[]] * 5))


def test_a_finished_stack_returns_a_token_going_down():
    """5, 4, 3, 2 on the red stack: the red 1 finishes it and returns a token, as a 5 does going up."""
    deal = deck_from_seed_deal("p2v24s1")
    cards = [deal.variant.card_of(t) for t in deal.types.tolist()]
    red_one = cards.index((0, 1))
    other = next(o for o, card in enumerate(cards) if card.suit == 1)
    ways = UP_OR_DOWN.ways_of([4, 3, 2, 1])
    position = Position(deal, len(cards), ((red_one,), (other,)), (4, 0, 0, 0, 0), 5, 0, 0, 2, None,
                        (ways,) + (UP_OR_DOWN.all,) * 4)
    game = Game.from_position(position)
    game.apply({"type": 0, "target": red_one})
    assert (game.stacks[0], game.clues, game.strikes, game.ways[0]) == (5, 6, 0, ways)


@pytest.mark.parametrize("seed", [f"p{p}v24s{s}" for p in (2, 3, 5) for s in (1, 2, 3)]
                         + ["p3v157s1", "p4v25s2", "p2v42s1", "p3v44s2"])
def test_the_bot_plays_up_or_down(seed):
    """The bot's line replays to its score."""
    deal = deck_from_seed_deal(seed)
    actions, score = seer_line(deal)
    assert simulate(deal, actions).score == score and 15 <= score <= deal.max_score


def deck_from_seed_deal(seed):
    """hanab.live's deal for a seed string."""
    parsed = parse_seed(seed)
    return parse_hanablive({"players": parsed.players, "options": {"variant": parsed.variant_id},
                            "deck": [[card.suit, card.rank] for card in deck_from_seed(seed)]})


def test_an_up_or_down_position_needs_its_stacks_ways():
    deal = deck_from_seed_deal("p2v24s1")
    start = Position.initial(deal)
    assert start.ways == (UP_OR_DOWN.all,) * 5
    with pytest.raises(ValueError, match="ways"):
        Position(deal, start.next_card, start.hands, (1, 0, 0, 0, 0), 8, 0, 0, None)

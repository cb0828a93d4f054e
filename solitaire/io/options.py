"""Option groups of the command line: options declared once, given to a command as one parameter.

Contract. An :class:`OptionGroup` declares its options on a command in the order given (the order
``--help`` lists them) and hands the command one parameter in their place: ``build`` called with
their values by name. The options stay the command's own (their names, their checks, what
:func:`~solitaire.io.command.in_options` shows of them); only the call of the command changes. A group may
hold other decorators of options: :func:`~solitaire.io.params.example_option` (which fills its argument
before the group gathers it) and another group (whose one value the outer group gathers).

The groups and options several commands share are here: :data:`DEAL_SOURCES` (``bound``, ``deal``),
:func:`printed_options` (``bound``, ``analyze``), :func:`jobs_option` and :data:`JSON_OPTION`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from solitaire.io.command import ARGUMENT_HINT
from solitaire.io.params import Whole, example_option, once_option
from solitaire.io.progress import Progress

__all__ = ["OptionGroup", "DEAL_SOURCES", "Printed", "printed_options", "jobs_option", "JSON_OPTION"]

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
Row = TypeVar("Row")


class OptionGroup:
    """The options ``decorators`` (``click.option`` decorators, option groups, ``example_option``), given to the
    command as the one parameter ``name``: ``build(**values)`` (by default the dict of their values by name).
    ``argument_hint``: what the command says when it is given an argument, it whose input comes from these options
    (the :data:`~solitaire.io.command.ARGUMENT_HINT` of its callback)."""

    def __init__(self, name: str, *decorators: Decorator, build: Callable[..., Any] = dict,
                 argument_hint: str | None = None) -> None:
        self.name, self.decorators, self.build, self.argument_hint = name, decorators, build, argument_hint

    def __call__(self, command: Callable[..., Any]) -> Callable[..., Any]:
        gathered: list[str] = []

        @functools.wraps(command)
        def gather(*args: Any, **kwargs: Any) -> Any:
            values = {key: kwargs.pop(key) for key in gathered if key in kwargs}
            return command(*args, **kwargs, **{self.name: self.build(**values)})

        params = gather.__dict__.setdefault("__click_params__", [])  # shared with the wrappers below
        if self.argument_hint:  # functools.wraps carries it to the callback, where the command group reads it
            setattr(gather, ARGUMENT_HINT, self.argument_hint)
        first = len(params)
        declared: Callable[..., Any] = gather
        for decorator in reversed(self.decorators):
            declared = decorator(declared)
        gathered.extend(param.name for param in params[first:])  # an inner group's or --example's: taken before
        gathered.extend(inner.name for inner in self.decorators if isinstance(inner, OptionGroup))
        return declared


#: The deal sources of ``bound`` and ``deal``, a shipped deal by ``--example`` among them: the parameter ``source``,
#: the keyword arguments of :func:`solitaire.seer.sources.dealsource.deal_source`; a source is given once
#: (:func:`~solitaire.io.params.once_option`).
DEAL_SOURCES = OptionGroup(
    "source",
    click.option("--players", "-p", type=Whole(2, 6),
                 help="Players (2..6); games in files carry their own, and -p re-deals them to that many "
                      "players (another deal: no real score; a game of a variant or with options is refused)."),
    once_option("--seeds", help="Our generator's deals for seeds A..B-1 (A:B)."),
    once_option("--hle-seeds", help="The Hanabi Learning Environment's deals for seeds A..B-1 (A:B, below 2^31)."),
    click.option("--hle-random-start", is_flag=True,
                 help="With --hle-seeds: HLE's random starting player (random_start_player), drawn before the deal."),
    once_option("--hanab-live-seeds", metavar="SEED",
                help="hanab.live's deals of a seed string (p3v0s17: 3 players, variant id 0, seed 17) or of a "
                     "range of suffixes (p3v0s1..1000); the players and the variant are in the string. A deal of a "
                     "variant whose rules the solvers refuse is a row of its own with 'refused' and the reason "
                     "(deal prints its deck)."),
    once_option("--hanab-live-seed", metavar="STRING",
                help="hanab.live's deal of exactly one seed string, whatever its suffix (a !seed table's "
                     "p3v0sfoo; a legacy-x- prefix deals the same deck)."),
    once_option("--deal", type=click.Path(dir_okay=False),
                help="A deal: text (r1 y2 ...), .deck, or hanab.live JSON."),
    once_option("--openspiel", type=click.Path(dir_okay=False),
                help="OpenSpiel Hanabi games as pyspiel.serialize_game_and_state writes them: one such text, "
                     "or JSON Lines of them (a game that ended before the last draw is a row of its own: "
                     "its deck is known only in part)."),
    once_option("--kaggle", type=click.Path(dir_okay=False),
                help="A Kaggle Game Arena replay of OpenSpiel Hanabi (env.toJSON()): its episodes (of the 2v2 "
                     "arena, each table's game)."),
    once_option("--jaxmarl", type=click.Path(),
                help="JaxMARL's Hanabi decks (decks.json: its decks, of 2 players unless -p), or a folder "
                     "with decks.json, actions.json and scores.txt (its tests/hanabi/: the games recorded on "
                     "them, with their scores)."),
    once_option("--pyhanabi", type=click.Path(),
                help="Games of pyhanabi (the web game of Eger et al.'s human-AI experiment): a log game<id>.log, a "
                     "folder of them, or JSON Lines of its games in hanab.live's form; pyhanabi's rules (a discard "
                     "at 8 clue tokens allowed, a strikeout scores the cards played)."),
    once_option("--hanab-live", metavar="FILE|LINK",
                help="hanab.live games: a game as hanab.live exports it, a JSON array of games, JSON Lines, "
                     "or a hanab.live replay link (a URL or its data part; a file may hold one a line). "
                     "A game the toolkit cannot read or play is a row of its own with 'refused' and the "
                     "reason; the run goes on."),
    click.option("--strict", is_flag=True,
                 help="Stop at the first game the toolkit refuses (exit 2) instead of giving it a row of its own "
                      "(deal prints a seed string's deck whatever its variant)."),
    example_option("deal", ("deck", "game"), required=False, label="--deal"),
    argument_hint="the deals come from an option: --hanab-live FILE for hanab.live games (a file as 'analyze' "
                  "takes them), --deal FILE for one deal (text, .deck or hanab.live JSON), --openspiel FILE, "
                  "--kaggle FILE, --jaxmarl PATH, --pyhanabi PATH, or a range of seeds")


@dataclass(frozen=True)
class Printed:
    """What a batch command prints (``--quiet``, ``--json``): with ``as_json`` one JSON object at the end and
    nothing meanwhile; else a line per row (none with ``quiet``) above a progress bar, then the summary."""

    quiet: bool = False
    as_json: bool = False

    def rows(self, rows: Iterable[Row], total: int, label: str, text: Callable[[Row], str]) -> None:
        """Go through ``rows`` (``total`` of them, counted on a bar labelled ``label``), printing ``text`` of each."""
        shown = Progress(rows, total, label, shown=not self.as_json)
        for row in shown:
            if not (self.as_json or self.quiet):
                shown.echo(text(row))


def printed_options(quiet_help: str, json_help: str) -> OptionGroup:
    """``--quiet`` and ``--json`` (helped by ``quiet_help`` and ``json_help``): the parameter ``printed``, a
    :class:`Printed`."""
    return OptionGroup("printed", click.option("--quiet", "-q", is_flag=True, help=quiet_help),
                       click.option("--json", "as_json", is_flag=True, help=json_help), build=Printed)


def jobs_option(text: str) -> Decorator:
    """``--jobs``/``-j`` (helped by ``text``): worker processes, 1..64, by default one per core (at most 64)."""
    return click.option("--jobs", "-j", default=min(64, os.cpu_count() or 1), show_default="all cores",
                        type=Whole(1, 64), help=text)


#: ``--json``: the command prints one JSON object.
JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")

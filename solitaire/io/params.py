"""The command line's parameter types and the options its commands share.

Contract. Each type or option checks what the command line is given before any work starts and
refuses it with one line naming the option (a ``click`` usage error, exit code 2): numbers of
seconds that are finite, whole numbers in ASCII digits, a memory limit, files that must differ, a
shipped example in place of a path, an option of one value given once.
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Callable
from typing import Any

import click

from solitaire.examples import find_example
from solitaire.io.budget import MAX_SECONDS, parse_size, set_limit
from solitaire.io.command import usage_error
from solitaire.io.errors import InputError

__all__ = ["Seconds", "SECONDS", "Whole", "memory_option", "distinct_files", "example_option", "once_option"]


class Seconds(click.FloatRange):
    """A number of seconds in 0..10^7, :data:`~solitaire.io.budget.MAX_SECONDS` (click's ``FloatRange`` lets
    ``nan`` and ``inf`` through)."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0, max=MAX_SECONDS)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if math.isnan(seconds):
            self.fail(f"expected a number of seconds, got {value!r}", param, ctx)
        return seconds


SECONDS = Seconds()


class Whole(click.IntRange):
    """A whole number written in ASCII digits, at most 20 of them (click's ``IntRange`` also takes
    ``1_0`` and the digits of other scripts, as Python's ``int`` does; every bound is below 2^64)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not re.fullmatch(r"[+-]?[0-9]{1,20}", value.strip(), re.ASCII):
            shown = value if len(value) <= 40 else value[:37] + "..."
            self.fail(f"expected a whole number in at most 20 ASCII digits, got {shown!r}", param, ctx)
        return super().convert(value, param, ctx)


def _set_memory_limit(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    try:
        set_limit(None if value is None else parse_size(value))
    except ValueError as err:
        raise click.BadParameter(str(err), ctx, param) from None


def memory_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--max-memory SIZE``: the memory the command may plan to use (solitaire.io.budget)."""
    return click.option("--max-memory", metavar="SIZE", callback=_set_memory_limit, expose_value=False,
                        help="Refuse, before starting, work estimated to need more memory than SIZE "
                             "(512M, 4G); default: the machine's memory. See docs/limits.md.")(command)


def once_option(*names: str, **attrs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``click.option(*names, **attrs)`` of one value that may be given once: given twice it is a usage error naming
    it, where click would keep the last value silently (a source of deals given twice would read one of them)."""
    return click.option(*names, multiple=True, callback=_given_once, **attrs)


def _given_once(ctx: click.Context, param: click.Parameter, values: tuple[Any, ...]) -> Any:
    """The value of a :func:`once_option`, ``None`` when it is not given; a usage error when given more than once."""
    if len(values) > 1:
        usage_error(f"give {max(param.opts, key=len)} once, not {len(values)} times")
    return values[0] if values else None


def distinct_files(**paths: str | None) -> None:
    """A usage error when two of the named paths are one file (also through a link): an output
    would overwrite an input or another output."""
    named = [(name, path) for name, path in paths.items() if path]
    for i, (first, a) in enumerate(named):
        for second, b in named[i + 1:]:
            same = os.path.samefile(a, b) if os.path.exists(a) and os.path.exists(b) else \
                os.path.abspath(a) == os.path.abspath(b)
            if same:
                usage_error(f"{first} and {second} name the same file, {b}")


def example_option(argument: str, kind: str | tuple[str, ...], shift: str | None = None, required: bool = True,
                   label: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--example NAME``: the shipped example NAME of ``kind`` in place of the path(s) of the
    parameter ``argument`` (``label`` in messages; declared ``required=False``: with ``required``
    one of the two must be given). For a parameter of several paths the example's are added.
    With ``shift``, a lone path given with ``--example`` is the next argument's
    (``verify --example NAME SEQUENCE``)."""
    label = label or argument.upper()
    kinds = kind if isinstance(kind, str) else " or ".join(kind)

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def run(*args: Any, example: str | None, **kwargs: Any) -> Any:
            given = kwargs[argument]
            if example is None:
                if required and given in (None, ()):
                    usage_error(f"missing {label} (or --example NAME)")
            else:
                try:
                    paths = tuple(str(p) for p in find_example(example, kind).paths)
                except InputError as err:
                    raise InputError(err.message, "--example") from None
                if shift and kwargs[shift] is None:
                    kwargs[shift], given = given, None
                if isinstance(given, tuple):
                    kwargs[argument] = given + paths
                elif given is None:
                    kwargs[argument] = paths[0]
                else:
                    usage_error(f"give {label} or --example, not both")
            if shift and kwargs[shift] is None:
                usage_error(f"missing {shift.upper()}")
            return command(*args, **kwargs)
        return click.option("--example", metavar="NAME",
                            help=f"A shipped {kinds} in place of {label} (see 'examples').")(run)
    return decorate

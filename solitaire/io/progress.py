"""A progress bar on a terminal's standard error that stays out of the lines printed meanwhile.

Contract. :class:`Progress` wraps an iterable of ``length`` items: iterated, it yields them and
counts each once yielded (or it counts what :meth:`Progress.advance` is given, bytes read say). The bar
appears with the first item, so neither the wait before it (the compiled code loading, the first result of the
workers) nor its estimate counts that wait; nor does the estimate count a compile while the bar is drawn (a command
compiles the U3 search at the first deal that needs it: :func:`solitaire.compiled.on_compile`). Lines printed
through :meth:`Progress.echo` go to standard output above the bar: the bar's line is cleared first and drawn again
after. Off a terminal, or when ``shown`` is false, nothing is drawn and :meth:`Progress.echo` prints plainly. Used
as a context manager (a bar that counts with :meth:`Progress.advance`), it closes on leaving.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any

import click

__all__ = ["Progress"]

_CLEAR_LINE = "\r\033[K"


class Progress:
    """A bar labelled ``label`` (what it counts: ``deals``, ``games``) over ``items``."""

    def __init__(self, items: Iterable[Any], length: int, label: str, shown: bool = True) -> None:
        self.items, self.length, self.label = items, max(0, length), label
        self.shown = shown and sys.stderr.isatty()
        self.bar: Any = None
        self.compiles: Any = None

    def __iter__(self) -> Iterator[Any]:
        try:
            for item in self.items:
                self._start()
                yield item
                self.advance(1)
        finally:
            self.close()

    def _start(self) -> None:
        if self.shown and self.bar is None:
            self.bar = click.progressbar(length=self.length, label=self.label, file=sys.stderr)
            self.bar.render_progress()
            if "numba" in sys.modules:  # else nothing compiles (and numba's import is not paid for)
                from solitaire.compiled import on_compile

                self.compiles = on_compile(ended=self._left_out)

    def _left_out(self, seconds: float) -> None:
        """A compile of ``seconds`` while the bar was drawn: its clock (click's ``start``) moves on by them."""
        if self.bar is not None:
            self.bar.start += seconds

    def advance(self, count: int) -> None:
        """Count ``count`` more (drawing the bar from the first count on)."""
        self._start()
        if self.bar is not None:
            self.bar.update(count)

    def echo(self, text: str) -> None:
        """Print ``text`` (one or more lines) above the bar."""
        if self.bar is None:
            click.echo(text)
            return
        sys.stderr.write(_CLEAR_LINE)
        sys.stderr.flush()
        click.echo(text)
        self.bar.render_progress()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """End the bar's line (nothing when none was drawn)."""
        if self.bar is not None:
            self.bar.render_finish()
            self.bar = None
            if self.compiles is not None:
                self.compiles.stop()
                self.compiles = None

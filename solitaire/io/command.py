"""How a command of the toolkit ends: one line and exit code 2 for bad input, one line and exit code 1
for a stop signal, its finished rows kept.

Contract. :class:`CommandGroup` is the ``click`` group of the command line. Every
:class:`~solitaire.io.errors.InputError`, file that cannot be opened, usage error and memory
shortfall becomes one line on standard error and exit code 2 (never a traceback), and so does a library's
``ValueError`` within :func:`usage_errors`; the parameters an error names are shown as the command's options
(:func:`in_options`). Once the modules
are loaded, Ctrl-C, SIGTERM and SIGHUP (:data:`~solitaire.io.interrupt.STOP_SIGNALS`) are taken by
:func:`interrupt`: a ``KeyboardInterrupt`` (a :class:`~solitaire.io.interrupt.Terminated` for SIGTERM
and SIGHUP) that lets a batch run keep its finished rows
(:func:`solitaire.io.interrupt.interrupted`), then one line and exit code 1. A second signal while
the first is handled stops at once (:func:`stop_now`), unless it repeats the
first within :data:`~solitaire.io.interrupt.REPEAT` seconds (``timeout`` sends SIGTERM twice); one
that no handler takes within a second (it came inside a long compiled call) stops the command from a
watch thread (:func:`solitaire.io.interrupt.watch_interrupts`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any, NoReturn

import click

from solitaire.io.atomic import kept_old_message, settle_temporaries
from solitaire.io.errors import InputError
from solitaire.io.interrupt import REPEAT, STOP_SIGNALS, Terminated, stop_signal, watch_interrupts

__all__ = ["CommandGroup", "interrupt", "unraisable", "stop_now", "stopped_line", "usage_error", "usage_errors",
           "in_options", "option_names", "ARGUMENT_HINT", "examples_help", "EXAMPLE_PREFIX"]

#: How each example of a command's ``--help`` starts (:func:`examples_help`).
EXAMPLE_PREFIX = "  $ hanabi-solitaire "


def examples_help(*lines: str) -> str:
    """The closing part of a command's ``--help``: ``Examples:``, then each command line of ``lines`` (the arguments
    after ``hanabi-solitaire``), as written (click does not rewrap a paragraph after ``\b``). Each runs as shown from
    any folder, on shipped examples and seeds (``tests/test_cli.py`` runs them in order)."""
    return "\b\nExamples:\n" + "\n".join(EXAMPLE_PREFIX + line for line in lines)

#: Set by every Python handler of a stop signal: the watch of :func:`~solitaire.io.interrupt.watch_interrupts`
#: stops the command when a signal reaches none within ``_GRACE`` seconds (it came inside a long compiled call).
_HANDLED = threading.Event()
_GRACE = 1.0

#: The first signal that stopped the command and when (``time.monotonic``).
_FIRST: list[Any] = [None, 0.0]
_NO_ARGUMENTS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2
#: The attribute of a command's callback that says where its input comes from, told to a user who gave it an argument
#: it does not take (:class:`~solitaire.io.options.OptionGroup`'s ``argument_hint``).
ARGUMENT_HINT = "argument_hint"
#: click's message for an argument a command does not take.
_EXTRA_ARGUMENT = re.compile(r"Got unexpected extra arguments? ")


def stopped_line(signum: int | None, line: str) -> str:
    """``line``, the line a stop by Ctrl-C prints, or the line of a stop by another signal."""
    return line if signum in (None, signal.SIGINT) else f"hanabi-solitaire: stopped by {signal.Signals(signum).name}"


def _warning_line(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: Any = None,
                  line: str | None = None) -> None:
    """A warning as the command line says it: one line on standard error (not Python's two, with the source)."""
    click.echo(f"hanabi-solitaire: warning: {message}", err=True)


def stop_now(signum: int, frame: FrameType | None = None) -> NoReturn:
    """Stop the process at once: flush what was printed, settle the temporary files being written
    (:func:`~solitaire.io.atomic.settle_temporaries`: a row file's finished rows are kept), print one
    line and exit with code 1."""
    _HANDLED.set()
    with contextlib.suppress(Exception):  # a closed pipe, or a write under way: nothing more to save
        sys.stdout.flush()
    for old in settle_temporaries():
        os.write(2, f"hanabi-solitaire: warning: {kept_old_message(old)}\n".encode())
    os.write(2, f"{stopped_line(signum, 'hanabi-solitaire: stopped')}\n".encode())
    os._exit(1)


def usage_error(message: str) -> NoReturn:
    """Stop the command with a usage error: one line naming the command, exit code 2."""
    raise click.UsageError(message)


_NAMED = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`")


def in_options(text: str, command: click.Command) -> str:
    """``text`` (a library's error) with each parameter it names in backquotes shown as what gives it in
    ``command``: the option or argument of that name (``hle_seeds``: ``--hle-seeds``), else the command's
    :func:`option_names`; a name neither knows loses its backquotes.

    Examples
    --------
    >>> command = click.Command("bound", params=[click.Option(["-p", "--players"]), click.Argument(["deck"])])
    >>> in_options("`players` is required for `deck`, not `timeout`", command)
    '--players is required for DECK, not timeout'
    """
    names = {param.name: _shown(param) for param in command.params if param.name}
    names.update(getattr(command, "option_names", {}))
    return _NAMED.sub(lambda found: names.get(found.group(1), found.group(1)), text)


def _shown(param: click.Parameter) -> str:
    """How the command line writes ``param``: its longest option (``--players`` rather than ``-p``), or its
    argument's name."""
    return max(param.opts, key=len) if isinstance(param, click.Option) else param.human_readable_name


def option_names(**names: str) -> Callable[[click.Command], click.Command]:
    """Decorate a command (above ``@main.command``) with the options that give the library parameters it
    passes under other names: ``@option_names(limits="--exact")``, for :func:`in_options`."""
    def decorate(command: click.Command) -> click.Command:
        command.option_names = names  # type: ignore[attr-defined]
        return command
    return decorate


@contextlib.contextmanager
def usage_errors(*kept: type[Exception]) -> Iterator[None]:
    """Within it, a ``ValueError`` of the library (an :class:`~solitaire.io.errors.InputError` among them) stops
    the running command with a usage error (:func:`usage_error`), the parameters it names shown as the command's
    options (:func:`in_options`); errors of the kinds ``kept`` go on as they are (to :class:`CommandGroup`)."""
    try:
        yield
    except kept:
        raise
    except ValueError as err:
        usage_error(in_options(str(err), click.get_current_context().command))


def interrupt(signum: int, frame: FrameType | None = None) -> None:
    """A stop signal while a command runs: a ``KeyboardInterrupt`` (a ``Terminated`` for SIGTERM and
    SIGHUP), so that it ends keeping its finished rows; a second signal meanwhile stops at once."""
    _HANDLED.set()
    _FIRST[:] = signum, time.monotonic()
    for stop in STOP_SIGNALS:
        signal.signal(stop, _again)
    raise KeyboardInterrupt if signum == signal.SIGINT else Terminated(signum)


#: Set by :func:`_late`: a stop signal came once the command had ended.
_LATE = threading.Event()


def _late(signum: int, frame: FrameType | None) -> None:
    """A stop signal once the command has ended, while click closes it (its pool, its files): no exception, which
    click would meet and print a blank line for; the command then ends as stopped (:class:`CommandGroup`). A second
    signal meanwhile stops at once."""
    _HANDLED.set()
    _LATE.set()
    _FIRST[:] = signum, time.monotonic()
    for stop in STOP_SIGNALS:
        signal.signal(stop, _again)


def _again(signum: int, frame: FrameType | None) -> None:
    """A signal while a stopped command ends: stop at once, unless it repeats the first."""
    _HANDLED.set()
    if signum != _FIRST[0] or time.monotonic() - _FIRST[1] >= REPEAT:
        stop_now(signum, frame)


def unraisable(hook: Any, default: Any = sys.unraisablehook) -> None:
    """``sys.unraisablehook`` while a command runs. A stop signal that came during a callback from C
    (llvmlite's, as numba compiles) or a ``__del__`` cannot stop the command from there: Python
    would print it with a traceback and go on. Instead, send it again a moment later, out of it."""
    signum = stop_signal(hook.exc_value)
    if signum is None:
        default(hook)
        return
    for stop in STOP_SIGNALS:
        signal.signal(stop, interrupt)
    again = threading.Timer(0.02, os.kill, (os.getpid(), signum))
    again.daemon = True
    again.start()


def _stopping() -> None:
    """A stopped command has unwound: collect its garbage once, which closes what only a cycle held (a
    generator left suspended with its worker pool), then spare the interpreter's shutdown its further
    collections, which walk and free every object numba made (0.5 s of processor time once the U3 search
    is loaded, more on a busy machine). The objects left are freed by their counts."""
    gc.collect()
    gc.freeze()


class _Stopped(Exception):
    """A stop by a signal carried past click (its cause), which would print a blank line before the stop's line,
    as it does after the terminal's ``^C`` (Ctrl-C on a terminal is left to click for that line)."""


class CommandGroup(click.Group):
    """The command line's group (module docstring). ``takes_signals``: the process is the command,
    not a program or a test that calls it (the stop signals are then its to handle)."""

    def __init__(self, *args: Any, takes_signals: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.takes_signals = takes_signals

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        if self.takes_signals:  # loaded: from now on a signal lets the command keep its rows
            for signum in STOP_SIGNALS:
                signal.signal(signum, interrupt)
            sys.unraisablehook = unraisable
            watch_interrupts(_HANDLED, _GRACE, stop_now)
        with warnings.catch_warnings():  # every warning one line, those of a stop's collection included
            warnings.showwarning = _warning_line
            self._run(args, prog_name, complete_var, **extra)

    def _run(self, args: Sequence[str] | None, prog_name: str | None, complete_var: str | None,
             **extra: Any) -> NoReturn:
        """:meth:`_main`, a stop signal ending it with one line, after what its collection closes (the warning of a
        row file's kept ``.old``)."""
        try:
            self._main(args, prog_name, complete_var, **extra)
        except BaseException as err:  # a stop signal, bare or wrapped (by a numba-compiled function, an import)
            # or lost: a C extension that takes it during its import may raise its own error instead (numba's:
            # ``ImportError: numba._devicearray failed to import``); after a stop signal, that error is the stop's
            stopped = stop_signal(err) or _FIRST[0]
            late = isinstance(err, SystemExit) and _LATE.is_set()  # a stop while click closed the ended command
            if not late and (isinstance(err, SystemExit) or stopped is None):  # an exit: the interrupt is reported
                raise
            _stopping()
            click.echo(stopped_line(stopped, "Aborted!"), err=True)
            sys.exit(1)
        finally:  # the command has ended, its output written: the interpreter's shutdown (about 0.1 s;
            # it resets a Python handler to the default, which would end it by the signal) ignores them
            for signum in STOP_SIGNALS:
                if signal.getsignal(signum) in (interrupt, _again, _late, stop_now):
                    signal.signal(signum, signal.SIG_IGN)

    def _main(self, args: Sequence[str] | None, prog_name: str | None, complete_var: str | None,
              **extra: Any) -> NoReturn:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NO_ARGUMENTS as err:  # the bare command: its help
            err.show()
            sys.exit(err.exit_code)
        except click.UsageError as err:  # click would print the usage, a hint and the error on four lines
            where = err.ctx.command_path if err.ctx else "hanabi-solitaire"
            hint = getattr(err.ctx.command.callback, ARGUMENT_HINT, None) if err.ctx else None
            said = f"{err.format_message()}; {hint}" if hint and _EXTRA_ARGUMENT.match(err.format_message()) else \
                err.format_message()
            click.echo(f"hanabi-solitaire: error: {said} (see '{where} --help')", err=True)
            sys.exit(2)
        except click.ClickException as err:
            err.show()
            sys.exit(err.exit_code)
        except click.Abort as err:  # click's, from a stop signal
            _stopping()
            click.echo(stopped_line(stop_signal(err), "Aborted!"), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as err:
            command = self.get_command(ctx, ctx.invoked_subcommand or "") or self
            click.echo(f"hanabi-solitaire: error: {in_options(str(err), command)}", err=True)
            ctx.exit(2)
        except MemoryError:  # past every estimate (docs/limits.md): one line, not a traceback
            click.echo("hanabi-solitaire: error: out of memory; give a smaller input (see docs/limits.md)", err=True)
            ctx.exit(2)
        except BrokenPipeError:  # the reader of the output stopped (say, `| head`): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(1)
        except OSError as err:
            where = f"cannot open {err.filename}: " if err.filename else ""
            click.echo(f"hanabi-solitaire: error: {where}{err.strerror or err}", err=True)
            ctx.exit(2)
        except BaseException as err:
            signum = stop_signal(err)
            if isinstance(err, (SystemExit, click.exceptions.Exit)) or signum is None or \
                    signum == signal.SIGINT and sys.stderr.isatty():
                raise
            raise _Stopped from err
        finally:  # from now on click closes the command: a stop signal must not unwind through it
            if self.takes_signals:
                for signum in STOP_SIGNALS:
                    if signal.getsignal(signum) is interrupt:
                        signal.signal(signum, _late)

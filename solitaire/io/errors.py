"""The one error type for bad input, shared by every parser of the toolkit.

Every reader (deck files, play sequences, CNF files, deals) raises :class:`InputError`
with the file, the 1-based line and column, and what was expected. An error in the arguments of
a call names the parameters in backquotes (`` `hle_seeds` ``, as the function calls them); the
command line shows each as the option that gives it (``--hle-seeds``,
:func:`solitaire.io.command.in_options`), in one line on standard error with exit code 2, never a
traceback.
"""

import os

__all__ = ["InputError", "expect_type"]


class InputError(ValueError):
    """Bad input: names where it is and what was expected.

    Parameters
    ----------
    message : str
        What is wrong, phrased as what was expected.
    source : str or path-like, optional
        The file name (``"<string>"`` for text given directly), or the parameter in backquotes;
        ``None``: the message names what is wrong.
    line, column : int, optional
        1-based position of the offending token, when there is one.

    Examples
    --------
    >>> str(InputError("expected an integer value, got 'x'", "a.deck", 3, 5))
    "a.deck:3:5: expected an integer value, got 'x'"
    >>> str(InputError("file is empty", "a.deck"))
    'a.deck: file is empty'
    >>> str(InputError("`lines_dir` needs `limits`", None))
    '`lines_dir` needs `limits`'
    """

    def __init__(self, message: str, source: str | os.PathLike[str] | None = "<string>", line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def __str__(self) -> str:
        if self.source is None:
            return self.message
        where = str(self.source)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"


def expect_type(value: object, kinds: type | tuple[type, ...], parameter: str, expected: str) -> None:
    """Nothing if ``value`` is an instance of ``kinds``; else an :class:`InputError` naming ``parameter``, saying
    what was ``expected`` (and where to get one) and what came instead: a call's wrong argument is refused at the
    door, in one line, not by an ``AttributeError`` from deep inside.

    Examples
    --------
    >>> expect_type("x.deck", int, "instance", "an Instance (read_instance reads one)")
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: `instance`: expected an Instance (read_instance reads one), got str 'x.deck'
    """
    if not isinstance(value, kinds):
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise InputError(f"expected {expected}, got {type(value).__name__} {shown}", f"`{parameter}`")

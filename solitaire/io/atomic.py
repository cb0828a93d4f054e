"""Writing output files whole or not at all.

A command that fails half-way must not leave a truncated file behind: every writer of the
toolkit writes to a temporary file in the target folder and renames it into place. A command
that writes several files writes them all first and renames them only when every one is
written, so a file that cannot be written leaves none of the others behind. The files get
the permissions a new file gets (the umask), or keep those of the file they replace; an
error names the file asked for, not the temporary one. A device or a pipe (``/dev/null``,
``/dev/stdout``) is written in place.

A stop by a signal (Ctrl-C, SIGTERM, SIGHUP) unwinds as an exception and removes the temporary files
too. A stop that cannot unwind (a second signal, or a first one while the main thread is inside a
long compiled call) calls :func:`settle_temporaries`, which removes every temporary file this
process is writing (and the lock files of its row files), or renames it over its target where
what it holds is to be kept (a row file's, :func:`record_temporary`), the file it replaces kept as ``<target>.old``
(:func:`keep_old`): a run stopped before its end loses neither its rows nor those of the file it was replacing.

Folders: a file is written only into a folder that exists (no folder is made for it); a folder of
outputs (:func:`writable_folder`) is made when its parent exists. A refusal is one
:class:`~solitaire.io.errors.InputError` that names the file and, when its folder is missing, the folder.
"""

import contextlib
import errno
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterable, Mapping

from solitaire.io.errors import InputError

__all__ = ["write_text_atomic", "write_texts_atomic", "write_files", "target_mode", "writable_file",
           "writable_folder", "write_refusal", "record_temporary", "forget_temporary", "settle_temporaries", "keep_old",
           "kept_old_message", "rename_over"]

_Path = str | os.PathLike[str]
#: The temporary files this process is writing: each with the path it is renamed to at a stop that
#: cannot unwind, or ``None`` (removed then).
_TEMPORARIES: dict[str, str | None] = {}


def record_temporary(temporary: str, target: str | None) -> None:
    """Record the temporary file ``temporary``: renamed over ``target`` by :func:`settle_temporaries`,
    or removed by it when ``target`` is ``None``."""
    _TEMPORARIES[temporary] = target


def forget_temporary(temporary: str) -> None:
    """Drop ``temporary`` from the record (renamed or removed by its writer)."""
    _TEMPORARIES.pop(temporary, None)


def settle_temporaries() -> list[str]:
    """Rename over its target (the target kept as ``<target>.old``, :func:`keep_old`), or then remove, every
    temporary file recorded (:func:`record_temporary`); for a process about to end with ``os._exit``. Errors are
    ignored: it does what it can. Returns the names of the files kept as ``.old``."""
    kept = []
    for temporary, target in sorted(_TEMPORARIES.items(), key=lambda item: item[1] is None):
        try:
            if target is None:
                os.unlink(temporary)
            else:
                kept.append(rename_over(temporary, target, keep=True))
        except OSError:
            pass
        forget_temporary(temporary)
    return [name for name in kept if name]


def kept_old_message(old: str) -> str:
    """What a command says of the file it kept as ``old`` (:func:`keep_old`)."""
    return (f"{old.removesuffix('.old')}: the run that replaces it stopped before its end; its finished rows are "
            f"there, and the file they replace is kept as {old}")


def rename_over(temporary: str, target: _Path, keep: bool = False) -> str | None:
    """Rename the file ``temporary`` over ``target``, with the permissions ``target`` has (:func:`target_mode`); with
    ``keep``, the file it replaces is kept as ``<target>.old`` (:func:`keep_old`), whose name it returns."""
    old = keep_old(target) if keep else None
    os.chmod(temporary, target_mode(target))
    os.replace(temporary, target)
    return old


def keep_old(path: _Path) -> str | None:
    """Keep the file ``path`` also as ``<path>.old`` (an older ``.old`` replaced), before a file that a run stopped
    before its end renames over it; the name kept, ``None`` where ``path`` is no file."""
    if not os.path.isfile(path):
        return None
    old = f"{path}.old"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(old)
    _second_name(path, old)
    return old


def write_text_atomic(path: str | os.PathLike[str], text: str | Iterable[str]) -> None:
    """Write ``text`` to ``path`` atomically (temporary file, then rename); ``text`` is a string
    or an iterable of strings (written one after the other, so that it need not be held whole)."""
    write_texts_atomic({path: text})


def write_texts_atomic(texts: Mapping[str | os.PathLike[str], str | Iterable[str]]) -> None:
    """Write every ``path: text`` of ``texts``: all of them, or none (each as :func:`write_text_atomic`).

    Raises
    ------
    OSError
        With ``filename`` the path that could not be written; no path of ``texts`` is changed (a path that is a
        folder is refused before any is written).
    """
    texts = {os.fspath(path): text for path, text in texts.items()}
    streams = {path: text for path, text in texts.items() if _is_stream(path)}
    for path in texts:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    written = []
    try:
        for path, text in texts.items():
            if path not in streams:
                written.append((path, _write_temporary(path, text)))
        for path, text in streams.items():
            try:
                with open(path, "w", encoding="utf-8") as handle:
                    _write(handle, text)
            except OSError as err:
                raise OSError(err.errno, err.strerror, path) from None
        _replace_all(written)
    finally:
        for _, tmp in written:
            if os.path.exists(tmp):
                os.unlink(tmp)
            forget_temporary(tmp)


def _replace_all(written: list[tuple[_Path, str]]) -> None:
    """Rename each temporary file of ``written`` (``(path, temporary)``) over its path, all or none: with several, the
    file each rename replaces is kept aside (a hard link, else a copy, beside it) until every rename is done, and when
    one fails those put back and the new files removed, before its error is raised."""
    done: list[tuple[_Path, str | None]] = []  # (path renamed over, the old file kept aside or None: there was none)
    try:
        for path, tmp in written:
            aside = _aside(path) if len(written) > 1 else None
            try:
                os.replace(tmp, path)
            except BaseException:
                _discard(aside)
                raise
            done.append((path, aside))
    except BaseException:
        for path, aside in reversed(done):
            with contextlib.suppress(OSError):  # it does what it can: the error raised is the rename's
                if aside is None:
                    os.unlink(path)
                else:
                    os.replace(aside, path)
        raise
    finally:
        for _, aside in done:
            _discard(aside)


def _aside(path: _Path) -> str | None:
    """A second name beside ``path`` for the file it names (``None`` when there is none)."""
    if not os.path.lexists(path):
        return None
    folder, name = os.path.split(os.path.abspath(path))
    aside = os.path.join(folder, f".old-{secrets.token_hex(8)}-{name}")
    record_temporary(aside, None)
    _second_name(path, aside)
    return aside


def _second_name(path: _Path, name: str) -> None:
    """Give the file ``path`` the second name ``name``: a hard link, else a copy."""
    try:
        os.link(path, name)
    except OSError:  # a file system without hard links
        shutil.copy2(path, name)


def _discard(aside: str | None) -> None:
    """Remove the file kept aside (:func:`_aside`), if any is left."""
    if aside is None:
        return
    if os.path.lexists(aside):
        os.unlink(aside)
    forget_temporary(aside)


def write_files(texts: Mapping[str | os.PathLike[str], str | Iterable[str]]) -> None:
    """:func:`write_texts_atomic`, a file that cannot be written refused as :class:`InputError`
    ``<file>: cannot write the file (<why>)`` (the why naming its folder when that is missing); no file is changed
    then. A reader that went away (:class:`BrokenPipeError`, a pipe given as the file) is not a refusal."""
    try:
        write_texts_atomic(texts)
    except BrokenPipeError:
        raise
    except OSError as err:
        path = err.filename if err.filename is not None else next(iter(texts))
        raise write_refusal(err, path) from None


def write_refusal(err: OSError, path: str | os.PathLike[str]) -> InputError:
    """The :class:`InputError` of the file ``path`` that ``err`` kept from being written: ``cannot write the file
    (<why>)``, the why naming the folder when that is missing, or when it takes no new file beside one that exists
    (``/proc``: a file is written beside its target first) (every writer's refusal)."""
    path = os.fspath(path)
    folder = os.path.dirname(path)
    why = err.strerror or str(err)
    if err.errno == errno.ENOENT and os.path.isfile(path):
        why = f"the new file that replaces it cannot be made in the folder {folder or '.'}: {why}"
    elif folder and not os.path.isdir(folder):
        part = folder  # the nearest part of the path that exists, if any
        while not os.path.lexists(part) and os.path.dirname(part) not in ("", part):
            part = os.path.dirname(part)
        in_the_way = os.path.lexists(part) and not os.path.isdir(part)
        why = f"{part} is a file, not a folder" if in_the_way else f"the folder {folder} does not exist"
    return InputError(f"cannot write the file ({why})", path)


def _write(handle, text):
    """Write a string, or each string of an iterable."""
    for piece in [text] if isinstance(text, str) else text:
        handle.write(piece)


def _is_stream(path):
    """A device or a pipe (say /dev/null): written in place, as renaming a file over it would replace it."""
    return os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)


def _write_temporary(path, text):
    """A temporary file beside ``path`` holding ``text``, with the mode ``path`` will have."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=os.path.basename(path))
    except OSError as err:
        raise OSError(err.errno, err.strerror, path) from None
    record_temporary(tmp, None)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            _write(handle, text)
        os.chmod(tmp, target_mode(path))
    except BaseException as err:
        os.unlink(tmp)
        forget_temporary(tmp)
        if isinstance(err, OSError):
            raise OSError(err.errno, err.strerror, path) from None
        raise
    return tmp


def target_mode(path: str | os.PathLike[str]) -> int:
    """The permissions of the file at ``path``, or those the umask gives a new file."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def writable_file(path: str | os.PathLike[str] | None) -> None:
    """Check, before any work, that a file can be written at ``path`` (a temporary file made and removed beside
    it, as :func:`write_text_atomic` will), or :class:`InputError`; ``None`` and a stream pass."""
    if path is None or _is_stream(os.fspath(path)):
        return
    try:
        temporary = _write_temporary(path, "")
    except OSError as err:
        raise write_refusal(err, path) from None
    os.unlink(temporary)
    forget_temporary(temporary)


def writable_folder(folder: str | os.PathLike[str]) -> None:
    """Create ``folder`` when it is missing but its parent is a folder (no parent is made), and check it can be
    written, or :class:`InputError` (naming a missing parent)."""
    parent = os.path.dirname(os.path.normpath(folder))
    if parent and not os.path.lexists(parent):
        raise InputError(f"cannot write there (the folder {parent} does not exist)", folder)
    try:
        if not os.path.isdir(folder):
            os.mkdir(folder)
    except (FileExistsError, NotADirectoryError):
        raise InputError("cannot write there: a part of the path is a file, not a folder", folder) from None
    except OSError as err:
        raise InputError(f"cannot write there ({err.strerror or err})", folder) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError("cannot write there (permission denied)", folder)

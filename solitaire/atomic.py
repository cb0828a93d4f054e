"""Writing output files whole or not at all.

A command that fails half-way must not leave a truncated file behind: every writer of the
toolkit writes to a temporary file in the target folder and renames it into place.
"""

import os
import tempfile

__all__ = ["write_text_atomic"]


def write_text_atomic(path, text):
    """Write ``text`` to ``path`` atomically (temporary file, then rename)."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=os.path.basename(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise

"""All-or-nothing file output, shared by every command that writes a file (module, reports).

The content goes to a temporary file beside the target, renamed over it only when everything was
written: a failure never leaves a partial file, and an existing file survives a failed run.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterator


@contextmanager
def atomic_write(target: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Open a temporary file beside ``target``; rename it over ``target`` only on success.

    The folder must exist (FileNotFoundError otherwise): a mistyped output path is an error, not
    a new folder."""
    target = Path(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        # mkstemp creates the file 0600; the output is meant to be shared, so give it the
        # permissions an ordinary new file would get (0666 less the umask).
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise

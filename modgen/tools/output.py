"""Writing a tool's report: to stdout, or to a file all at once (nothing partial on failure)."""
from __future__ import annotations

import json
import sys

from ..atomicfile import atomic_write
from ..errors import ModgenError


def emit(text: str | bytes, output: str | None) -> None:
    if output:
        from ..cliutil import output_file
        p = output_file(output)           # its folder must exist; not a directory
        try:
            with atomic_write(p) as f:
                f.write(text.encode("utf-8") if isinstance(text, str) else text)
        except OSError as e:
            raise ModgenError(f"cannot write the report: {e.strerror or e}", file=str(p)) from None
    else:
        sys.stdout.write(text if isinstance(text, str) else text.decode("utf-8"))


def dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def read_module_file(path: str | None):
    """A module (``.vmod`` or a bare ``buildFile.xml``) read with the shared reader, or None."""
    if path is None:
        return None
    from ..cliutil import input_file
    from ..vassal.buildfile import read_module
    return read_module(input_file(path, "VASSAL module"))

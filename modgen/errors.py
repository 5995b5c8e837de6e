"""The project's one error type. Every failure a user can cause ends here, never in a traceback."""
from __future__ import annotations


class ModgenError(Exception):
    """A user-facing error. ``file``/``line``/``field`` locate it when known."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        super().__init__(self.format())

    def with_file(self, file: str | None) -> "ModgenError":
        """Name the file, when the code that raised this did not know it (the reader's bounds
        are checked deep inside; the caller knows which file it was reading)."""
        if file and not self.file:
            self.file = file
            self.args = (self.format(),)
        return self

    def format(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        if self.field:
            where += f"{self.field}: "
        return where + self.message


class ValidationErrors(ModgenError):
    """Many errors reported at once (``modgen validate``)."""

    def __init__(self, errors: list[ModgenError]):
        self.errors = errors
        super().__init__("\n".join(e.format() for e in errors))


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread by the command line's handler. A KeyboardInterrupt, so
    everything that cleans up after Ctrl-C (temporary files, the map worker) does the same."""

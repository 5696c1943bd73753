"""Log lines of bounded size: a client can send a route, a field or a file name of megabytes,
which the log must not copy."""

from __future__ import annotations

import logging

#: The most of a log message (and of each line of a traceback) written: a client can send a
#: route, a field or a file name of megabytes, which the log must not copy.
LOG_CHARS = 400
LOG_TRACEBACK_LINES = 60


def _bounded(text: str) -> str:
    if len(text) <= LOG_CHARS:
        return text
    return f"{text[:LOG_CHARS]}… ({len(text):,} characters in all)"


class BoundedLog(logging.Filter):
    """Cuts every record a handler writes to :data:`LOG_CHARS` characters a line (the
    message, each line of its traceback, at most :data:`LOG_TRACEBACK_LINES` of those)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a message whose arguments do not fit it: logged as given
            message = f"{record.msg!r} {record.args!r}"
        if len(message) > LOG_CHARS or record.args:
            record.msg, record.args = _bounded(message), None
        if record.exc_info and not record.exc_text:
            lines = logging.Formatter().formatException(record.exc_info).splitlines()
            if len(lines) > LOG_TRACEBACK_LINES:
                lines = [lines[0], "  …", *lines[-LOG_TRACEBACK_LINES + 2 :]]
            record.exc_text = "\n".join(_bounded(line) for line in lines)
        if record.stack_info:
            record.stack_info = "\n".join(
                _bounded(line) for line in record.stack_info.splitlines()[-LOG_TRACEBACK_LINES:]
            )
        return True


_BOUNDED = BoundedLog()


def bound_logs() -> None:
    """Put :class:`BoundedLog` on every handler of the root logger and uvicorn's."""
    for name in ("", "uvicorn", "uvicorn.error", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            if _BOUNDED not in handler.filters:
                handler.addFilter(_BOUNDED)

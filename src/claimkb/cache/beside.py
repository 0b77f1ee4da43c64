"""Checks run beside the check, by the process writing the query index (:mod:`.alongside`).

After a large KB is loaded, the check's own process has the longer share of the work: the
checks, then what it writes itself. So the writer first runs the checks that need nothing
the others work out (:data:`claimkb.checks.BESIDE`), hands their findings over, and only
then builds the index. The check runs the other checks meanwhile and takes those findings
when its own are done, placing each check's findings where a single process would have
found them, so the report is the same. It never waits for them: if the writer has not
handed them over by then (a second core busy with something else, a writer that failed),
the check runs those checks itself.

The findings are handed over as the parts are (:mod:`.handover`): a file the two share,
and a pipe the writer says "done" on.
"""

from __future__ import annotations

import marshal
import os
import select
import tempfile
from pathlib import Path
from typing import IO, TYPE_CHECKING, NamedTuple

from .handover import put, taken_back

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kb import KB

__all__ = ["Channel", "FindingsBeside", "open_channel", "hand_over"]

_DONE = b"1"
_NAME = "findings"
"""The one record handed over: every check's findings, in :data:`claimkb.checks.BESIDE`'s
order."""


class Channel(NamedTuple):
    """Made before the fork: the file the findings are handed over in, and the two ends of
    the pipe that says they are there."""

    results: IO[bytes]
    ready: int
    """The check's end."""
    done: int
    """The writer's end."""


def open_channel(directory: Path) -> Channel | None:
    """A :class:`Channel` in the cache directory; None if one cannot be made."""
    try:
        results = tempfile.TemporaryFile(dir=directory, prefix="findings-")
    except OSError:
        return None
    try:
        ready, done = os.pipe()
    except OSError:
        results.close()
        return None
    return Channel(results, ready, done)


def hand_over(kb: KB, channel: Channel) -> None:
    """The writer's end: run the checks of :data:`claimkb.checks.BESIDE`, write their
    findings and say so. Whatever goes wrong, its end of the pipe is closed unsaid, and the
    check runs those checks itself."""
    from ..checks import BESIDE
    from .finding_codec import encode_finding

    try:
        found = [[encode_finding(finding) for finding in check(kb)] for check in BESIDE]
        put(channel.results, _NAME, marshal.dumps(found, 4))
        channel.results.flush()
        os.write(channel.done, _DONE)
    except (OSError, ValueError):
        pass
    finally:
        os.close(channel.done)


class FindingsBeside:
    """The check's end, once the writer is forked (and the writer's end closed here):
    :meth:`take` the findings, if they are there."""

    def __init__(self, channel: Channel) -> None:
        self._results = channel.results
        self._ready = channel.ready
        self._open = True

    def take(self) -> list[list[Finding]] | None:
        """The findings of each check of :data:`claimkb.checks.BESIDE`, in order, if the
        writer has handed them over by now; else None (and they are never taken later)."""
        if not self._open:
            return None
        try:
            readable, _, _ = select.select([self._ready], [], [], 0)
            if not readable or os.read(self._ready, 1) != _DONE:
                return None
            framed = (taken_back(self._results) or {}).get(_NAME)
            if framed is None:
                return None
            from .finding_codec import revive_finding

            return [[revive_finding(data) for data in check] for check in marshal.loads(framed)]
        except (OSError, ValueError, EOFError, TypeError):
            return None
        finally:
            self.close()

    def close(self) -> None:
        """Give up the hand-over (its file and signal), once."""
        if self._open:
            self._open = False
            os.close(self._ready)
            self._results.close()  # (closed already if taken back)

"""Checks run beside the check, by the process writing the query index (:mod:`.alongside`).

After a large KB is loaded, the check's own process has the longer share of the work: the
checks, then what it writes itself. So the writer first runs the checks that need nothing
the others work out (:data:`claimkb.checks.BESIDE`), hands their findings over, and only
then builds the index. The check runs the other checks meanwhile and takes those findings
when its own are done, placing each check's findings where a single process would have
found them, so the report is the same. It never waits for them: if the writer has not
handed them over by then (a second core busy with something else, a writer that failed),
the check runs those checks itself.
"""

from __future__ import annotations

import marshal
import os
import select
import tempfile
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kb import KB

__all__ = ["Given", "open_handover", "hand_over"]

_GIVEN = b"1"


class Given:
    """The check's end of the hand-over: :meth:`take` the findings, if they are there."""

    def __init__(self, results: IO[bytes], ready: int) -> None:
        self._results = results
        self._ready = ready
        self._open = True

    def take(self) -> list[list[Finding]] | None:
        """The findings of each check of :data:`claimkb.checks.BESIDE`, in order, if the
        writer has handed them over by now; else None (and they are never taken later)."""
        if not self._open:
            return None
        try:
            readable, _, _ = select.select([self._ready], [], [], 0)
            if not readable or os.read(self._ready, 1) != _GIVEN:
                return None
            from .finding_codec import revive_finding

            self._results.seek(0)
            found = marshal.loads(self._results.read())
            return [[revive_finding(data) for data in check] for check in found]
        except (OSError, ValueError, EOFError, TypeError):
            return None
        finally:
            self.close()

    def close(self) -> None:
        """Give up the hand-over (its file and signal), once."""
        if self._open:
            self._open = False
            os.close(self._ready)
            self._results.close()


def open_handover(directory: Path) -> tuple[IO[bytes], int, int] | None:
    """(the file the findings are handed over in, the check's end of the signal, the
    writer's end), made before the fork; None if they cannot be made."""
    try:
        results = tempfile.TemporaryFile(dir=directory, prefix="findings-")
    except OSError:
        return None
    try:
        ready, given = os.pipe()
    except OSError:
        results.close()
        return None
    return results, ready, given


def hand_over(kb: KB, results: IO[bytes], given: int) -> None:
    """The writer's end: run the checks of :data:`claimkb.checks.BESIDE`, write their
    findings and say so. Whatever goes wrong, the signal's end is closed unsaid, and the
    check runs those checks itself."""
    from ..checks import BESIDE
    from .finding_codec import encode_finding

    try:
        found = [[encode_finding(finding) for finding in check(kb)] for check in BESIDE]
        results.write(marshal.dumps(found, 4))
        results.flush()
        os.write(given, _GIVEN)
    except (OSError, ValueError):
        pass
    finally:
        os.close(given)

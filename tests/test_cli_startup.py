"""``claimkb --help`` and ``--version`` import nothing heavy (a structural test, not a timing
test: the benchmark in bench/run.py times them against a bare typer app)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("pydantic", "rapidfuzz", "pint", "yaml", "claimkb.model", "claimkb.store")

PROBE = """
import sys
sys.argv = ["claimkb", *sys.argv[1:]]
from claimkb.cli import main
try:
    main()
except SystemExit:
    pass
heavy = {heavy!r}
print("LOADED:", sorted(m for m in heavy if m in sys.modules))
"""


@pytest.mark.parametrize("args", [["--help"], ["--version"], []])
def test_help_and_version_import_nothing_heavy(args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "LOADED: []" in result.stdout, result.stdout + result.stderr

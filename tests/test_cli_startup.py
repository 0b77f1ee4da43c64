"""``claimkb --help`` and ``--version`` import nothing heavy (a structural test, not a timing
test: the benchmark in bench/run.py times them against a bare typer app)."""

from __future__ import annotations

import os
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
        env={**os.environ, "CLAIMKB_DEBUG": "1"},  # exit through SystemExit, not os._exit
    )
    assert "LOADED: []" in result.stdout, result.stdout + result.stderr


def test_main_flushes_and_exits_with_the_command_code(tmp_path: object) -> None:
    """Without CLAIMKB_DEBUG the process ends with os._exit: output and code must survive."""
    probe = "from claimkb.cli import main; main()"
    env = {k: v for k, v in os.environ.items() if k != "CLAIMKB_DEBUG"}
    version = subprocess.run(
        [sys.executable, "-c", probe, "--version"], capture_output=True, text=True, env=env
    )
    assert (version.returncode, version.stdout) == (0, "claimkb 0.1.0\n")
    missing = subprocess.run(
        [sys.executable, "-c", probe, "check", "--root", str(tmp_path) + "/absent"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert missing.returncode == 2 and "no such directory" in missing.stderr

"""Shared test helpers: an in-process CLI runner with a pinned, colourless console."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer.testing
from typer.testing import CliRunner, Result

from claimkb.cli import app

# typer rebuilds the click command from the function signatures on every invoke (~50 ms);
# the command is the same for every test, so build it once.
if hasattr(typer.testing, "_get_command"):
    typer.testing._get_command = functools.cache(typer.testing._get_command)

PROJECT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = PROJECT.parent / "shared"
"""The published specifications and the seed articles, beside the project (CI always has them;
``.ci/run`` stops when they are missing)."""


def shared(path: Path) -> Path:
    """``path`` under :data:`SHARED`, or skip the test that needs it when it is not there."""
    if not path.exists():
        pytest.skip(f"{path} is not beside the project (see .ci/run)")
    return path


def generated_kb(root: Path, layout: str = "per-source", claims: int = 600) -> Path:
    """A synthetic KB of about ``claims`` claims from the benchmark's generator
    (``bench/generate.py``: floats, Chinese text, triage), written to ``root``."""
    import sys

    sys.path.insert(0, str(PROJECT / "bench"))
    try:
        from generate import generate  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(PROJECT / "bench"))
    generate(claims, layout, root)
    return root


Invoke = Callable[..., Result]


@pytest.fixture(autouse=True)
def _stable_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pin rich's width and switch colour off so rendered output is byte-stable."""
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("CLAIMKB_DEBUG", raising=False)
    monkeypatch.delenv("CLAIMKB_SNAPSHOT_DIRS", raising=False)  # each test names its own


@pytest.fixture(autouse=True)
def _private_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """Every test gets its own, empty cache directory: nothing is read from or written to the
    user's cache, and no test sees another's cache."""
    directory = tmp_path_factory.mktemp("claimkb-cache")
    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(directory))
    monkeypatch.delenv("CLAIMKB_NO_CACHE", raising=False)
    return directory


@pytest.fixture
def cli() -> Invoke:
    """Run ``claimkb`` in-process: ``cli("check", "--root", path)``; stderr kept apart."""
    runner = CliRunner()

    def invoke(*args: str | os.PathLike[str], cwd: Path | None = None) -> Result:
        argv = [str(a) for a in args]
        if cwd is None:
            return runner.invoke(app, argv, catch_exceptions=False)
        previous = Path.cwd()
        os.chdir(cwd)
        try:
            return runner.invoke(app, argv, catch_exceptions=False)
        finally:
            os.chdir(previous)

    return invoke


def python_run(
    script: str, *arguments: str, cache: Path | str, **env: str
) -> subprocess.CompletedProcess[str]:
    """``python -c SCRIPT ARGUMENTS`` in a process of its own, with ``cache`` as claimkb's
    cache directory, caching on unless ``env`` turns it off, and ``env`` set: for what only
    a fresh process shows (the command line's start and end, what it keeps between runs)."""
    environment = {**os.environ, "CLAIMKB_CACHE_DIR": str(cache), **env}
    if "CLAIMKB_NO_CACHE" not in env:
        environment.pop("CLAIMKB_NO_CACHE", None)
    return subprocess.run(
        [sys.executable, "-c", script, *arguments],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


CLI = "import sys; from claimkb.cli import main; sys.argv[0] = 'claimkb'; main()"
"""``python -c CLI ARGUMENTS``: the command line, as the installed ``claimkb`` runs it."""


def cli_run(*arguments: str, cache: Path | str, **env: str) -> subprocess.CompletedProcess[str]:
    """``claimkb ARGUMENTS`` in a process of its own, as :func:`python_run` runs a script."""
    return python_run(CLI, *arguments, cache=cache, **env)


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write ``{relative path: text or bytes}`` under ``root`` and return ``root``."""
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def forbid_loading(monkeypatch: pytest.MonkeyPatch, what_answers: str) -> None:
    """Make loading a KB fail the test: ``what_answers`` is what should answer instead."""
    from claimkb import store

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError(f"the KB was loaded: {what_answers} should answer")

    monkeypatch.setattr(store, "load", refuse)

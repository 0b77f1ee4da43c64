"""A corpus of broken and hostile input: every case yields exactly its located findings, the
right exit code, no traceback, in bounded time and memory.

Each folder under fixtures/broken/ (except ``_base``) is one case. Its files are laid over a
copy of ``_base`` (a small clean KB) in a temporary directory, the ``setup`` steps of its
expect.yaml create what cannot be committed (symbolic links, permissions, pipes, a 50 MB file),
and the check must report exactly::

    # what the case is
    setup: [[symlink-loop, claims/b.yaml]]   # optional, see SETUP below
    exit_code: 1
    findings:                                # every open finding: code, file, line
      - [CKB101, claims/b.yaml, 7]
    message: "part of the first finding's message"   # optional: says what to do
"""

from __future__ import annotations

import os
import shutil
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import claimkb
from conftest import FIXTURES, Invoke

BROKEN = FIXTURES / "broken"
CASES = sorted(p for p in BROKEN.iterdir() if p.is_dir() and not p.name.startswith("_"))

MAX_SECONDS = 20.0
"""Generous: a case takes milliseconds; this only catches a hang or a quadratic blow-up."""
MAX_TRACED_BYTES = 64 * 1024 * 1024
"""Peak Python allocation while loading and checking; the 50 MB file must not be read in."""


SECRETS = ("a private text outside the KB", "c2VjcmV0", "root:x:0:0")
"""Text of files outside the KB (or in its .git) that no output may ever show."""


def _outside(root: Path) -> Path:
    outside = root.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.yaml").write_text(
        "source: news-a\nclaims: []\n# a file outside the KB\n", encoding="utf-8"
    )
    (outside / "secret.txt").write_text("a private text outside the KB\n", encoding="utf-8")
    return outside


def _unreadable(root: Path, rel: str) -> None:
    path = root / rel
    path.chmod(0)
    if os.access(path, os.R_OK):  # root (or a capability) reads it anyway
        path.chmod(0o644)
        pytest.skip("file permissions do not apply to this user (running as root?)")


def _symlinked_directory(root: Path, rel: str) -> None:
    outside = _outside(root)
    shutil.copytree(root / rel, outside / rel, dirs_exist_ok=True)
    shutil.rmtree(root / rel)
    (root / rel).symlink_to(outside / rel, target_is_directory=True)


def _big_file(root: Path, rel: str) -> None:
    chunk = ("  - {id: x, subject: y}\n" * 4096).encode()
    with (root / rel).open("wb") as handle:
        handle.write(b"claims:\n")
        for _ in range(50 * 1024 * 1024 // len(chunk) + 1):
            handle.write(chunk)


def _sparse_3gb(root: Path, rel: str) -> None:
    with (root / rel).open("wb") as handle:
        handle.truncate(3 * 1024**3)  # sparse: costs no disk, and must not be read


def _long_archive(root: Path, rel: str) -> None:
    line = ("Filler text of an archived page, repeated to make it long. " * 4 + "\n").encode()
    with (root / rel).open("wb") as handle:
        for _ in range(60 * 1024 * 1024 // len(line) + 1):
            handle.write(line)
        handle.write(b"The last line of a long archive says Model X ships on Nov 4.\n")


def _long_missing_quote(root: Path, rel: str) -> None:
    words = [f"word{i % 997}x{i % 13}" for i in range(120_000)]
    (root / "snapshots").mkdir(exist_ok=True)
    (root / "snapshots" / "article.txt").write_text(" ".join(words)[:1_000_000], "utf-8")
    quote = ("Nov 4 " + " ".join(f"other{i % 89}y{i % 7}" for i in range(900)))[:10_000]
    (root / rel).write_text(
        "source: archived\nclaims:\n  - id: q1\n    subject: Model X\n"
        "    property: release-date\n    value: Nov 4\n"
        f'    quote: "{quote}"\n    status: unchecked\n',
        "utf-8",
    )


SETUP: dict[str, Callable[[Path, str], Any]] = {
    "mkdir": lambda root, rel: (root / rel).mkdir(parents=True),
    "unreadable": _unreadable,
    "symlink-loop": lambda root, rel: (root / rel).symlink_to((root / rel).name),
    "symlink-dangling": lambda root, rel: (root / rel).symlink_to(root / "nowhere.yaml"),
    "symlink-outside": lambda root, rel: (root / rel).symlink_to(_outside(root) / "secret.yaml"),
    "symlink-outside-text": lambda root, rel: (root / rel).symlink_to(
        _outside(root) / "secret.txt"
    ),
    "symlinked-directory": _symlinked_directory,
    "fifo": lambda root, rel: os.mkfifo(root / rel),
    "big-file": _big_file,
    "git-credentials": lambda root, rel: (root / rel).write_text(
        "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n", "utf-8"
    ),
    "sparse-3gb": _sparse_3gb,
    "long-archive": _long_archive,
    "long-missing-quote": _long_missing_quote,
}


def build(case: Path, tmp_path: Path) -> Path:
    """Lay the case over a copy of the base KB and run its setup steps; returns the root."""
    root = tmp_path / "kb"
    shutil.copytree(BROKEN / "_base", root)
    for path in sorted(case.rglob("*")):
        rel = path.relative_to(case)
        if path.is_dir() or rel.as_posix() == "expect.yaml":
            continue
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, root / rel)
    for step, rel in expectation(case).get("setup") or []:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        SETUP[step](root, rel)
    return root


def expectation(case: Path) -> dict[str, Any]:
    return yaml.safe_load((case / "expect.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module", autouse=True)
def _imported() -> None:
    """Import and warm up everything before tracemalloc watches: the bounds are about the
    input, not about importing pydantic."""
    claimkb.check(BROKEN / "_base")


def test_the_corpus_has_at_least_forty_cases() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_broken_input_is_reported_exactly_and_calmly(
    case: Path, tmp_path: Path, cli: Invoke
) -> None:
    expected = expectation(case)
    root = build(case, tmp_path)

    tracemalloc.start()
    started = time.perf_counter()
    try:
        report = claimkb.check(root)
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    found = sorted([f.code, f.file, f.line] for f in report.open_findings)
    assert found == sorted(expected.get("findings") or [])
    if "message" in expected:
        first = min(report.open_findings, key=lambda f: f.sort_key())
        assert expected["message"] in first.message
    assert elapsed < MAX_SECONDS
    assert peak < MAX_TRACED_BYTES

    for args in (("check",), ("claims", "--json")):
        result = cli(*args, "--root", root)
        assert "Traceback" not in result.stdout + result.stderr
        for secret in SECRETS:  # nothing the KB is not entitled to is ever revealed
            assert secret not in result.stdout + result.stderr
        assert "internal error" not in result.stderr
        if args[0] == "check":
            assert result.exit_code == expected["exit_code"], result.stdout
        else:
            assert result.exit_code == 0, result.stderr

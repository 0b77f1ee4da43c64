"""Helpers of the authoring tests: a copy of the bundled corpus, and its findings compared the
way "the KB still checks as before" means (every finding but the line it is on, which an edit
above it moves). The tests here check the helpers themselves on the untouched copy."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import claimkb
from claimkb.kb import KB
from conftest import PROJECT, SHARED, shared

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "authoring"
DEEPSEEK = FIXTURE / "deepseek" / "snapshots"

Finding = tuple[str, str | None, tuple[str, ...], str, str | None]


def seeds() -> Path:
    return shared(SHARED / "seeds")


def corpus_copy(tmp_path: Path) -> Path:
    """claims/, sources/ and pyproject.toml of the bundled corpus, in ``tmp_path/kb``."""
    root = tmp_path / "kb"
    root.mkdir()
    for name in ("claims", "sources"):
        shutil.copytree(PROJECT / name, root / name)
    shutil.copy(PROJECT / "pyproject.toml", root / "pyproject.toml")
    return root


def load(root: Path, *dirs: Path) -> KB:
    return claimkb.load(root, snapshot_dirs=[seeds(), *dirs])


def findings(root: Path, *dirs: Path) -> Counter[Finding]:
    """Every finding of the KB at ``root``, without its line."""
    report = claimkb.check(load(root, *dirs))
    return Counter((f.code, f.file, f.claims, f.message, f.triaged_by) for f in report.findings)


def files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_the_corpus_copy_checks_clean(tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    found = findings(root)
    assert [f for f in found if f[4] is None] == []  # nothing untriaged
    assert sum(found.values()) >= 40  # the corpus's triaged discrepancies


def test_findings_ignore_lines_only(tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    before = findings(root)
    registry = root / "claims" / "registry.yaml"
    registry.write_text(
        "# a comment that moves every line\n" + registry.read_text("utf-8"), "utf-8"
    )
    assert findings(root) == before

"""Confinement: claimkb reads the KB root's claims/ and sources/, its configuration and the
snapshot directories the configuration names - nothing else, whatever symbolic links or paths
the data contains. Every file opened or directory listed is recorded through a Python audit
hook while the KB is checked and queried."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb import files
from claimkb.files import FileProblem, read_text
from conftest import FIXTURES, Invoke, write_tree

_RECORDING: list[list[str]] = []


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if _RECORDING and event in ("open", "os.listdir", "os.scandir") and args:
        path = args[0]
        if isinstance(path, str | bytes | os.PathLike):
            _RECORDING[-1].append(os.fsdecode(path))


sys.addaudithook(_hook)  # audit hooks cannot be removed; it records only inside touched()


@contextmanager
def touched() -> Iterator[list[str]]:
    """Record the paths opened or listed inside the block."""
    paths: list[str] = []
    _RECORDING.append(paths)
    try:
        yield paths
    finally:
        _RECORDING.pop()


def _hostile_kb(tmp_path: Path) -> tuple[Path, Path]:
    """A KB whose data points outside its root in every way it can, and the outside dir."""
    outside = tmp_path / "outside"
    write_tree(
        outside,
        {
            "secret.yaml": "source: news-a\nclaims: []\n",
            "secret.txt": "Model X has 104 billion parameters.\n",
            "more/extra.yaml": "entities: []\n",
            "claimkb.toml": 'snapshot_dirs = ["."]\n',
        },
    )
    root = tmp_path / "kb"
    base = FIXTURES / "broken" / "_base"
    write_tree(root, {str(p.relative_to(base)): p.read_bytes() for p in base.rglob("*.yaml")})
    write_tree(
        root,
        {
            "sources/absolute.yaml": _source("absolute", outside / "secret.txt"),
            "sources/dotdot.yaml": _source("dotdot", "../../outside/secret.txt"),
            "sources/linked.yaml": _source("linked", "link.txt"),
            "snapshots/.keep": "",
        },
    )
    (root / "claims" / "link.yaml").symlink_to(outside / "secret.yaml")
    (root / "claims" / "more").symlink_to(outside / "more", target_is_directory=True)
    (root / "snapshots" / "link.txt").symlink_to(outside / "secret.txt")
    return root, outside


def _source(source_id: str, snapshot: object) -> str:
    return (
        f"id: {source_id}\ntitle: t\npublisher: p\ndate: '2026-11-05'\nlanguage: en\n"
        f"kind: news\nsnapshot: {snapshot}\n"
    )


def _inside(paths: list[str], *allowed: Path) -> list[str]:
    """The recorded paths that lie in the test's directory but outside every allowed one."""
    test_dir = allowed[0].parent
    escaped = []
    for path in paths:
        resolved = Path(path).resolve()
        if resolved.is_relative_to(test_dir.resolve()) and not any(
            resolved.is_relative_to(a.resolve()) for a in allowed
        ):
            escaped.append(path)
    return escaped


def test_nothing_outside_the_root_is_read_whatever_the_data_says(
    tmp_path: Path, cli: Invoke
) -> None:
    root, outside = _hostile_kb(tmp_path)
    claimkb.check(FIXTURES / "broken" / "_base")  # import everything before recording
    with touched() as paths:
        report = claimkb.check(root)
        for command in ("check", "claims", "sources", "timeline", "conflicts"):
            cli(command, "--root", root, "--json")
    assert _inside(paths, root) == []
    assert any(p.endswith("news-a.yaml") for p in paths)  # the hook does record reads
    assert sorted((f.code, f.file, f.line) for f in report.open_findings) == [
        ("CKB104", "claims/link.yaml", 1),
        ("CKB303", "sources/absolute.yaml", 7),
        ("CKB303", "sources/dotdot.yaml", 7),
        ("CKB303", "sources/linked.yaml", 7),
    ]


def test_a_section_directory_linked_out_of_the_root_is_not_even_listed(tmp_path: Path) -> None:
    root, outside = _hostile_kb(tmp_path)
    (outside / "sources").mkdir()
    for path in (root / "sources").iterdir():
        path.rename(outside / "sources" / path.name)
    (root / "sources").rmdir()
    (root / "sources").symlink_to(outside / "sources", target_is_directory=True)
    with touched() as paths:
        report = claimkb.check(root)
    assert _inside(paths, root) == []
    [finding] = [f for f in report.open_findings if f.file == "sources"]
    assert (finding.code, finding.line) == ("CKB104", 1)
    assert "leads outside the knowledge base root" in finding.message


def _archived_kb(tmp_path: Path, config: str) -> Path:
    root, _ = _hostile_kb(tmp_path)
    for name in ("absolute", "dotdot", "linked"):
        (root / "sources" / f"{name}.yaml").unlink()
    write_tree(
        root,
        {
            "claimkb.toml": config,
            "sources/archived.yaml": _source("archived", "article.txt"),
            "claims/archived.yaml": "source: archived\nclaims:\n  - id: q1\n    subject: Model X\n"
            "    property: release-date\n    value: Nov 4\n"
            '    quote: "Model X ships on Nov 4."\n    status: unchecked\n',
        },
    )
    write_tree(tmp_path / "texts", {"article.txt": "Model X has 104 billion parameters.\n"})
    return root


def test_a_snapshot_directory_outside_the_kb_is_named_by_the_runner(
    tmp_path: Path, cli: Invoke
) -> None:
    root = _archived_kb(tmp_path, "")
    with touched() as paths:
        report = claimkb.check(root, snapshot_dirs=[tmp_path / "texts"])
        result = cli("check", "--root", root, "--snapshot-dir", tmp_path / "texts", "--json")
    assert _inside(paths, root, tmp_path / "texts") == []
    assert any(p.endswith("article.txt") for p in paths)
    assert [(f.code, f.file, f.line) for f in report.open_findings] == [
        ("CKB301", "claims/archived.yaml", 7),
        ("CKB104", "claims/link.yaml", 1),
    ]
    assert [f["code"] for f in json.loads(result.stdout)["findings"]] == ["CKB301", "CKB104"]


@pytest.mark.parametrize(
    "entry",
    ["../texts", "/etc", "~", "C:\\\\x", ".git", "snapshots/../../texts", "sub/.hidden"],
)
def test_the_configuration_cannot_name_a_directory_outside_the_kb(
    tmp_path: Path, entry: str
) -> None:
    root = _archived_kb(tmp_path, f"snapshot_dirs = ['snapshots', '{entry}']\n")
    with touched() as paths:
        report = claimkb.check(root)
    assert _inside(paths, root) == []
    found = [(f.code, f.file, f.line) for f in report.open_findings]
    assert found == [
        ("CKB001", "claimkb.toml", 1),
        ("CKB104", "claims/link.yaml", 1),
        ("CKB302", "sources/archived.yaml", 7),
    ]
    assert f"snapshot_dirs entry {entry!r}" in report.open_findings[0].message
    assert "--snapshot-dir" in report.open_findings[0].message or "hidden" in (
        report.open_findings[0].message
    )


def test_root_discovery_reads_nothing_above_the_root(tmp_path: Path, cli: Invoke) -> None:
    parent = tmp_path / "project"
    root = parent / "kb"
    base = FIXTURES / "broken" / "_base"
    write_tree(root, {str(p.relative_to(base)): p.read_bytes() for p in base.rglob("*.yaml")})
    write_tree(
        parent,
        {
            "claimkb.toml": "max_file_bytes = 1\n",  # would refuse every file if it were read
            "claims/decoy.yaml": "claims: [\n",
            "sources/decoy.yaml": "not: a source\n",
        },
    )
    (root / "claims" / "deep" / "er").mkdir(parents=True)
    with touched() as paths:
        result = cli("check", "--json", cwd=root / "claims" / "deep" / "er")
    assert result.exit_code == 0, result.stdout
    assert _inside(paths, root) == []
    # --root names the root exactly, even inside another KB
    assert cli("check", "--root", root).exit_code == 0
    assert cli("check", "--root", parent).exit_code == 1


def test_a_directory_link_inside_claims_is_not_followed(tmp_path: Path) -> None:
    root, _ = _hostile_kb(tmp_path)
    kb = claimkb.load(root)
    assert "claims/more/extra.yaml" not in kb.files
    assert sorted(kb.files) == [
        "claims/link.yaml",
        "claims/news-a.yaml",
        "claims/registry.yaml",
        "sources/absolute.yaml",
        "sources/dotdot.yaml",
        "sources/linked.yaml",
        "sources/news-a.yaml",
    ]


def test_permission_denied_is_a_located_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The unreadable-permissions case of the broken corpus is skipped as root; the same path
    through read_text is exercised here by refusing the open itself."""
    path = tmp_path / "claims" / "a.yaml"
    write_tree(tmp_path, {"claims/a.yaml": "claims: []\n"})

    def refuse(file: Any, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(file))

    monkeypatch.setattr(files, "open", refuse, raising=False)  # read_text's open
    with pytest.raises(FileProblem, match="^permission denied: the file cannot be read"):
        read_text(path, tmp_path, 1000)


def test_a_directory_that_cannot_be_listed_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root, permissions cannot hide a directory; refusing the listing does the same."""
    root = tmp_path / "kb"
    write_tree(root, {"claims/private/a.yaml": "claims: []\n", "sources/.keep": ""})
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(os.fsdecode(path)).name == "private":
            raise PermissionError(13, "Permission denied", os.fsdecode(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    report = claimkb.check(root)
    assert [(f.code, f.file, f.line, f.message) for f in report.open_findings] == [
        (
            "CKB104",
            "claims/private",
            1,
            "a directory that cannot be listed, so its files were not read",
        )
    ]


def test_a_snapshot_directory_linked_out_of_the_kb_is_not_read(tmp_path: Path) -> None:
    root = _archived_kb(tmp_path, "")
    shutil.rmtree(root / "snapshots")
    (root / "snapshots").symlink_to(tmp_path / "texts", target_is_directory=True)
    with touched() as paths:
        report = claimkb.check(root)
    assert _inside(paths, root) == []
    found = [(f.code, f.file, f.line) for f in report.open_findings]
    assert ("CKB001", "snapshots", 1) in found and ("CKB302", "sources/archived.yaml", 7) in found
    [config] = [f for f in report.open_findings if f.code == "CKB001"]
    assert "leads outside the KB root through a symbolic link" in config.message


def test_a_hidden_snapshot_name_is_refused_even_inside_the_kb(tmp_path: Path) -> None:
    """``snapshot_dirs = ["."]`` with ``snapshot: .git/config`` printed a checkout's token."""
    root = _archived_kb(tmp_path, "snapshot_dirs = ['.']\n")
    write_tree(root, {".git/config": "[http]\n  extraheader = AUTHORIZATION: basic c2VjcmV0\n"})
    (root / "sources" / "archived.yaml").write_text(
        _source("archived", ".git/config"), encoding="utf-8"
    )
    with touched() as paths:
        report = claimkb.check(root)
    assert not any(".git" in p for p in paths)
    [refused] = [f for f in report.open_findings if f.code == "CKB303"]
    assert "hidden file or directory" in refused.message
    assert all("c2VjcmV0" not in f.message for f in report.findings)


def test_an_unreadable_snapshot_directory_is_a_located_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root, permissions cannot be taken away: refuse the stat itself, as the kernel would
    for a directory without search permission."""
    import claimkb.snapshot_location as location

    root = _archived_kb(tmp_path, "")
    write_tree(root, {"snapshots/article.txt": "Model X has 104 billion parameters.\n"})
    real_stat, real_lstat = os.stat, os.lstat

    def refusing(real: Any) -> Any:
        def refuse(path: Any, *args: Any, **kwargs: Any) -> Any:
            if str(path).endswith("article.txt"):
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *args, **kwargs)

        return refuse

    monkeypatch.setattr(location.os, "stat", refusing(real_stat))  # both, as the kernel does
    monkeypatch.setattr(location.os, "lstat", refusing(real_lstat))
    report = claimkb.check(root)
    [refused] = [f for f in report.open_findings if f.code == "CKB303"]
    assert (refused.file, refused.line) == ("sources/archived.yaml", 7)
    assert "cannot be resolved (Permission denied)" in refused.message


@pytest.mark.parametrize(
    ("written", "limit", "outcome"),
    [
        ("claims: []\n", 1000, "claims: []\n"),
        ("claims: []\n" + "# more\n" * 20, 1000, "claims: []\n" + "# more\n" * 20),
        ("claims: []\n" + "# more\n" * 20, 40, "over the limit of 40"),
    ],
    ids=["as-stated", "grown-after-stat", "grown-past-the-limit"],
)
def test_a_file_is_read_whole_whatever_its_stat_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str, limit: int, outcome: str
) -> None:
    """read_text reads as much as the file's stat says and, when the file holds more (it
    grew after the stat), the rest up to the limit: never a part of the file, never past it."""
    path = tmp_path / "claims" / "a.yaml"
    write_tree(tmp_path, {"claims/a.yaml": written})
    real = os.lstat

    def smaller(target: Any, *args: Any, **kwargs: Any) -> Any:
        found = real(target, *args, **kwargs)
        if Path(target) != path:
            return found
        fields = list(found)
        fields[6] = 11  # st_size: the file as it was (one line) when it was looked at
        return os.stat_result(fields)

    monkeypatch.setattr(os, "lstat", smaller)
    if outcome.startswith("over"):
        with pytest.raises(FileProblem, match=outcome):
            read_text(path, tmp_path, limit)
    else:
        assert read_text(path, tmp_path, limit) == outcome

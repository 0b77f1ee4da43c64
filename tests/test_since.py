"""``claimkb check --since REV`` in a real git repository made in a temporary directory."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import claimkb
from claimkb.since import changes_since
from conftest import Invoke
from kbs import NEWS_C_CLAIMS, NEWS_C_SOURCE, conflict_kb, copy_fixture, triaged_kb

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture(autouse=True)
def _own_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run git on the temporary repository even when the tests run inside a git hook."""
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CEILING_DIRECTORIES"):
        monkeypatch.delenv(name, raising=False)


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=claimkb tests",
            "-c",
            "user.email=tests@example.org",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def commit_all(root: Path, message: str = "snapshot") -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    return git(root, "rev-parse", "HEAD").strip()


def repo_with(root: Path) -> Path:
    git(root, "init", "-q")
    commit_all(root, "initial")
    return root


def codes(report: claimkb.Report) -> list[tuple[str, str | None, int | None]]:
    return [(f.code, f.file, f.line) for f in report.findings]


def test_nothing_changed_shows_nothing_and_passes(cli: Invoke, tmp_path: Path) -> None:
    root = repo_with(conflict_kb(tmp_path / "kb"))
    assert cli("check", "--root", root).exit_code == 1
    result = cli("check", "--root", root, "--since", "HEAD")
    assert result.exit_code == 0
    assert result.stdout == (
        "5 files, 2 sources, 2 claims: 0 errors, 0 warnings, 0 info, 0 triaged"
        "; 2 quotes not checked against a snapshot\n"
    )
    assert result.stderr == (
        "claimkb: --since HEAD: 0 changed file(s), 0 claim(s) involved; 0 of 2 finding(s) "
        "shown (run without --since for the full check)\n"
    )


def test_new_untracked_claim_brings_its_conflict(cli: Invoke, tmp_path: Path) -> None:
    root = repo_with(copy_fixture("valid/minimal", tmp_path / "kb"))
    # a pre-existing, committed problem in an unrelated file stays out of --since
    (root / "claims" / "old.yaml").write_text("claims: 3\n", encoding="utf-8")
    commit_all(root)
    (root / "sources" / "news-c.yaml").write_text(NEWS_C_SOURCE, encoding="utf-8")
    (root / "claims" / "news-c.yaml").write_text(NEWS_C_CLAIMS, encoding="utf-8")
    full = claimkb.check(root)
    assert ("CKB203", "claims/old.yaml", 1) in codes(full)
    result = cli("check", "--root", root, "--since", "HEAD", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [(f["code"], f["file"], f["line"], f["claims"]) for f in data["findings"]] == [
        # located at the new claim, where the change is (the full check puts it at news-a)
        ("CKB401", "claims/news-c.yaml", 6, ["a-params", "b-params", "c-params"]),
    ]
    assert data["since"] == {
        "rev": "HEAD",
        "commit": git(root, "rev-parse", "HEAD").strip(),
        "files": ["claims/news-c.yaml", "sources/news-c.yaml"],
    }
    assert data["summary"]["error"] == 1


def test_only_the_edited_claim_of_a_file_is_involved(tmp_path: Path) -> None:
    root = repo_with(conflict_kb(tmp_path / "kb"))
    path = root / "claims" / "news-a.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "    note: checked\n", encoding="utf-8")
    changes = changes_since(claimkb.load(root), "HEAD")
    assert changes.files == {"claims/news-a.yaml"}
    # a-params changed; b-params is its rival, so the conflict and b's status are involved
    assert changes.claims == {"a-params", "b-params"}


def test_files_outside_the_kb_are_not_counted(tmp_path: Path) -> None:
    """A README, a workflow or code beside the KB in the same repository is no KB change."""
    root = repo_with(conflict_kb(tmp_path / "kb"))
    (root / "README.md").write_text("# notes\n", encoding="utf-8")
    (root / ".github").mkdir()
    (root / ".github" / "claims.yml").write_text("on: push\n", encoding="utf-8")
    path = root / "claims" / "news-a.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "    note: checked\n", encoding="utf-8")
    changes = changes_since(claimkb.load(root), "HEAD")
    assert changes.files == {"claims/news-a.yaml"}


def test_a_changed_snapshot_is_a_kb_file_and_involves_its_source(tmp_path: Path) -> None:
    root = conflict_kb(tmp_path / "kb")
    (root / "snapshots").mkdir()
    (root / "snapshots" / "a.txt").write_text("Model X has 104 billion parameters.\n", "utf-8")
    (root / "snapshots" / "unused.txt").write_text("no source names this\n", "utf-8")
    source = root / "sources" / "news-a.yaml"
    source.write_text(source.read_text("utf-8") + "snapshot: a.txt\n", "utf-8")
    repo_with(root)
    (root / "snapshots" / "a.txt").write_text("Model X has 105 billion parameters.\n", "utf-8")
    (root / "snapshots" / "unused.txt").write_text("still unused\n", "utf-8")
    changes = changes_since(claimkb.load(root), "HEAD")
    assert changes.files == {"snapshots/a.txt"}
    assert "a-params" in changes.claims


def test_moving_a_claim_between_files_changes_nothing(tmp_path: Path) -> None:
    root = repo_with(conflict_kb(tmp_path / "kb"))
    text = (root / "claims" / "news-b.yaml").read_text(encoding="utf-8")
    (root / "claims" / "news-b.yaml").unlink()
    (root / "claims" / "moved").mkdir()
    (root / "claims" / "moved" / "b.yaml").write_text(text, encoding="utf-8")
    changes = changes_since(claimkb.load(root), "HEAD")
    assert changes.files == {"claims/moved/b.yaml", "claims/news-b.yaml"}
    assert changes.claims == set()
    assert changes.filter(claimkb.check(root)).findings == ()


def test_deleting_a_triaged_claim_surfaces_the_resolution_findings(
    cli: Invoke, tmp_path: Path
) -> None:
    root = repo_with(triaged_kb(tmp_path / "kb"))
    (root / "claims" / "news-b.yaml").unlink()
    report = changes_since(claimkb.load(root), "HEAD").filter(claimkb.check(root))
    assert codes(report) == [
        ("CKB601", "claims/triage.yaml", 2),  # stale-resolution
        ("CKB214", "claims/triage.yaml", 3),  # unknown-claim: b-params is gone
    ]


def test_registry_change_involves_the_claims_using_the_entity(tmp_path: Path) -> None:
    root = repo_with(triaged_kb(tmp_path / "kb"))
    registry = root / "claims" / "registry.yaml"
    registry.write_text(
        registry.read_text(encoding="utf-8").replace("aliases: [模型 X]", "aliases: []"),
        encoding="utf-8",
    )
    report = changes_since(claimkb.load(root), "HEAD").filter(claimkb.check(root))
    assert ("CKB212", "claims/news-b.yaml", 4) in codes(report)  # unknown subject 模型 X


def test_source_change_involves_its_claims_and_those_relaying_it(tmp_path: Path) -> None:
    root = triaged_kb(tmp_path / "kb")
    (root / "sources" / "news-c.yaml").write_text(NEWS_C_SOURCE, encoding="utf-8")
    (root / "claims" / "news-c.yaml").write_text(
        NEWS_C_CLAIMS.replace("2 trillion", "104 billion").replace("c-params", "c-same"),
        encoding="utf-8",
    )
    repo_with(root)
    source = root / "sources" / "news-c.yaml"
    source.write_text(source.read_text(encoding="utf-8") + "cites: [news-a]\n", "utf-8")
    changes = changes_since(claimkb.load(root), "HEAD")
    # news-c changed: its claim, and the rivals of that claim in the same group
    assert changes.claims == {"c-same", "a-params", "b-params"}
    assert "news-c" in changes.records


def test_kb_in_a_subdirectory_with_chinese_file_names(cli: Invoke, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    root = copy_fixture("valid/minimal", repo / "kb")
    (repo / "README").write_text("outside the KB\n", encoding="utf-8")
    repo_with(repo)
    (repo / "README").write_text("changed, but outside the KB\n", encoding="utf-8")
    (root / "sources" / "新闻 c.yaml").write_text(NEWS_C_SOURCE, encoding="utf-8")
    (root / "claims" / "新闻 c.yaml").write_text(NEWS_C_CLAIMS, encoding="utf-8")
    changes = changes_since(claimkb.load(root), "HEAD")
    assert changes.files == {"claims/新闻 c.yaml", "sources/新闻 c.yaml"}
    result = cli("check", "--root", root, "--since", "HEAD")
    assert result.exit_code == 1
    assert result.stdout.startswith("claims/新闻 c.yaml:6: error CKB401 conflict:")


def test_since_an_older_commit(tmp_path: Path) -> None:
    root = repo_with(copy_fixture("valid/minimal", tmp_path / "kb"))
    first = git(root, "rev-parse", "HEAD").strip()
    (root / "sources" / "news-c.yaml").write_text(NEWS_C_SOURCE, encoding="utf-8")
    (root / "claims" / "news-c.yaml").write_text(NEWS_C_CLAIMS, encoding="utf-8")
    commit_all(root, "add news-c")
    assert changes_since(claimkb.load(root), "HEAD").claims == set()
    assert changes_since(claimkb.load(root), first).claims == {"a-params", "b-params", "c-params"}
    assert changes_since(claimkb.load(root), "HEAD~1").commit == first


def test_not_a_git_repository_is_a_usage_error(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = conflict_kb(tmp_path / "kb")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # even if /tmp is in a repo
    result = cli("check", "--root", root, "--since", "HEAD")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(
        f"claimkb: --since HEAD: {root.resolve()} is not inside a git work tree ("
    )
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("rev", "message"),
    [
        ("no-such-branch", "unknown revision 'no-such-branch'"),
        ("--output=x", "'--output=x' is not a revision"),
        ("HEAD~5", "unknown revision 'HEAD~5'"),
    ],
)
def test_unknown_revision_is_a_usage_error(
    cli: Invoke, tmp_path: Path, rev: str, message: str
) -> None:
    root = repo_with(conflict_kb(tmp_path / "kb"))
    result = cli("check", "--root", root, f"--since={rev}")
    assert result.exit_code == 2
    assert result.stderr == f"claimkb: --since {rev}: {message}\n"


def test_missing_git_is_a_usage_error(cli: Invoke, tmp_path: Path, monkeypatch) -> None:
    root = conflict_kb(tmp_path / "kb")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = cli("check", "--root", root, "--since", "HEAD")
    assert result.exit_code == 2
    assert result.stderr.startswith("claimkb: --since HEAD: ")
    assert "git is not installed" in result.stderr


def test_a_link_out_of_the_kb_is_not_read(tmp_path: Path) -> None:
    root = repo_with(conflict_kb(tmp_path / "kb"))
    outside = tmp_path / "outside.yaml"
    outside.write_text(NEWS_C_CLAIMS.replace("c-params", "x-outside"), encoding="utf-8")
    (root / "claims" / "link.yaml").symlink_to(outside)
    changes = changes_since(claimkb.load(root), "HEAD")
    assert changes.files == {"claims/link.yaml"}
    assert "x-outside" not in changes.records
    report = changes.filter(claimkb.check(root))
    assert codes(report) == [("CKB104", "claims/link.yaml", 1)]


def test_changed_constant_involves_the_claims_derived_from_it(tmp_path: Path) -> None:
    """Editing a constant (BF16 becomes 3 bytes) re-opens the derived claim that uses it,
    although no claim file changed."""
    root = repo_with(copy_fixture("valid/derived", tmp_path / "kb"))
    registry = root / "claims" / "registry.yaml"
    registry.write_text(
        registry.read_text(encoding="utf-8").replace(
            "value: 2 bytes/parameter", "value: 3 bytes/parameter"
        ),
        encoding="utf-8",
    )
    kb = claimkb.load(root)
    changes = changes_since(kb, "HEAD")
    assert "bf16" in changes.records
    assert "a-bf16-weights" in changes.claims
    assert "a-fp8-weights" not in changes.claims
    report = changes.filter(claimkb.check(kb))
    assert [(f.code, f.claims) for f in report.open_findings] == [("CKB411", ("a-bf16-weights",))]


@pytest.mark.parametrize("format_", ["text", "github", "json", "sarif", "junit"])
def test_a_conflict_a_change_causes_is_located_at_the_changed_claim(
    cli: Invoke, tmp_path: Path, format_: str
) -> None:
    """Both claims agreed; editing news-b's value makes the conflict, which the full check
    places at news-a's line 6. Under --since it is placed on the edited value (news-b:6),
    where the pull request's diff is, and still names both claims."""
    root = repo_with(conflict_kb(tmp_path / "kb"))
    path = root / "claims" / "news-b.yaml"
    path.write_text(path.read_text("utf-8").replace("1.2 万亿", "1040 亿"), "utf-8")
    path.write_text(path.read_text("utf-8").replace("status: refuted", "status: single-source"))
    commit_all(root)
    path.write_text(path.read_text("utf-8").replace("1040 亿", "1.2 万亿"), "utf-8")
    full = claimkb.check(root)
    [conflict] = [f for f in full.findings if f.code == "CKB401"]
    assert (conflict.file, conflict.line) == ("claims/news-a.yaml", 6)
    kb = claimkb.load(root)
    changes = changes_since(kb, "HEAD")
    [moved] = [f for f in changes.filter(full).findings if f.code == "CKB401"]
    assert (moved.file, moved.line, moved.claims) == (
        "claims/news-b.yaml",
        6,
        ("a-params", "b-params"),
    )
    assert moved.message == conflict.message
    result = cli("check", "--root", root, "--since", "HEAD", "--format", format_)
    assert result.exit_code == 1
    assert "news-a.yaml" not in result.stdout
    assert "news-b.yaml" in result.stdout


def test_changing_a_file_level_qualifier_changes_every_claim_of_the_file(tmp_path: Path) -> None:
    root = repo_with(conflict_kb(tmp_path / "kb"))
    path = root / "claims" / "news-a.yaml"
    text = path.read_text("utf-8")
    path.write_text(
        text.replace("source: news-a\n", "source: news-a\nqualifiers: {as_of: '2026'}\n")
    )
    changes = changes_since(claimkb.load(root), "HEAD")
    assert "a-params" in changes.touched

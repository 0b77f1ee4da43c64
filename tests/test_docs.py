"""Docs as tests: the generated findings reference is current, and the README's CI
integration snippets (pre-commit hook, GitHub Actions workflow, editor modeline) work."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

from claimkb.catalogue import CATALOGUE
from claimkb.docs import anchor, findings_markdown, main
from conftest import PROJECT, Invoke

README = (PROJECT / "README.md").read_text(encoding="utf-8")


def test_findings_reference_is_current() -> None:
    committed = (PROJECT / "docs" / "findings.md").read_text(encoding="utf-8")
    assert committed == findings_markdown(), (
        "docs/findings.md is out of date: run `python -m claimkb.docs`"
    )


def test_findings_reference_covers_every_code() -> None:
    text = findings_markdown()
    for entry in CATALOGUE.values():
        assert f"| [{entry.code}](#{anchor(entry)}) | `{entry.slug}` |" in text
        assert f"\n### {entry.code} `{entry.slug}`\n" in text
        assert f"**What to do:** {entry.fix}\n" in text


def test_docs_module_writes_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "docs" / "findings.md"
    assert main(["--check", str(target)]) == 1
    assert main([str(target)]) == 0
    assert target.read_text(encoding="utf-8") == findings_markdown()
    assert main(["--check", str(target)]) == 0
    target.write_text("# stale\n", encoding="utf-8")
    assert main(["--check", str(target)]) == 1
    assert capsys.readouterr().err.endswith(
        f"claimkb.docs: {target} is out of date; run `python -m claimkb.docs {target}`\n"
    )


def test_readme_links_the_findings_reference() -> None:
    assert "](docs/findings.md)" in README


def _hooks() -> list[dict]:
    return yaml.safe_load((PROJECT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def test_pre_commit_hook(cli: Invoke) -> None:
    (hook,) = _hooks()
    assert hook["id"] == "claimkb-check"
    assert (hook["language"], hook["pass_filenames"]) == ("python", False)
    command, *args = hook["entry"].split()
    scripts = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    assert command in scripts["project"]["scripts"]
    assert cli(*args, "--help").exit_code == 0
    files = re.compile(hook["files"])
    for path in ("claims/a.yaml", "sources/b.yml", "kb/claims/sub/c.yaml", "claims/新闻.yaml"):
        assert files.search(path), path
    for path in ("claims.yaml", "src/claims.py", "claims/a.txt", "notclaims/a.yaml", "README.md"):
        assert not files.search(path), path


def _fenced(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README, re.M | re.S)


def test_readme_github_workflow() -> None:
    workflows = [
        doc
        for block in _fenced("yaml")
        if isinstance(doc := yaml.safe_load(block), dict) and "jobs" in doc
    ]
    assert len(workflows) == 1
    (job,) = workflows[0]["jobs"].values()
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "claimkb check --format github" in runs
    assert "--format sarif --output" in runs
    uses = [step.get("uses", "") for step in job["steps"]]
    assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses)


def test_readme_pre_commit_snippet_uses_the_hook() -> None:
    configs = [
        doc
        for block in _fenced("yaml")
        if isinstance(doc := yaml.safe_load(block), dict) and "repos" in doc
    ]
    assert len(configs) == 1
    ((local,),) = [repo["hooks"] for repo in configs[0]["repos"]]
    (published,) = _hooks()
    for key in ("id", "entry", "pass_filenames", "files"):
        assert local[key] == published[key], key


def test_readme_shows_the_schema_modeline() -> None:
    assert re.search(r"^# yaml-language-server: \$schema=\S+\.json$", README, re.M)

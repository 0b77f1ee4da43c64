"""The cache is never wrong: after any change between runs, a cached run reports exactly what a
run without the cache reports, and an unchanged KB is answered from the cache alone."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb import api, store
from claimkb.cache import location
from conftest import FIXTURES, Invoke
from test_broken import CASES as BROKEN_CASES
from test_broken import build

FIXTURE_KBS = sorted(p for kind in ("valid", "invalid") for p in (FIXTURES / kind).iterdir())


def cold(root: Path) -> dict[str, Any]:
    return claimkb.check(root).to_dict()


def cached(root: Path) -> dict[str, Any]:
    return api.check(root, cache=True).to_dict()


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    """A small KB with a conflict, a snapshot and several files, copied so tests may edit it."""
    root = tmp_path / "kb"
    shutil.copytree(FIXTURES / "invalid" / "conflict", root)
    (root / "expect.yaml").unlink()
    (root / "snapshots").mkdir()
    (root / "snapshots" / "a.txt").write_text("Model X has 104 billion parameters.\n", "utf-8")
    source = root / "sources" / "news-a.yaml"
    source.write_text(source.read_text("utf-8") + "snapshot: a.txt\n", "utf-8")
    return root


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files parsed in this test, relative to their root (calls of store.read_part)."""
    seen: list[str] = []
    original = store.read_part

    def counting(root: Path, config: Any, path: Path, section: str, text: str | None) -> Any:
        seen.append(path.relative_to(root).as_posix())
        return original(root, config, path, section, text)

    monkeypatch.setattr(store, "read_part", counting)
    return seen


def _age(root: Path, seconds: int = 10) -> None:
    """Make every file look older than the racy window, as files usually are."""
    for path in root.rglob("*"):
        st = path.stat()
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - seconds * 1_000_000_000))


def _warm_up(root: Path) -> dict[str, Any]:
    first = cached(root)
    assert first == cold(root)
    return first


@pytest.mark.parametrize("folder", FIXTURE_KBS, ids=lambda p: f"{p.parent.name}-{p.name}")
def test_fixture_reports_identically_cold_and_warm(folder: Path, cli: Invoke) -> None:
    expected = cold(folder)
    assert cached(folder) == expected  # first run: builds the cache
    assert cached(folder) == expected  # second run: from the cache
    outputs = []
    for args in ((), ("--json",), ("--show-triaged",)):
        no_cache = cli("check", "--root", folder, "--no-cache", *args)
        warm = cli("check", "--root", folder, *args)
        assert (warm.stdout, warm.exit_code) == (no_cache.stdout, no_cache.exit_code)
        outputs.append(warm.stdout)
    assert json.loads(outputs[1]) == expected


@pytest.mark.parametrize("case", BROKEN_CASES, ids=lambda p: p.name)
def test_broken_input_reports_identically_cold_and_warm(case: Path, tmp_path: Path) -> None:
    root = build(case, tmp_path)
    expected = cold(root)
    assert cached(root) == expected
    assert cached(root) == expected
    assert api.check(api.load(root, cache=True), cache=True).to_dict() == expected


def test_unchanged_kb_is_checked_from_the_report_alone(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _age(kb)
    expected = _warm_up(kb)

    def no_loading(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an unchanged KB was loaded again")

    monkeypatch.setattr(store, "load", no_loading)
    assert cached(kb) == expected


def test_query_reads_no_file_again(kb: Path, parses: list[str], cli: Invoke) -> None:
    _age(kb)
    first = cli("claims", "--root", kb, "--subject", "模型 X", "--json").stdout
    assert len(parses) == 5  # two sources, two claims files, the registry
    parses.clear()
    assert cli("claims", "--root", kb, "--subject", "模型 X", "--json").stdout == first
    assert parses == []
    no_cache = cli("claims", "--root", kb, "--subject", "模型 X", "--json")
    assert no_cache.stdout == first


def test_changed_file_is_read_again_and_only_it(kb: Path, parses: list[str]) -> None:
    _age(kb)
    _warm_up(kb)
    parses.clear()
    claim = kb / "claims" / "news-b.yaml"
    claim.write_text(claim.read_text("utf-8").replace("1.2 万亿", "1040 亿"), "utf-8")
    report = cached(kb)
    assert parses == ["claims/news-b.yaml"]
    assert report == cold(kb)


def test_change_that_keeps_size_and_times_is_seen(
    kb: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file rewritten within the same timestamp tick keeps its stat; the entry recorded
    for a freshly written file is not trusted, so its content is hashed again."""
    claim = kb / "claims" / "news-b.yaml"
    real_stat = os.stat
    frozen = real_stat(claim)

    def stat(path: Any, *args: Any, **kwargs: Any) -> Any:
        return frozen if Path(path) == claim else real_stat(path, *args, **kwargs)

    monkeypatch.setattr("claimkb.cache.os.lstat", stat)
    _warm_up(kb)  # the file was just written: its entry is ambiguous
    text = claim.read_text("utf-8")
    claim.write_text(text.replace("1.2 万亿", "3.4 万亿"), "utf-8")  # same size, same stat
    assert cached(kb) == cold(kb)


def test_added_deleted_and_renamed_files_are_seen(kb: Path) -> None:
    _age(kb)
    _warm_up(kb)
    extra = kb / "claims" / "news-c.yaml"
    text = (kb / "claims" / "news-a.yaml").read_text("utf-8")
    extra.write_text(text.replace("a-params", "c-params"), "utf-8")
    assert cached(kb) == cold(kb)
    (kb / "claims" / "news-c.yaml").rename(kb / "claims" / "news-z.yaml")
    assert cached(kb) == cold(kb)
    (kb / "claims" / "news-z.yaml").unlink()
    assert cached(kb) == cold(kb)
    (kb / "claims" / "news-a.yaml").rename(kb / "claims" / "renamed.yaml")
    assert cached(kb) == cold(kb)
    assert api.load(kb, cache=True).claims["a-params"].file == "claims/renamed.yaml"


def test_snapshot_changes_are_seen(kb: Path) -> None:
    _age(kb)
    first = _warm_up(kb)
    assert "quote-not-found" not in {f["slug"] for f in first["findings"]}
    (kb / "snapshots" / "a.txt").write_text("Model X has many parameters.\n", "utf-8")
    changed = cached(kb)
    assert changed == cold(kb)
    assert "quote-not-found" in {f["slug"] for f in changed["findings"]}
    (kb / "snapshots" / "a.txt").unlink()
    assert cached(kb) == cold(kb)


@pytest.mark.parametrize(
    "setting",
    ['snapshot_dirs = ["elsewhere"]\n', "max_file_bytes = 100\n", "unknown = 1\n"],
)
def test_configuration_change_is_seen(kb: Path, setting: str) -> None:
    _age(kb)
    _warm_up(kb)
    (kb / "claimkb.toml").write_text(setting, "utf-8")
    assert cached(kb) == cold(kb)
    (kb / "claimkb.toml").unlink()
    assert cached(kb) == cold(kb)


def _cache_files(root: Path) -> list[Path]:
    directory = location.cache_dir(root.resolve())
    return sorted(p for p in directory.iterdir() if p.name != "CACHEDIR.TAG")


@pytest.mark.parametrize("damage", ["garbage", "truncate", "flip", "empty"])
def test_damaged_cache_is_ignored_and_rebuilt(kb: Path, damage: str, parses: list[str]) -> None:
    _age(kb)
    expected = _warm_up(kb)
    for path in _cache_files(kb):
        data = path.read_bytes()
        if damage == "garbage":
            data = b"not a cache" * 10
        elif damage == "truncate":
            data = data[: len(data) // 2]
        elif damage == "flip":
            data = data[:-1] + bytes([data[-1] ^ 0xFF])
        else:
            data = b""
        path.write_bytes(data)
    parses.clear()
    assert cached(kb) == expected
    assert parses, "a damaged cache must not be used"
    parses.clear()
    assert cached(kb) == expected
    assert parses == []  # rebuilt


def test_cache_of_another_version_is_ignored(
    kb: Path, monkeypatch: pytest.MonkeyPatch, parses: list[str]
) -> None:
    _age(kb)
    expected = _warm_up(kb)
    monkeypatch.setattr(location, "__version__", "999.0")
    monkeypatch.setattr(location, "_CODE", None)
    parses.clear()
    assert cached(kb) == expected
    assert len(parses) == 5


def test_cache_of_another_kb_is_ignored(kb: Path, tmp_path: Path, parses: list[str]) -> None:
    other = tmp_path / "other"
    shutil.copytree(FIXTURES / "valid" / "minimal", other)
    _age(kb)
    _age(other)
    _warm_up(other)
    shutil.copytree(location.cache_dir(other.resolve()), location.cache_dir(kb.resolve()))
    parses.clear()
    assert cached(kb) == cold(kb)
    assert parses


def test_cache_stays_in_its_directory(
    kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Invoke
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    before = sorted(p.relative_to(kb) for p in kb.rglob("*"))
    cli("check", "--root", kb)
    cli("claims", "--root", kb, "--json")
    assert sorted(p.relative_to(kb) for p in kb.rglob("*")) == before
    assert not home.exists()
    base = Path(os.environ["CLAIMKB_CACHE_DIR"])
    assert [p.parent for p in base.glob("*/index")] == [location.cache_dir(kb.resolve())]


def test_cache_directory_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(tmp_path / "mine"))
    assert location.base_dir() == tmp_path / "mine"
    monkeypatch.delenv("CLAIMKB_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert location.base_dir() == tmp_path / "xdg" / "claimkb"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # not absolute: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert location.base_dir() == tmp_path / "home" / ".cache" / "claimkb"
    first = location.cache_dir(Path("/a/kb"))
    assert first != location.cache_dir(Path("/b/kb")) and first.name.startswith("kb-")


@pytest.mark.parametrize("how", ["flag", "env"])
def test_cache_can_be_switched_off(
    kb: Path, how: str, monkeypatch: pytest.MonkeyPatch, cli: Invoke
) -> None:
    base = Path(os.environ["CLAIMKB_CACHE_DIR"])
    if how == "env":
        monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
        result = cli("check", "--root", kb)
        cli("claims", "--root", kb)
    else:
        result = cli("check", "--root", kb, "--no-cache")
    assert result.exit_code == 1
    assert list(base.iterdir()) == []


def test_cache_commands(kb: Path, cli: Invoke, tmp_path: Path) -> None:
    where = cli("cache", "dir", "--root", kb)
    assert where.exit_code == 0
    directory = Path(where.stdout.strip())
    assert directory == location.cache_dir(kb.resolve())
    assert not directory.exists()
    cli("check", "--root", kb)
    assert (directory / "index").is_file() and (directory / "CACHEDIR.TAG").is_file()
    cleared = cli("cache", "clear", "--root", kb)
    assert cleared.exit_code == 0 and "removed" in cleared.stderr
    assert not directory.exists()
    assert "no cache" in cli("cache", "clear", "--root", kb).stderr
    cli("check", "--root", kb)
    stray = Path(os.environ["CLAIMKB_CACHE_DIR"]) / "not-ours"
    stray.mkdir()
    assert "removed 1 cache" in cli("cache", "clear", "--all").stderr
    assert stray.is_dir() and not directory.exists()  # only directories claimkb marked
    assert cli("cache", "dir", "--root", tmp_path / "nowhere").exit_code == 2


def test_unwritable_cache_directory_is_not_an_error(
    kb: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory would go", "utf-8")
    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(blocker))
    assert cached(kb) == cold(kb)


def test_loaded_kb_reuses_its_report_only_when_asked(kb: Path) -> None:
    _age(kb)
    expected = _warm_up(kb)
    loaded = api.load(kb, cache=True)
    assert api.check(loaded, cache=True).to_dict() == expected
    loaded.claims.clear()  # a KB changed in memory is checked as it is, by default
    assert api.check(loaded).to_dict() != expected


QUESTIONS = [
    ("claims", "--json"),
    ("claims", "--subject", "模型 X", "--json"),
    ("show", "a-params", "--json"),
    ("entity", "Model X", "--json"),
    ("sources", "--json"),
    ("conflicts", "--json"),
    ("timeline", "--json"),
]


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: "-".join(q[:2]))
def test_repeated_question_is_answered_without_loading(
    kb: Path, question: tuple[str, ...], cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    _age(kb)
    first = cli(*question, "--root", kb)
    assert first.exit_code == 0, first.stderr

    def no_loading(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an unchanged KB was loaded to answer a question asked before")

    with monkeypatch.context() as patch:
        patch.setattr(store, "load", no_loading)
        again = cli(*question, "--root", kb)
    assert (again.stdout, again.stderr, again.exit_code) == (first.stdout, first.stderr, 0)
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    assert cli(*question, "--root", kb).stdout == first.stdout


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: "-".join(q[:2]))
def test_answers_follow_every_change(
    kb: Path, question: tuple[str, ...], cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fresh() -> tuple[str, str, int]:
        with monkeypatch.context() as patch:
            patch.setenv("CLAIMKB_NO_CACHE", "1")
            result = cli(*question, "--root", kb)
        return result.stdout, result.stderr, result.exit_code

    def asked() -> tuple[str, str, int]:
        result = cli(*question, "--root", kb)
        return result.stdout, result.stderr, result.exit_code

    _age(kb)
    assert asked() == fresh()
    claim = kb / "claims" / "news-b.yaml"
    claim.write_text(claim.read_text("utf-8").replace("1.2 万亿", "1040 亿"), "utf-8")
    assert asked() == fresh()
    (kb / "snapshots" / "a.txt").write_text("Model X has some parameters.\n", "utf-8")
    assert asked() == fresh()
    (kb / "claims" / "broken.yaml").write_text("claims: [\n", "utf-8")  # a load finding: a note
    assert asked() == fresh()
    (kb / "claimkb.toml").write_text('snapshot_dirs = ["nowhere"]\n', "utf-8")
    assert asked() == fresh()


def test_only_the_latest_answers_are_kept(kb: Path, cli: Invoke) -> None:
    from claimkb.cache import answers

    _age(kb)
    for index in range(answers.KEPT + 5):
        cli("claims", "--text", f"needle-{index}", "--root", kb, "--json")
    kept = list((location.cache_dir(kb.resolve()) / answers.DIRECTORY).iterdir())
    assert len(kept) == answers.KEPT
    assert all(isinstance(answers.disk.read(path), tuple) for path in kept)

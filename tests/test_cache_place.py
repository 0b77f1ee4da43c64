"""Where the caches live (:mod:`claimkb.userdirs`): a ``CLAIMKB_CACHE_DIR`` naming the home
of a user the system does not know, or no home directory at all, is a clear error for a
library caller and, on the command line, a warning (what is wrong, what to do) after which the
command runs with caching off and gives its usual answer."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimkb import userdirs
from claimkb.errors import ClaimkbError
from conftest import FIXTURES, cli_run

NOBODY = "~no-such-user-of-claimkb/cache"


def test_a_home_that_does_not_exist_is_an_error_that_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(userdirs.ENV_DIR, NOBODY)
    monkeypatch.delenv(userdirs.ENV_OFF, raising=False)
    with pytest.raises(userdirs.CacheDirUnknown) as raised:
        userdirs.cache_base()
    assert isinstance(raised.value, ClaimkbError)
    assert str(raised.value) == (
        "CLAIMKB_CACHE_DIR='~no-such-user-of-claimkb/cache' names the home of "
        "'~no-such-user-of-claimkb', a user this system does not know; set it to a directory path"
    )
    assert userdirs.problem() == (
        "CLAIMKB_CACHE_DIR='~no-such-user-of-claimkb/cache'\n"
        "names the home of '~no-such-user-of-claimkb', a user this system does not know;\n"
        "set it to a directory path"
    )
    monkeypatch.setenv(userdirs.ENV_OFF, "1")
    assert userdirs.problem() is None  # caching is off: no cache to find


def test_no_home_at_all_is_an_error_that_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(userdirs.ENV_DIR, raising=False)
    monkeypatch.delenv(userdirs.ENV_OFF, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    with pytest.raises(userdirs.CacheDirUnknown, match=r"\$HOME is not set\); set CLAIMKB_"):
        userdirs.cache_base()


@pytest.mark.parametrize("place", ["relative/dir", "/tmp/claimkb-cache", "~/x"])
def test_a_place_that_can_be_found_is_no_problem(
    place: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(userdirs.ENV_DIR, place)
    monkeypatch.delenv(userdirs.ENV_OFF, raising=False)
    assert userdirs.problem() is None
    assert userdirs.cache_base().is_absolute()


def test_the_command_line_warns_and_checks_without_a_cache(tmp_path: Path) -> None:
    kb = FIXTURES / "subjects" / "everest"
    arguments = ["check", "--root", str(kb), "--snapshot-dir", str(kb / "snapshots")]
    expected = cli_run(*arguments, cache=tmp_path / "cache", CLAIMKB_NO_CACHE="1")
    done = cli_run(*arguments, cache=NOBODY)
    assert (done.returncode, done.stdout) == (expected.returncode, expected.stdout)
    assert done.stderr == (
        "claimkb: warning: CLAIMKB_CACHE_DIR='~no-such-user-of-claimkb/cache'\n"
        "names the home of '~no-such-user-of-claimkb', a user this system does not know;\n"
        "set it to a directory path\n"
        "(caching is off for this run)\n"
    )
    assert all(len(line) <= 80 for line in done.stderr.splitlines())
    assert expected.stderr == ""
    assert not (Path(os.getcwd()) / "~no-such-user-of-claimkb").exists()


def test_a_value_with_a_semicolon_is_shown_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(userdirs.ENV_DIR, "~no-such; user/cache")
    monkeypatch.delenv(userdirs.ENV_OFF, raising=False)
    assert userdirs.problem() == (
        "CLAIMKB_CACHE_DIR='~no-such; user/cache'\n"
        "names the home of '~no-such; user', a user this system does not know;\n"
        "set it to a directory path"
    )

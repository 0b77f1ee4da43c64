"""The command line's regular expressions made from code kept between runs
(:mod:`claimkb.regexcache`) are the patterns Python compiles: every pattern a draft and a
check meet (claimkb's, pydantic's, rich's, the standard library's) compares equal to Python's
own compiling of it (patterns are equal only when their matcher's code is), in the run that
keeps the code and in the run that reuses it; a damaged file, code the matcher refuses and a
pattern Python rejects all end as Python's own compile would; caching off installs nothing.
Each case runs in a process of its own, whose ``re`` it may change."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import cli_run, python_run

pytestmark = pytest.mark.skipif(
    sys.implementation.name != "cpython" or sys.version_info[:2] > (3, 13),
    reason="the kept code is used on CPython 3.11 to 3.13 only",
)

_RUN = """
import json, re, sys
from re import _compiler
from claimkb import regexcache
python_compile = _compiler.compile
regexcache.install()
import claimkb.store, claimkb.authoring.drafting, claimkb.authoring.drafts, claimkb.checks
import claimkb.render.authoring, claimkb.render.plaintable, rich.console, pydantic
from claimkb import ending
patterns = [key for key in re._cache if key[0] is str]
unequal = [p for _, p, f in patterns if re._cache[str, p, f] != python_compile(p, f)]
extra = {}
for text, flags in json.loads(sys.argv[1]):
    try:
        extra[text] = repr(re.compile(text, flags).findall("Kimi K3.1 Pro: 2.8 万亿, 5.6 TB"))
    except re.error as problem:
        extra[text] = "error: " + str(problem)
ending.finish()
print(json.dumps({"installed": regexcache.installed(), "patterns": len(patterns),
                  "unequal": unequal, "extra": extra}))
"""

_EXTRA = [
    (r"(?P<n>\d+(?:\.\d+)?)\s*(万亿|TB)", 0),
    (r"[\u3400-\u9fff]+", 0),
    (r"k\w+ (?i:PRO)", 0),
    (r"kimi", 2),
    (r"(", 0),
    (r"[z-a]", 0),
]


def _run(cache: Path, **env: str) -> dict[str, object]:
    done = python_run(_RUN, json.dumps(_EXTRA), cache=cache, **env)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _kept(cache: Path) -> list[Path]:
    return sorted((cache / "regex").glob("*.marshal"))


def _python_s_answers() -> dict[str, str]:
    import re

    answers = {}
    for text, flags in _EXTRA:
        try:
            answers[text] = repr(re.compile(text, flags).findall("Kimi K3.1 Pro: 2.8 万亿, 5.6 TB"))
        except re.error as problem:
            answers[text] = "error: " + str(problem)
    return answers


def test_patterns_made_from_kept_code_are_python_s(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _run(cache)
    assert first["installed"] is True
    assert first["unequal"] == [] and isinstance(first["patterns"], int)
    assert first["patterns"] > 100
    assert first["extra"] == _python_s_answers()
    [kept] = _kept(cache)
    written = kept.read_bytes()
    second = _run(cache)
    assert second["unequal"] == [] and second["patterns"] == first["patterns"]
    assert second["extra"] == _python_s_answers()
    assert kept.read_bytes() == written  # every pattern was met before: nothing new to keep


def test_a_damaged_file_is_replaced(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _run(cache)
    [kept] = _kept(cache)
    kept.write_bytes(b"\x00 not marshal")
    again = _run(cache)
    assert again["unequal"] == [] and again["extra"] == _python_s_answers()
    assert kept.read_bytes() != b"\x00 not marshal"


def test_code_the_matcher_refuses_is_compiled_afresh(tmp_path: Path) -> None:
    import marshal
    from array import array

    cache = tmp_path / "cache"
    _run(cache)
    [kept] = _kept(cache)
    entries = marshal.loads(kept.read_bytes())
    for key, (flags, code, groups, groupindex, indexgroup) in list(entries.items()):
        words = array("I" if array("I").itemsize == 4 else "L", code)
        words[0] = 99999  # no opcode
        entries[key] = (flags, words.tobytes(), groups, groupindex, indexgroup)
    kept.write_bytes(marshal.dumps(entries))
    again = _run(cache)
    assert again["unequal"] == [] and again["extra"] == _python_s_answers()


def test_caching_off_keeps_nothing_and_installs_nothing(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    off = _run(cache, CLAIMKB_NO_CACHE="1")
    assert off["installed"] is False and off["extra"] == _python_s_answers()
    assert _kept(cache) == []


def test_the_command_line_installs_it(tmp_path: Path) -> None:
    script = (
        "import sys; from claimkb import cli, regexcache\n"
        "cli._run = lambda: print(regexcache.installed()) or 0\n"
        "sys.argv = ['claimkb', '--version']; cli.main()\n"
    )
    done = python_run(script, cache=tmp_path)
    assert done.stdout.strip() == "True"
    import claimkb.regexcache

    assert not claimkb.regexcache.installed()  # not in a library caller's process


def test_a_cache_place_that_cannot_be_found_installs_nothing(tmp_path: Path) -> None:
    script = "from claimkb import regexcache; regexcache.install(); print(regexcache.installed())"
    done = python_run(script, cache="~no-such-user-of-claimkb/cache")
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "False", "")


@pytest.mark.parametrize(
    "command",
    [["draft", "futunn"], ["check"]],
    ids=["draft", "check"],
)
def test_a_command_run_again_keeps_nothing_new(tmp_path: Path, command: list[str]) -> None:
    """Every pattern a command compiles is the same in every run (a pattern built from a set
    would not be, its order changing with the hash seed, and would be kept anew each time):
    run again under another hash seed, with a second process where one may help, the
    command leaves the kept file as it was."""
    import shutil

    from conftest import FIXTURES

    kb = shutil.copytree(FIXTURES / "subjects" / "tencent-revenue", tmp_path / "kb")
    cache = tmp_path / "cache"
    kept = []
    for seed in ("1", "2"):
        for drafts in (kb / "claims").glob("*.drafts"):
            drafts.unlink()
        arguments = [*command, "--root", str(kb), "--snapshot-dir", str(kb / "snapshots")]
        done = cli_run(*arguments, cache=cache, PYTHONHASHSEED=seed, CLAIMKB_JOBS="2")
        assert done.returncode in (0, 1), done.stderr
        [path] = _kept(cache)
        kept.append(path.read_bytes())
    assert kept[1] == kept[0]


_FORKED = """
import json, os, re, sys
from claimkb import ending, regexcache
regexcache.install()
re.compile(sys.argv[1])
pid = os.fork()
if pid == 0:
    ending.finish()  # as a forked process ends (claimkb.forking.fork)
    os._exit(0)
os.waitpid(pid, 0)
from pathlib import Path
written = sorted(Path(sys.argv[2]).rglob("*.marshal"))
ending.finish()
kept = sorted(Path(sys.argv[2]).rglob("*.marshal"))
print(json.dumps([len(written), len(kept)]))
"""


def test_a_forked_process_leaves_its_parent_s_patterns_to_it(tmp_path: Path) -> None:
    """A pattern compiled before a fork is written once, by the process that compiled it,
    not again by each process forked from it as that ends."""
    cache = tmp_path / "cache"
    done = python_run(_FORKED, r"never (met|seen) before \d{7}", str(cache), cache=cache)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [0, 1]

"""The little claimkb asks of git, through the ``git`` command: what changed since a revision,
and what a file held at that revision.

Paths are exchanged NUL-separated (``-z``), so names with spaces or in Chinese are neither
quoted nor escaped, and are relative to the directory git runs in (the KB root). Every failure
(no git, not a repository, an unknown revision) is a :class:`GitError` with git's own words.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from .errors import ClaimkbError


class GitError(ClaimkbError):
    """git is missing, the directory is not in a repository, or a revision is unknown."""


def _git(cwd: Path, *args: str, stdin: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            input=stdin,
            capture_output=True,
            check=False,
        )
    except FileNotFoundError:
        raise GitError("git is not installed (or not on PATH)") from None
    except OSError as exc:
        raise GitError(f"cannot run git: {exc}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(message[0] if message else f"git {args[0]} failed")
    return done.stdout


def _paths(output: bytes) -> list[str]:
    return [p.decode("utf-8", "surrogateescape") for p in output.split(b"\0") if p]


def resolve(cwd: Path, rev: str) -> str:
    """The commit a revision names, or GitError (not a repository, unknown revision)."""
    try:
        _git(cwd, "rev-parse", "--is-inside-work-tree")
    except GitError as exc:
        raise GitError(f"{cwd} is not inside a git work tree ({exc})") from None
    if not rev or rev.startswith("-"):
        raise GitError(f"{rev!r} is not a revision")
    try:
        out = _git(cwd, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except GitError:
        raise GitError(f"unknown revision {rev!r}") from None
    return out.decode("ascii").strip()


def changed_paths(cwd: Path, commit: str) -> list[str]:
    """Files under ``cwd`` that differ between ``commit`` and the work tree (added, modified,
    deleted, both names of a rename), plus untracked files not ignored; relative to ``cwd``."""
    changed = _git(cwd, "diff", "--name-only", "-z", "--no-renames", "--relative", commit, "--")
    untracked = _git(cwd, "ls-files", "--others", "--exclude-standard", "-z")
    return sorted(set(_paths(changed)) | set(_paths(untracked)))


def read_at(cwd: Path, commit: str, paths: list[str]) -> dict[str, bytes | None]:
    """What each path (relative to ``cwd``) held at ``commit``; None where it did not exist."""
    if not paths:
        return {}
    prefix = _git(cwd, "rev-parse", "--show-prefix").decode("utf-8", "surrogateescape").strip()
    request = b"".join(
        f"{commit}:{prefix}{path}\n".encode("utf-8", "surrogateescape") for path in paths
    )
    output = _git(cwd, "cat-file", "--batch", stdin=request)
    result: dict[str, bytes | None] = {}
    position = 0
    for path in paths:
        end = output.index(b"\n", position)
        header = output[position:end].split(b" ")
        position = end + 1
        # "<oid> <type> <size>" then the content, or "<name> missing" and nothing more
        if len(header) != 3 or not header[2].isdigit() or header[1] == b"missing":
            result[path] = None
            continue
        size = int(header[2])
        result[path] = output[position : position + size] if header[1] == b"blob" else None
        position += size + 1
    return result

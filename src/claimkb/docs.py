"""The generated reference pages: the findings (``docs/findings.md``, from the catalogue) and
the command line (``docs/cli.md``, from the commands' help).

The catalogue and the commands are the one place each is defined; these pages are derived
from them so the docs cannot drift. A test fails when a committed page is not what this
module generates.

Regenerate them with ``python -m claimkb.docs`` (or check them with ``python -m claimkb.docs
--check``, which exits 1 when a page is out of date). Given a path, only the findings
reference is written there.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from .catalogue import CATALOGUE, Entry
from .families import family

DEFAULT_PATH = Path("docs") / "findings.md"
CLI_PATH = Path("docs") / "cli.md"


def anchor(entry: Entry) -> str:
    """The anchor GitHub gives the entry's heading (``### CKB401 `conflict` ``)."""
    return f"{entry.code.lower()}-{entry.slug}"


def findings_markdown() -> str:
    """The findings reference as Markdown."""
    entries = list(CATALOGUE.values())
    lines = [
        "# Findings reference",
        "",
        "<!-- Generated from src/claimkb/catalogue/ by `python -m claimkb.docs`; "
        "do not edit by hand. -->",
        "",
        "Every finding `claimkb check` reports has a stable **code** (never reused or "
        "renumbered) and **slug**, a default **severity**, a title, a description and what to "
        "do about it. The same catalogue gives the SARIF rules (`--format sarif`), the JUnit "
        "test cases (`--format junit`) and the annotation titles (`--format github`).",
        "",
        "* **error** fails `claimkb check` (exit 1); **warning** and **info** fail it only "
        "with `--fail-on warning` or `--fail-on info`.",
        "* **Triageable** findings record a discrepancy between claims: a resolution in the "
        "data that lists every claim involved accepts it with a reason, after which it no "
        "longer fails the check (see *Resolutions* in the README).",
        "* **Message** is the template of the finding's message; its fields are the finding's "
        "`data` in `claimkb check --json`.",
        "",
        "| code | slug | severity | title | triageable |",
        "| --- | --- | --- | --- | --- |",
    ]
    for entry in entries:
        lines.append(
            f"| [{entry.code}](#{anchor(entry)}) | `{entry.slug}` | {entry.severity.value} | "
            f"{_cell(entry.title)} | {'yes' if entry.triageable else 'no'} |"
        )
    current = None
    for entry in entries:
        name = family(entry)
        if name != current:
            current = name
            lines += ["", f"## {name.capitalize()} (CKB{entry.code[3]}xx)"]
        lines += [
            "",
            f"### {entry.code} `{entry.slug}`",
            "",
            f"**{entry.title}** — severity: {entry.severity.value}; "
            f"triageable: {'yes' if entry.triageable else 'no'}",
            "",
            entry.description,
            "",
            f"**What to do:** {entry.fix}",
            "",
            f"**Message:** `{entry.template}`",
        ]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m claimkb.docs",
        description="Write (or check) the reference pages generated from the catalogue and "
        "the commands.",
    )
    parser.add_argument("path", nargs="?", type=Path, default=None)
    parser.add_argument("--check", action="store_true", help="exit 1 if a page is not up to date")
    args = parser.parse_args(argv)
    pages: list[tuple[Path, Callable[[], str]]] = [(args.path or DEFAULT_PATH, findings_markdown)]
    if args.path is None:
        from .cli.reference import cli_markdown

        pages.append((CLI_PATH, cli_markdown))
    worst = 0
    for path, generate in pages:
        worst = max(worst, _page(path, generate(), args.check))
    return worst


def _page(path: Path, wanted: str, check: bool) -> int:
    """Write (or check) one page: 0 when it is (now) current, 1 out of date, 2 unusable."""
    try:
        current = path.read_text(encoding="utf-8") if path.exists() else None
    except (OSError, UnicodeDecodeError) as exc:
        print(f"claimkb.docs: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    if check:
        if current == wanted:
            return 0
        print(
            f"claimkb.docs: {path} is out of date; run `python -m claimkb.docs {path}`",
            file=sys.stderr,
        )
        return 1
    if current != wanted:
        from .atomic import write_atomic

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, wanted)
        except OSError as exc:
            print(f"claimkb.docs: cannot write {path}: {exc}", file=sys.stderr)
            return 2
        print(f"claimkb.docs: wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

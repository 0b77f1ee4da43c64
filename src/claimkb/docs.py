"""The findings reference (``docs/findings.md``), generated from the catalogue.

The catalogue is the one place a finding code is defined; this page is derived from it so the
docs cannot drift. A test fails when the committed page is not what this module generates.

Regenerate it with ``python -m claimkb.docs`` (or check it with ``python -m claimkb.docs
--check``, which exits 1 when the page is out of date).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .catalogue import CATALOGUE, Entry
from .families import family

DEFAULT_PATH = Path("docs") / "findings.md"


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
        description="Write (or check) the findings reference generated from the catalogue.",
    )
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_PATH)
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is not up to date")
    args = parser.parse_args(argv)
    wanted = findings_markdown()
    path: Path = args.path
    try:
        current = path.read_text(encoding="utf-8") if path.exists() else None
    except (OSError, UnicodeDecodeError) as exc:
        print(f"claimkb.docs: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    if args.check:
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

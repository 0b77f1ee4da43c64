"""What a person sees, exactly, at 80, 120 and 200 columns: every query command's text output
on the fixture KBs, compared with the snapshots in tests/snapshots/ (``{case}-{width}.txt``).

Run with ``CLAIMKB_UPDATE_SNAPSHOTS=1`` to write them after a deliberate change, then read
the diff: it is the change a user will see. Beside the exact text, every output is held to
the rules of :mod:`claimkb.render.layout` at each width: no line wider than the terminal
(unless one unbreakable id is), no line ending in padding, and no id, ``path:line`` or date
of the answer broken across lines.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from conftest import FIXTURES, Invoke

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
LAUNCH = FIXTURES / "valid" / "launch"
CONFLICT = FIXTURES / "invalid" / "conflict"
EVEREST = FIXTURES / "invalid" / "everest-survey-dates"
MISMATCH = FIXTURES / "invalid" / "derived-mismatch"
UNCOMPARED = FIXTURES / "invalid" / "mixed-qualifiers"

CASES: dict[str, tuple[Path, tuple[str, ...]]] = {
    "claims": (LAUNCH, ("claims",)),
    "claims-release-date": (LAUNCH, ("claims", "--property", "release-date")),
    "show": (LAUNCH, ("show", "zh-params")),
    "entity": (LAUNCH, ("entity", "Wulanchabu")),
    "sources": (LAUNCH, ("sources",)),
    "conflicts": (LAUNCH, ("conflicts",)),
    "conflicts-untriaged": (CONFLICT, ("conflicts", "--untriaged")),
    "uncompared": (UNCOMPARED, ("conflicts", "--uncompared")),
    "show-uncompared": (UNCOMPARED, ("show", "a-population")),
    "timeline": (EVEREST, ("timeline",)),
    "explain": (MISMATCH, ("explain", "cluster-memory")),
}
WIDTHS = (80, 120, 200)


_IDS = {"id", "source", "property", "subject_id"}
"""The keys of the answer's JSON whose values the text shows: ids."""


def _place(record: dict[str, Any]) -> str:
    return f"{record['file']}:{record['line']}"


def _atoms(root: Path, args: tuple[str, ...], cli: Invoke) -> set[str]:
    """The ids, and the ``path:line`` places the text gives, of the answer (from its JSON):
    none may be broken across lines."""
    if args[0] == "explain":
        return {"{servers}", "{cards-per-server}", "{card-memory}", "claims/news-a.yaml:24"}
    data = json.loads(cli(*args, "--root", root, "--json").stdout)
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in ("reviews", "findings"):  # shown by their ids and messages
                    walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str) and key in _IDS:
            found.add(value)

    walk(data)
    if args[0] == "show":
        found.add(_place(data["claim"]))
    elif args[0] == "entity":
        found.add(_place(data["entity"]))
    elif args[0] == "conflicts" and "--uncompared" not in args:
        found.update(_place(f) for f in data)
        found.update(c for f in data for c in f["claims"])
    elif args[0] == "timeline":
        found.update(_place(c) for c in data["left_out"])
    return found


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("case", list(CASES))
def test_text_output_at_each_width(
    case: str, width: int, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, args = CASES[case]
    monkeypatch.setenv("COLUMNS", str(width))
    result = cli(*args, "--root", root)
    assert result.exit_code in (0, 1), result.stderr
    out = result.stdout
    path = SNAPSHOTS / f"{case}-{width}.txt"
    if os.environ.get("CLAIMKB_UPDATE_SNAPSHOTS"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(out, encoding="utf-8")
    assert out == path.read_text(encoding="utf-8"), f"{path.name} differs"
    lines = out.splitlines()
    for line in lines:
        assert line == line.rstrip(), f"padding at the end of {line!r}"
        assert cell_len(line) <= width or " " not in line.strip(), line
    for atom in _atoms(root, args, cli):
        assert any(atom in line for line in lines), f"{atom} is broken across lines"


def test_every_case_has_its_snapshots() -> None:
    expected = {f"{case}-{width}.txt" for case in CASES for width in WIDTHS}
    assert {p.name for p in SNAPSHOTS.glob("*.txt")} == expected

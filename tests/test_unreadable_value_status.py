"""A value that cannot be read is one finding: its status is not also judged against rivals
and support that depend on the value (a typo in "29,032 feat" under a `disputed` claim gave
CKB220 and a CKB501 saying nothing disputes it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import claimkb
from conftest import FIXTURES


def test_a_typo_in_a_value_is_reported_once(tmp_path: Path) -> None:
    root = tmp_path / "everest"
    shutil.copytree(FIXTURES / "subjects" / "everest", root)
    path = root / "claims" / "coofl.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count('value: "29,032 feet"') == 1
    path.write_text(text.replace('value: "29,032 feet"', 'value: "29,032 feat"'), "utf-8")
    about = [f for f in claimkb.check(root).open_findings if "cf-elev-ft" in f.claims]
    assert [(f.code, f.file) for f in about if len(f.claims) == 1] == [
        ("CKB220", "claims/coofl.yaml")
    ]
    assert "unknown unit 'feat'" in about[0].message

"""Claims on one subject and property that are not rivals because their qualifiers differ are
shown, with the qualifiers that differ: by `show` (a claim's uncompared neighbours), by
`conflicts --uncompared` (every such split), and, when the KB asks, warned of by `check`
(claims with no qualifiers beside qualified ones: warn_mixed_qualifiers)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import claimkb
from conftest import FIXTURES, Invoke

KB = FIXTURES / "invalid" / "mixed-qualifiers"


def _copy(tmp_path: Path, config: str | None) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    (root / "expect.yaml").unlink()
    if config is None:
        (root / "claimkb.toml").unlink()
    else:
        (root / "claimkb.toml").write_text(config, encoding="utf-8")
    return root


def _differ(rows: list[dict]) -> list[tuple[str, list[dict]]]:  # type: ignore[type-arg]
    return [(row["id"], row["qualifiers_differ"]) for row in rows]


def test_show_lists_the_claims_not_compared_and_why(tmp_path: Path, cli: Invoke) -> None:
    root = _copy(tmp_path, None)
    for checked in (False, True):  # from the whole KB, then from the index a check leaves
        if checked:
            assert cli("check", "--root", root).exit_code == 0
        result = cli("show", "bureau-2020", "--root", root, "--json")
        data = json.loads(result.stdout)
        assert data["rivals"] == []
        assert _differ(data["uncompared"]) == [
            ("bureau-2010", [{"qualifier": "census", "this": "2020", "other": "2010"}]),
            ("a-population", [{"qualifier": "census", "this": "2020", "other": None}]),
        ]
    text = cli("show", "a-population", "--root", root).stdout
    assert (
        "not compared with bureau-2020 ('331,449,281', census-bureau): qualifiers differ "
        "(census: not given here, 2020 there)" in " ".join(text.split())
    )


def test_conflicts_lists_every_split_by_qualifiers(tmp_path: Path, cli: Invoke) -> None:
    root = _copy(tmp_path, None)
    result = cli("conflicts", "--uncompared", "--root", root, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [
        {
            "subject": "united-states",
            "property": "population",
            "differ_in": ["census"],
            "mixed": True,
            "groups": [
                {"qualifiers": {}, "claims": ["a-population"]},
                {"qualifiers": {"census": "2010"}, "claims": ["bureau-2010"]},
                {"qualifiers": {"census": "2020"}, "claims": ["bureau-2020"]},
            ],
        }
    ]
    table = cli("conflicts", "--uncompared", "--root", root).stdout
    assert "not compared: qualifiers differ (1)" in table
    assert "census=2010" in table and "(none)" in table
    # the discrepancy listing itself is unchanged
    assert json.loads(cli("conflicts", "--root", root, "--json").stdout) == []


def test_check_warns_of_mixed_qualifiers_only_when_asked(tmp_path: Path) -> None:
    quiet = claimkb.check(_copy(tmp_path / "off", None))
    assert quiet.findings == ()
    off = claimkb.check(_copy(tmp_path / "false", "warn_mixed_qualifiers = false\n"))
    assert off.findings == ()
    (warning,) = claimkb.check(_copy(tmp_path / "on", "warn_mixed_qualifiers = true\n")).findings
    assert (warning.code, warning.file, warning.line, warning.claims) == (
        "CKB408",
        "claims/news-a.yaml",
        3,
        ("bureau-2020", "bureau-2010", "a-population"),
    )
    assert warning.message == (
        "united-states / population: a-population (no qualifiers) are never compared with "
        "bureau-2020, bureau-2010 (qualified by census)"
    )


def test_the_setting_must_be_true_or_false(tmp_path: Path) -> None:
    (error,) = claimkb.check(_copy(tmp_path, 'warn_mixed_qualifiers = "yes"\n')).findings
    assert (error.code, error.file, error.line) == ("CKB001", "claimkb.toml", 1)
    assert error.message == "setting 'warn_mixed_qualifiers' should be true or false"

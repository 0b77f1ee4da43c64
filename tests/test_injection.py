"""What a KB holds is escaped by each renderer for its own format, so a file name or a quote
cannot become a CI workflow command, a spreadsheet formula or the end of a ``<script>``."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from claimkb.render.safe import defuse_commands
from conftest import FIXTURES, Invoke

BASE = FIXTURES / "broken" / "_base"

EVIL_NAME = "x\n::error file=x.yaml,line=1::pwned ##[stop-commands]tok\r  ::warning::y.yaml"
EVIL_QUOTE = "##[error]q 105 billion\n::notice::n </script><!-- a & b \u2028\u2029"

# GitHub's runner: a line that starts with "::" once leading spaces are trimmed (workflow
# command), and "##[" anywhere in a line (the legacy form); lines end at CR, LF or CRLF.
COMMAND_LINE = re.compile(r"^\s*::")


def _lines(text: str) -> list[str]:
    return re.split(r"\r\n|\r|\n", text)


def _kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(BASE, root)
    quote = json.dumps(EVIL_QUOTE)
    (root / "claims" / EVIL_NAME).write_text(
        "source: news-a\nclaims:\n"
        "  - id: b\n    subject: Model X\n    property: total-parameters\n"
        f"    value: 105 billion\n    quote: {quote}\n    status: verified\n",
        encoding="utf-8",
    )
    return root


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])  # sarif: the same JSON writer
def test_no_format_lets_kb_text_start_a_workflow_command(
    fmt: str, tmp_path: Path, cli: Invoke
) -> None:
    result = cli("check", "--root", _kb(tmp_path), "--format", fmt)
    assert result.exit_code == 1, result.stderr
    out = result.stdout
    assert "pwned" in out  # the finding is there, about that file
    assert [line for line in _lines(out) if COMMAND_LINE.match(line)] == []
    assert "##[" not in out


def test_junit_still_holds_the_real_file_name(tmp_path: Path, cli: Invoke) -> None:
    out = cli("check", "--root", _kb(tmp_path), "--format", "junit").stdout
    failures = [f for f in ET.fromstring(out).iter("failure") if f.get("type") == "CKB501"]
    assert len(failures) == 1
    assert (failures[0].text or "").startswith(f"claims/{EVIL_NAME}:8: error CKB501")


def test_json_formats_still_hold_the_real_text(tmp_path: Path, cli: Invoke) -> None:
    root = _kb(tmp_path)
    report = json.loads(cli("check", "--root", root, "--format", "json").stdout)
    assert [f["file"] for f in report["findings"]] == [f"claims/{EVIL_NAME}"]
    sarif = json.loads(cli("check", "--root", root, "--format", "sarif").stdout)
    (result,) = sarif["runs"][0]["results"]
    assert result["ruleId"] == "CKB501"


def test_github_annotations_are_the_only_commands(tmp_path: Path, cli: Invoke) -> None:
    out = cli("check", "--root", _kb(tmp_path), "--format", "github").stdout
    lines = _lines(out.rstrip("\n"))
    assert len(lines) == 2  # one annotation, one summary: the name's line breaks are escaped
    assert lines[0].startswith("::error file=") and "%0A%3A%3Aerror" in lines[0]
    assert lines[1].startswith("claimkb: ")


def test_text_shows_the_name_on_one_line(tmp_path: Path, cli: Invoke) -> None:
    out = cli("check", "--root", _kb(tmp_path)).stdout
    assert out.splitlines()[0].startswith(
        "claims/x\\x0a::error file=x.yaml,line=1::pwned \\x23#[stop-commands]tok\\x0d  "
    )


@pytest.mark.parametrize(
    "text, defused",
    [
        ("::error::x", "&#58;:error::x"),
        ("a\n  ::x\r::y\r\n\t::z", "a\n  &#58;:x\r&#58;:y\r\n\t&#58;:z"),
        ("not :: at the start", "not :: at the start"),
        ("a ##[set-output name=x]y", "a &#35;#[set-output name=x]y"),
        (": :x", ": :x"),
    ],
)
def test_defuse_commands(text: str, defused: str) -> None:
    assert defuse_commands(text, "&#58;", "&#35;") == defused


# -- CSV ---------------------------------------------------------------------------------------


def _csv_kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(BASE, root)
    with (root / "claims" / "registry.yaml").open("a", encoding="utf-8") as registry:
        registry.write("  - {id: change, label: change, datatype: quantity, dimension: percent}\n")
    claims = [
        ("f-eq", "104 billion", '=HYPERLINK("http://x","y")'),
        ("f-plus", "104 billion", "+1+1"),
        ("f-at", "104 billion", "@SUM(A1)"),
        ("f-tab", "104 billion", "\tleading tab"),
        ("f-cr", "104 billion", "\rleading return"),
        ("f-minus", "-3%", "-3% fewer"),
    ]
    text = "source: news-a\nclaims:\n"
    for claim_id, value, quote in claims:
        prop = "change" if value.endswith("%") else "total-parameters"
        text += (
            f"  - id: {claim_id}\n    subject: Model X\n    property: {prop}\n"
            f"    value: {json.dumps(value)}\n    quote: {json.dumps(quote)}\n"
            "    status: unchecked\n"
        )
    (root / "claims" / "f.yaml").write_text(text, encoding="utf-8")
    return root


def test_csv_cells_that_a_spreadsheet_would_run_start_with_an_apostrophe(
    tmp_path: Path, cli: Invoke
) -> None:
    result = cli("export", "--root", _csv_kb(tmp_path), "--format", "csv")
    assert result.exit_code == 0, result.stderr
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(result.stdout, newline=""))}
    assert rows["f-eq"]["quote"] == '\'=HYPERLINK("http://x","y")'
    assert rows["f-plus"]["quote"] == "'+1+1"
    assert rows["f-at"]["quote"] == "'@SUM(A1)"
    assert rows["f-tab"]["quote"] == "'\tleading tab"
    assert rows["f-cr"]["quote"] == "'\rleading return"
    assert rows["f-minus"]["quote"] == "'-3% fewer"
    assert rows["f-minus"]["value"] == "'-3%"
    # numbers come from the parsed value, never from text: a negative one stays a number
    assert (rows["f-minus"]["amount"], rows["f-minus"]["lower"]) == ("-3.0", "-3.5")
    assert rows["a-params"]["quote"] == "Model X has 104 billion parameters."
    for row in rows.values():
        for column, cell in row.items():
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or column in (
                "amount",
                "lower",
                "upper",
            ), (column, cell)


# -- ClaimReview JSON-LD in an HTML page ------------------------------------------------------


def test_claimreview_can_sit_in_a_script_element(tmp_path: Path, cli: Invoke) -> None:
    root = _kb(tmp_path)
    result = cli("export", "--root", root, "--format", "claimreview")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for raw in ("<", ">", "&", "\u2028", "\u2029", "##["):
        assert raw not in out, raw
    assert "\\u003c/script\\u003e\\u003c!--" in out
    (review,) = json.loads(out)["@graph"]
    assert review["claimReviewed"] == EVIL_QUOTE  # the same text, once parsed
    page = f'<script type="application/ld+json">{out}</script>'
    assert page.count("</script>") == 1 and "<!--" not in page


def test_show_is_not_a_command_even_when_wrapped(tmp_path: Path, cli: Invoke) -> None:
    """rich wraps long lines wherever a space falls, so no ``::`` is left for a wrapped line
    to start with (tables start their lines with a border)."""
    root = _kb(tmp_path)
    claims = root / "claims" / EVIL_NAME
    long_quote = json.dumps("x" * 70 + " ::error::wrapped " + EVIL_QUOTE)
    claims.write_text(
        claims.read_text(encoding="utf-8").replace(json.dumps(EVIL_QUOTE), long_quote),
        encoding="utf-8",
    )
    result = cli("show", "b", "--root", root)
    assert result.exit_code == 0, result.stderr
    assert [line for line in _lines(result.stdout) if COMMAND_LINE.match(line)] == []
    assert "##[" not in result.stdout
    assert ":\\x3aerror:\\x3awrapped" in result.stdout

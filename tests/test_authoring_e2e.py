"""A new user adds two real articles about DeepSeek-V3 (not in the bundled corpus) to the KB,
drafts their claims, accepts and corrects them, triages the discrepancy they reveal and
settles the statuses, with claimkb commands only: no YAML file is opened, by the test or by
the user it plays. The snapshots are the short passages the test needs
(tests/fixtures/authoring/deepseek/README.md says where they come from)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import Invoke
from test_authoring_kb import DEEPSEEK, corpus_copy, seeds

HEATDROP = (
    "heatdrop-deepseek-v3",
    "heatdrop.ai",
    "671B parameters, 37B active: the efficiency trick behind DeepSeek-V3",
    "https://heatdrop.ai/repo/deepseek-ai/DeepSeek-V3",
    "analysis",
)
HIVE = (
    "hive-deepseek-v3",
    "hive.blog",
    "Deepseek V3: efficient architecture (a summary)",
    "https://hive.blog/hive-167922/@ai-summaries/re-calebmarvel02-1743947042",
    "other",
)


def test_a_new_user_adds_two_articles_without_opening_a_yaml_file(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = corpus_copy(tmp_path)
    monkeypatch.setenv("CLAIMKB_SNAPSHOT_DIRS", os.pathsep.join(map(str, (seeds(), DEEPSEEK))))
    where = ("--root", root)

    def run(*args: str, code: int = 0) -> str:
        result = cli(*args, *where)
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        return result.stdout

    def data(*args: str) -> Any:
        return json.loads(run(*args, "--json"))

    # 1. what the registry already has for parameter counts (no YAML read to find the ids)
    found = data("registry", "properties", "--text", "parameter", "--datatype", "quantity")
    assert [p["id"] for p in found] == [
        "total-parameters",
        "advertised-total-parameters",
        "active-parameters",
        "bytes-per-parameter",
    ]

    # 2. the new entities and the two sources, whose snapshots are archived
    run("add", "entity", "--id", "deepseek", "--name", "DeepSeek", "--kind", "organisation",
        "--alias", "深度求索")  # fmt: skip
    run("add", "entity", "--id", "deepseek-v3", "--name", "DeepSeek-V3", "--kind", "model",
        "--alias", "DeepSeek V3")  # fmt: skip
    for source, publisher, title, url, kind in (HEATDROP, HIVE):
        run("add", "source", "--id", source, "--title", title, "--publisher", publisher,
            "--url", url, "--language", "en", "--kind", kind,
            "--snapshot", f"{source}.txt")  # fmt: skip

    # 3. draft the first article, accept what is right, correct what is not, reject the rest
    drafts = {d["value"]: d for d in data("draft", HEATDROP[0])["drafts"]}
    assert {v: (d["subject"], d["property"]) for v, d in drafts.items() if d["property"] in (
        "total-parameters", "active-parameters", "context-window")} == {
        "671B parameters": ("DeepSeek-V3", "total-parameters"),
        "671-billion-parameter": ("DeepSeek-V3", "total-parameters"),
        "37 billion parameters": ("DeepSeek-V3", "active-parameters"),
        "128K": ("DeepSeek-V3", "context-window"),
        "14.8 trillion tokens": ("DeepSeek-V3", "context-window"),  # wrong: training data
    }  # fmt: skip
    for value in ("671-billion-parameter", "37 billion parameters", "128K"):
        run("accept", drafts[value]["id"])
    run("add", "property", "--id", "training-tokens", "--label", "tokens it was pre-trained on",
        "--datatype", "quantity", "--dimension", "token", "--single-valued")  # fmt: skip
    run("accept", drafts["14.8 trillion tokens"]["id"], "--property", "training-tokens")
    for value, draft in drafts.items():
        if value not in ("671-billion-parameter", "37 billion parameters", "128K",
                         "14.8 trillion tokens"):  # fmt: skip
            run("reject", draft["id"])
    assert data("drafts", HEATDROP[0]) == []

    # 4. the second article: its parameter count is guessed as active (it says "activating
    # all 685 billion parameters"); the user corrects the property
    drafts = {d["value"]: d for d in data("draft", HIVE[0])["drafts"]}
    run("accept", drafts["685 billion parameters"]["id"], "--property", "total-parameters")
    accepted = data("accept", drafts["approximately 37 billion parameters"]["id"])
    assert accepted["claim"]["status"] == "verified"  # two independent sources now state it
    run("reject", drafts["mixture of experts"]["id"])

    # 5. the check finds the contradiction and the status the new evidence understates
    result = cli("check", *where)
    assert result.exit_code == 1
    assert [line.split(": ", 1)[1][:30] for line in result.stdout.splitlines()[:2]] == [
        "error CKB401 conflict: deepsee",
        "warning CKB502 status-understa",
    ]

    # 6. triage it: 685B counts the Multi-Token Prediction module the weights ship with
    open_ = data("resolve")
    assert [(f["ref"], f["claims"]) for f in open_] == [
        (
            "CKB401:heatdrop-deepseek-v3-total-parameters",
            ["heatdrop-deepseek-v3-total-parameters", "hive-deepseek-v3-total-parameters"],
        )
    ]
    resolved = data(
        "resolve", open_[0]["ref"], "--preferred", "heatdrop-deepseek-v3-total-parameters",
        "--kind", "different-scope", "--reason", "685 billion counts the 14B Multi-Token "
        "Prediction module of the published weights; the model has 671 billion parameters",
        "--settle",
    )  # fmt: skip
    assert {r["claim"]: r["suggested"] for r in resolved["statuses"]} == {
        "heatdrop-deepseek-v3-total-parameters": "single-source",
        "hive-deepseek-v3-total-parameters": "disputed",
    }

    # 7. settle the rest, and the KB checks clean
    settled = data("status", "--suggest", "--apply")
    assert [(s["claim"], s["suggested"]) for s in settled["statuses"]] == [
        ("heatdrop-deepseek-v3-active-parameters", "verified")
    ]
    assert cli("check", *where).exit_code == 0
    shown = data("show", "hive-deepseek-v3-total-parameters")["claim"]
    assert (shown["status"], shown["value"]) == ("disputed", "685 billion parameters")
    assert "resolution 'r-heatdrop-deepseek-v3-total-parameters' (different-scope)" in shown["note"]

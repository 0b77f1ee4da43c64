"""Messages that end in what to do: a new name says how to add it (and offers no unrelated
name), a value that cannot be read gives examples of its property's dimension, a status
the evidence does not support names the statuses it does."""

from __future__ import annotations

from pathlib import Path

import claimkb
from conftest import write_tree

REGISTRY = """\
entities:
  - {id: deepep, name: DeepEP, kind: software}
  - {id: ulanqab, name: Ulanqab, kind: place}
  - {id: model-x, name: Model X, kind: model}
properties:
  - {id: total-parameters, label: p, datatype: quantity, dimension: parameter,
     single_valued: true}
  - {id: weights-size, label: w, datatype: quantity, dimension: byte, single_valued: true}
  - {id: released-on, label: r, datatype: date, single_valued: true}
  - {id: datacenter-location, label: d, datatype: entity, entity_kind: place}
"""
CLAIMS = """\
source: news
claims:
  - {id: a, subject: DeepSeek-V3, property: total-parameters, value: 671B, quote: q,
     status: single-source}
  - {id: b, subject: Model X, property: weights-size, value: some terabytes, quote: q,
     status: single-source}
  - {id: c, subject: Model X, property: total-parameters, value: lots, quote: q,
     status: single-source}
  - {id: d, subject: Model X, property: datacenter-location, value: Ulanbaatoi, quote: q,
     status: single-source}
  - {id: e, subject: Model X, property: released-on, value: 2026-11-04, quote: q,
     status: refuted}
"""


def _messages(tmp_path: Path) -> dict[tuple[str, str], str]:
    root = write_tree(
        tmp_path,
        {
            "claims/registry.yaml": REGISTRY,
            "claims/news.yaml": CLAIMS,
            "sources/news.yaml": "id: news\ntitle: t\nlanguage: en\nkind: news\n",
        },
    )
    report = claimkb.check(root)
    return {(f.code, f.claims[0]): f.message for f in report.findings if f.claims}


def test_an_unknown_subject_says_how_to_add_it_and_offers_nothing_unrelated(
    tmp_path: Path,
) -> None:
    message = _messages(tmp_path)[("CKB212", "a")]
    assert message == (
        "claim 'a' has unknown subject 'DeepSeek-V3'; if it is a new name, add it with "
        "`claimkb add entity` (or under `entities:` in claims/registry.yaml), or as another "
        "name of a known entity with `claimkb alias`"
    )


def test_an_unknown_entity_value_says_what_to_do(tmp_path: Path) -> None:
    message = _messages(tmp_path)[("CKB404", "d")]
    assert message.endswith(
        "if the name is right, add it with `claimkb add entity` (or `claimkb alias` for "
        "another name of a known one), else triage it as a misspelling with `claimkb resolve`"
    )


def test_a_value_that_cannot_be_read_gets_examples_of_its_dimension(tmp_path: Path) -> None:
    messages = _messages(tmp_path)
    assert (
        "a quantity in byte (e.g. 'about 5.6 TB', '1.4TB', '80 GB', '216 GiB')"
        in (messages[("CKB220", "b")])
    )
    assert (
        "a quantity in parameter (e.g. '2.8 trillion', '3T', '2.8 万亿'"
        in (messages[("CKB220", "c")])
    )


def test_an_unsupported_status_names_the_statuses_the_evidence_supports(tmp_path: Path) -> None:
    assert _messages(tmp_path)[("CKB501", "e")] == (
        "claim 'e' is 'refuted' but no resolution prefers a rival value and no verdict refutes "
        "it; the evidence supports 'single-source', 'insufficient-evidence' or 'unchecked'"
    )

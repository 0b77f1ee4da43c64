"""How well ``claimkb draft`` proposes the claims people wrote: recall and precision per article.

For each source of the KB that has a snapshot (the bundled corpus: the four seed articles), its
claims are left out of the KB, ``draft`` is run on its text, and the drafts are compared with
the claims left out:

* a draft **matches** a claim when its value, read for the claim's property, states what the
  claim's value states (the same nominal quantity, the same days, the same entity) and it sits
  inside the claim's quote in the text (the draft's value lies within a place where the
  claim's quote occurs); a draft with the claim's subject and property as well is **exact**.
  Claims and drafts are paired one to one (a reviewer accepts a draft as one claim), the
  largest pairing, exact pairs first;
* **recall**: the share of the article's claims some draft matches (and, apart, of the claims
  a drafter could propose at all: quantity, date and entity values; text, boolean and verdict
  claims are paraphrases no rule reads);
* **precision**: the share of the drafts that match some claim of the article, i.e. that a
  reviewer would keep (accept, correcting subject or property where they are not exact). A
  draft matching no claim may still be a true statement the KB did not record, so this is a
  lower bound.

The registry (entities, properties) stays as it is: it was written for these articles, so the
names are known; only the claims, from which the drafter learns which words go with which
property, are the other articles'.

    python bench/draft.py                     # the repository's KB and ../shared/seeds
    python bench/draft.py --root KB --snapshot-dir DIR --rounds 3 --json out.json
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "src"))

import claimkb  # noqa: E402
from claimkb.analysis import agrees  # noqa: E402
from claimkb.authoring.drafting import Draft, draft  # noqa: E402
from claimkb.authoring.snapshot import read_text  # noqa: E402
from claimkb.kb import KB  # noqa: E402
from claimkb.model import Claim, Datatype  # noqa: E402
from claimkb.snapshot_text import normalise  # noqa: E402
from claimkb.values import EntityName, ValueProblem  # noqa: E402

DRAFTABLE = {Datatype.QUANTITY, Datatype.DATE, Datatype.ENTITY}


@dataclass
class Score:
    source: str
    claims: int = 0
    draftable: int = 0
    drafts: int = 0
    found: int = 0
    found_draftable: int = 0
    found_exact: int = 0
    kept: int = 0
    kept_exact: int = 0
    right_property: int = 0
    right_subject: int = 0
    seconds: list[float] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "claims": self.claims,
            "draftable": self.draftable,
            "drafts": self.drafts,
            "recall": _share(self.found, self.claims),
            "recall_draftable": _share(self.found_draftable, self.draftable),
            "recall_exact": _share(self.found_exact, self.claims),
            "precision": _share(self.kept, self.drafts),
            "precision_exact": _share(self.kept_exact, self.drafts),
            "property_right": _share(self.right_property, self.found),
            "subject_right": _share(self.right_subject, self.found),
            "seconds": statistics.median(self.seconds) if self.seconds else None,
        }


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def without_source(kb: KB, source: str) -> KB:
    """The KB with the claims of ``source`` left out (the KB itself unchanged)."""
    other = copy.copy(kb)
    other.claims = {i: c for i, c in kb.claims.items() if c.source != source}
    other.memo, other._subject_ids, other._source_years, other._named = {}, {}, {}, {}
    for cached in ("values", "claims_by_subject", "reviews_of"):
        other.__dict__.pop(cached, None)
    return other


def _places(text: str, quote: str) -> list[tuple[int, int]]:
    needle = normalise(quote)
    found, start = [], text.find(needle)
    while needle and start >= 0:
        found.append((start, start + len(needle)))
        start = text.find(needle, start + 1)
    return found


def _value_places(text: str, made: Draft) -> list[tuple[int, int]]:
    head = len(normalise(made.quote[: made.value_offset] + "\x00")) - 1
    width = len(normalise(made.value))
    return [(s + head, s + head + width) for s, _ in _places(text, made.quote)]


def _states(kb: KB, claim: Claim, written: str) -> bool:
    try:
        stated = kb.read_as(claim, written)
    except ValueProblem:
        return False
    value = kb.value(claim.id)
    if value is None:
        return False
    if isinstance(value, EntityName) and isinstance(stated, EntityName):
        return value.entity is not None and value.entity == stated.entity
    return agrees(value, stated)


def score(kb: KB, source: str, rounds: int) -> Score:
    result = Score(source)
    view = without_source(kb, source)
    drafts: list[Draft] = []
    for _ in range(rounds):
        started = time.perf_counter()
        drafts = draft(view, source)
        result.seconds.append(time.perf_counter() - started)
    text = normalise("\n".join(read_text(kb, kb.sources[source]).lines))
    claims = [c for c in kb.claims.values() if c.source == source and c.property in kb.properties]
    where = {c.id: _places(text, c.quote) for c in claims}
    result.claims, result.drafts = len(claims), len(drafts)
    edges: dict[str, list[int]] = {}
    exact_edges: dict[str, list[int]] = {}
    places = [_value_places(text, made) for made in drafts]
    for claim in claims:
        for index, made in enumerate(drafts):
            inside = any(
                qs <= vs and ve <= qe for vs, ve in places[index] for qs, qe in where[claim.id]
            )
            if not inside or not _states(kb, claim, made.value):
                continue
            edges.setdefault(claim.id, []).append(index)
            if made.property == claim.property and made.subject_id == kb.subject_id(claim):
                exact_edges.setdefault(claim.id, []).append(index)
    exact = _matching(exact_edges, {})
    matched = _matching(edges, dict(exact))
    for claim in claims:
        datatype = kb.properties[claim.property].datatype
        result.draftable += datatype in DRAFTABLE
        hit = claim.id in matched
        result.found += hit
        result.found_draftable += hit and datatype in DRAFTABLE
        result.found_exact += matched.get(claim.id) in exact_edges.get(claim.id, ())
        if not hit and datatype in DRAFTABLE:
            result.missed.append(claim.id)
    for claim_id, index in matched.items():
        claim = kb.claims[claim_id]
        result.right_property += drafts[index].property == claim.property
        result.right_subject += drafts[index].subject_id == kb.subject_id(claim)
    result.kept = len(matched)
    result.kept_exact = result.found_exact
    return result


def _matching(edges: dict[str, list[int]], start: dict[str, int]) -> dict[str, int]:
    """A largest one-to-one pairing of claims with drafts (each draft is accepted as one
    claim), grown from ``start`` by augmenting paths."""
    claim_of = {d: c for c, d in start.items()}
    pairs = dict(start)

    def augment(claim: str, seen: set[int]) -> bool:
        for draft_index in edges.get(claim, ()):
            if draft_index in seen:
                continue
            seen.add(draft_index)
            other = claim_of.get(draft_index)
            if other is None or augment(other, seen):
                pairs[claim], claim_of[draft_index] = draft_index, claim
                return True
        return False

    for claim in edges:
        if claim not in pairs:
            augment(claim, set())
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--snapshot-dir", type=Path, action="append")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, help="Also write the figures here.")
    parser.add_argument("--missed", action="store_true", help="List the claims not proposed.")
    args = parser.parse_args(argv)
    dirs = args.snapshot_dir or [ROOT.parent / "shared" / "seeds"]
    kb = claimkb.load(args.root, snapshot_dirs=dirs)
    sources = sorted(s.id for s in kb.sources.values() if s.snapshot)
    scores = [score(kb, source, args.rounds) for source in sources]
    total = Score("all")
    for s in scores:
        for name in ("claims", "draftable", "drafts", "found", "found_draftable", "found_exact"):
            setattr(total, name, getattr(total, name) + getattr(s, name))
        total.kept += s.kept
        total.kept_exact += s.kept_exact
        total.right_property += s.right_property
        total.right_subject += s.right_subject
        total.seconds.append(sum(s.seconds) / len(s.seconds))
    rows = [s.row() for s in [*scores, total]]
    rows[-1]["seconds"] = round(sum(r["seconds"] or 0 for r in rows[:-1]), 3)
    machine = (
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs"
    )
    print(f"claimkb draft on {args.root} ({machine}; median of {args.rounds} rounds)\n")
    print(
        "| source | claims | drafts | recall | recall (draftable) | recall exact | precision "
        "| precision exact | property right | subject right | seconds |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        cells = [r["source"], r["claims"], r["drafts"], _pct(r["recall"]),
                 _pct(r["recall_draftable"]), _pct(r["recall_exact"]), _pct(r["precision"]),
                 _pct(r["precision_exact"]),
                 _pct(r["property_right"]), _pct(r["subject_right"]),
                 f"{r['seconds']:.2f}" if r["seconds"] is not None else ""]  # fmt: skip
        print("| " + " | ".join(str(c) for c in cells) + " |")
    if args.missed:
        for s in scores:
            print(f"\n{s.source} missed: {', '.join(s.missed)}")
    if args.json:
        args.json.write_text(
            json.dumps({"machine": machine, "rounds": args.rounds, "rows": rows}, indent=2)
        )
    return 0


def _pct(share: float | None) -> str:
    return "" if share is None else f"{100 * share:.0f}%"


if __name__ == "__main__":
    raise SystemExit(main())

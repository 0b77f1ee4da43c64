"""The codes of what checking claims finds: quotes, discrepancies, statuses, triage
(CKB3xx-CKB6xx)."""

from __future__ import annotations

from .entry import E, Entry, N, W

__all__ = ["ENTRIES"]

ENTRIES = [
    # -- sources and quotes ------------------------------------------------------------------
    Entry(
        "CKB301",
        "quote-not-found",
        E,
        "Quote not in source",
        "A claim's quote does not appear verbatim (after whitespace normalisation) in its "
        "source's snapshot text.",
        "Copy the quote exactly from the source; the message shows the nearest passage, and for "
        "a short quote the words it differs in ([-the quote's-]{+the source's+}).",
        "claim '{claim}': quote not found in snapshot {snapshot}; nearest passage "
        "(line {near_line}, {score}% similar): {shown}",
    ),
    Entry(
        "CKB302",
        "snapshot-missing",
        N,
        "Snapshot not available",
        "A source names an archived text, but no snapshot directory holds it, so its quotes "
        "were not checked. Information by default, so a clone without the archive still "
        "checks; an error when require_snapshots is set or check --require-snapshots is given.",
        "Make the archive available: keep it in a snapshot directory of the KB, or name the "
        "directory that holds it with --snapshot-dir or CLAIMKB_SNAPSHOT_DIRS.",
        "source '{source}': snapshot {snapshot!r} not found in {searched}; "
        "{count} quote(s) not checked",
    ),
    Entry(
        "CKB303",
        "snapshot-path",
        E,
        "Snapshot path not allowed or unreadable",
        "A snapshot path is absolute, climbs out of its snapshot directory, names a hidden "
        "file or leads elsewhere through a link, or the file cannot be read or is larger than "
        "max_snapshot_bytes. Snapshot paths are confined so that a KB cannot make the tool "
        "read, or reveal, a file that is not part of it.",
        "Give the path relative to a snapshot directory, without '..'; keep the archived text "
        "UTF-8 and under max_snapshot_bytes.",
        "source '{source}': snapshot path {snapshot!r} {detail}",
    ),
    Entry(
        "CKB304",
        "snapshot-none",
        E,
        "Source without a snapshot",
        "Snapshots are required (require_snapshots, or check --require-snapshots), and a "
        "source that claims quote names no archived text, so none of its quotes can be "
        "checked. Without the requirement such quotes are only counted in the summary.",
        "Archive the article's text and name it in the source's snapshot field.",
        "source '{source}' names no snapshot; {count} quote(s) not checked",
    ),
    Entry(
        "CKB305",
        "value-not-quoted",
        E,
        "Value not what its quote says",
        "A claim's value, read for its property, is not a value its quote states (compared as "
        "values: separators, decimal marks, full-width digits, Chinese magnitudes and unit "
        "spacing do not matter), or an entity value is not named in its quote. Copying a "
        "figure wrongly is the commonest mistake in writing a claim.",
        "Correct the value (or the quote) to what the source says; when the value is rightly "
        "not in the quote (a paraphrase, a unit stated elsewhere), say why in unquoted:.",
        "claim '{claim}': value {value!r} is not what its quote says: {detail}",
    ),
    # -- discrepancies between claims (triageable) ------------------------------------------
    Entry(
        "CKB401",
        "conflict",
        E,
        "Conflicting values",
        "Claims on a single-valued property of one subject, with the same qualifiers, cannot "
        "all hold: their value ranges are disjoint, their dates cannot overlap, or they name "
        "different entities. The values are listed in classes that hold together ('~' within "
        "a class, 'vs' between classes), and every claim of the group is named, a claim "
        "consistent with both sides included.",
        "Triage it: add a resolution naming the preferred claim, the kind of discrepancy and "
        "the reason; set the losing claims' status (refuted, disputed).",
        "{subject} / {property}{qualifiers}: {values}",
        triageable=True,
    ),
    Entry(
        "CKB402",
        "rounding",
        W,
        "Rounded or imprecise value",
        "Claims on a single-valued property overlap in range but state different values: one "
        'is probably a rounding of the other ("3 trillion" for 2.8 trillion). Reported for '
        "each class of values that hold together, also when other classes conflict. One "
        'figure in two units, each to its written precision ("8,849 m" and "29,032 ft"), is '
        "the same value, not a rounding.",
        "Triage it with a resolution of kind 'rounding' naming the precise claim.",
        "{subject} / {property}{qualifiers}: {values}",
        triageable=True,
    ),
    Entry(
        "CKB403",
        "date-precision",
        W,
        "Dates at different precisions",
        "Date claims for one event are compatible but written at different precisions "
        "(a day, a range of days, early in a month).",
        "Triage it with a resolution naming the most precise claim.",
        "{subject} / {property}{qualifiers}: {values}",
        triageable=True,
    ),
    Entry(
        "CKB404",
        "unknown-entity",
        E,
        "Value is not a known entity",
        "An entity-valued claim names something that is neither a registered entity nor an "
        "alias. It may be a misspelling or a garbled name; the nearest known entities of the "
        "kind the property expects are listed. The tool never corrects it for you.",
        "If the name is right, add it with `claimkb add entity` (or under `entities:` in "
        "claims/registry.yaml), or as an alias of the entity it names with `claimkb alias`; "
        "otherwise triage the claim as a misspelling: a resolution of kind misspelling "
        "preferring a claim that names the entity (`claimkb resolve`).",
        "claim '{claim}': {value!r} is not a known {kind}; nearest: {candidates}; if the name "
        "is right, add it with `claimkb add entity` (or `claimkb alias` for another name of a "
        "known one), else triage it as a misspelling with `claimkb resolve`",
        triageable=True,
    ),
    Entry(
        "CKB405",
        "count-mismatch",
        E,
        "Count does not match the items listed",
        "A claim states a count and lists the items counted, and the numbers disagree.",
        "Triage it (the article miscounted) or correct the transcription.",
        "claim '{claim}': states {value!r} but lists {listed} item(s): {items}",
        triageable=True,
    ),
    Entry(
        "CKB406",
        "review-disagrees",
        E,
        "A fact-check verdict disagrees with the status",
        "A verdict claim (a fact-check of another claim) rates a claim lower than the status "
        "the knowledge base gives it.",
        "Lower the reviewed claim's status, or triage the disagreement with a reason.",
        "claim '{claim}' has status '{status}' but {reviewer} rates it '{verdict}'",
        triageable=True,
    ),
    Entry(
        "CKB407",
        "self-contradiction",
        W,
        "A source contradicts itself",
        "One source states values for the same subject, property and qualifiers that cannot "
        "all hold (a table's count against a different count in the text around it). "
        "Reported besides any conflict between sources, because a reader of that source alone "
        "meets both values. A rounding beside the exact figure (a headline's '3 trillion' by "
        "the body's 2.8 trillion, 'about 40%' by 40.05%), a bound the figure meets ('more "
        "than 5.58 million' by 5,586,019), one figure in two units, or a day inside a coarser "
        "date is no contradiction: the source is only less precise in one place.",
        "Triage it with a resolution of kind 'self-contradiction' naming the value the source "
        "supports best, and give the other claims a status that says so.",
        "source '{source}' states values that cannot all hold for {subject} / "
        "{property}{qualifiers}: {values}",
        triageable=True,
    ),
    Entry(
        "CKB408",
        "mixed-qualifiers",
        W,
        "Rivals split by qualifiers",
        "Claims on one subject's single-valued property are split between claims with no "
        "qualifiers and claims with some, so they are never compared: a claim with no "
        "qualifier and one with {workload: dense} about the same figure are not rivals. "
        "Reported only when the KB's configuration sets warn_mixed_qualifiers = true.",
        "Give the unqualified claims the qualifiers they mean, or qualify none; "
        "`claimkb show` and `claimkb conflicts --uncompared` list the claims left uncompared.",
        "{subject} / {property}: {unqualified} (no qualifiers) are never compared with "
        "{qualified} (qualified by {qualifiers})",
    ),
    Entry(
        "CKB409",
        "weekday-mismatch",
        W,
        "Weekday does not match the date",
        'A date is written with its weekday ("Sunday, 4 November 2023", '
        '"2023年11月4日（星期六）") and that day of the calendar falls on another weekday, '
        "so the source got the weekday or the date wrong. The claim keeps the calendar date.",
        "Check the article: if it printed a wrong weekday or date, triage it with a resolution "
        "of kind 'error' and say which one is right; if the transcription is wrong, fix it.",
        "claim '{claim}': {value!r} says {stated}, but {date} was a {actual}",
        triageable=True,
    ),
    Entry(
        "CKB411",
        "derived-mismatch",
        E,
        "Derived value does not add up",
        "A claim states a figure its source computed from other figures, and recomputing it "
        "from those figures (over the range their written digits allow) does not give the "
        "stated value. When one hypothesis explains the gap, it is named: a decimal/binary "
        "prefix mix-up, a format's nominal size used for its real one, a rival figure used as "
        "an input, or rounding.",
        "See the recomputation with `claimkb explain ID`. If the source's arithmetic is wrong, "
        "triage it with a resolution (kind arithmetic, unit-confusion or rounding) and set "
        "the claim's status; if the transcription is wrong, fix it.",
        "claim '{claim}' states {value!r} ({stated}) but {expr} gives {recomputed}{because}",
        triageable=True,
    ),
    # -- statuses ----------------------------------------------------------------------------
    Entry(
        "CKB501",
        "status-unsupported",
        E,
        "Status not supported by the evidence",
        "A claim's status claims more (or less) than the knowledge base can show: 'verified' "
        "needs two independent sources (sources that relay one another, or that one organisation "
        "issued, count once), "
        "'refuted' needs a preferred rival, 'vendor-claim' needs an official source, and so on.",
        "Change the status to one the message lists as supported, or add the missing evidence.",
        "claim '{claim}' is '{status}' but {detail}; the evidence supports {supported}",
    ),
    Entry(
        "CKB502",
        "status-understated",
        W,
        "Status weaker than the evidence",
        "A claim is marked single-source, vendor-claim or unchecked although independent "
        "sources in the knowledge base agree with it.",
        "Consider 'verified' (the message lists the independent supporting claims).",
        "claim '{claim}' is '{status}' but {count} independent sources support it: {support}",
    ),
    # -- triage ------------------------------------------------------------------------------
    Entry(
        "CKB601",
        "stale-resolution",
        W,
        "Resolution matches no finding",
        "A resolution no longer matches any discrepancy: the claims changed or were removed, "
        "so the recorded reason may no longer apply.",
        "Update the resolution's claims or delete it.",
        "resolution '{resolution}' matches no current finding",
    ),
    Entry(
        "CKB602",
        "invalid-resolution",
        E,
        "Resolution is inconsistent",
        "A resolution's preferred claim is not among its claims, or it names fewer than one claim.",
        "List the preferred claim among the resolution's claims.",
        "resolution '{resolution}': {detail}",
    ),
]

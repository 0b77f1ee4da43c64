"""The catalogue of finding codes: the single place a finding's identity is defined.

Each entry gives a stable code (``CKB401``) and slug (``conflict``), a default severity, a
title, a description, what to do about it, and the message template the finding's data fills
in. Checks create findings from this catalogue; renderers (text, JSON, CI formats) and the
generated findings reference read it. Codes are never reused or renumbered.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """How bad a finding is. ``error`` fails ``claimkb check`` by default."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "info": 1}[self.value]


@dataclass(frozen=True, slots=True)
class Entry:
    code: str
    slug: str
    severity: Severity
    title: str
    description: str
    fix: str
    template: str
    triageable: bool = False
    """A triageable finding records a discrepancy between claims; a resolution in the data can
    accept it with a reason, after which it no longer fails the check."""


E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO

_ENTRIES = [
    # -- configuration and files -------------------------------------------------------------
    Entry(
        "CKB001",
        "config-error",
        E,
        "Invalid configuration",
        "The [tool.claimkb] table in pyproject.toml or the claimkb.toml at the KB root cannot "
        "be read or has an unknown or mistyped setting.",
        "Fix the setting named in the message; the README lists every setting.",
        "{detail}",
    ),
    Entry(
        "CKB101",
        "yaml-syntax",
        E,
        "YAML syntax error",
        "The file is not valid YAML, so none of its records could be read.",
        "Fix the syntax at the line given (an unclosed bracket or quote, a tab used for "
        "indentation, or a leftover merge-conflict marker are the usual causes).",
        "{detail}",
    ),
    Entry(
        "CKB102",
        "duplicate-key",
        E,
        "Duplicate key",
        "A mapping names the same key twice. YAML parsers silently keep the last one, so a "
        "reviewer would read a value that the tool never sees.",
        "Remove or rename one of the two keys.",
        "{detail}",
    ),
    Entry(
        "CKB103",
        "yaml-forbidden",
        E,
        "YAML feature not allowed",
        "The file uses a YAML feature a knowledge base refuses: aliases, language-specific "
        "tags such as !!python/object, or nesting deeper than any record needs.",
        "Write the value out in plain YAML (mappings, lists, strings, numbers, booleans).",
        "{detail}",
    ),
    Entry(
        "CKB104",
        "unreadable-file",
        E,
        "File cannot be read",
        "The file could not be read as UTF-8 text: it is binary, in another encoding, too "
        "large, not a regular file, or not readable.",
        "Save the file as UTF-8 (without NUL bytes), or move it out of claims/ and sources/.",
        "{detail}",
    ),
    Entry(
        "CKB105",
        "empty-file",
        W,
        "Empty file",
        "The file holds no records. It is probably a leftover or an unfinished edit.",
        "Add the records it was meant to hold, or delete it.",
        "the file is empty; add records or delete it",
    ),
    Entry(
        "CKB106",
        "check-incomplete",
        N,
        "Checks held back by a file that cannot be read",
        "A file that cannot be read in full may define claims, entities, properties, "
        "constants, resolutions or sources. Until it can be read, nothing that depends on "
        "them is reported as if they did not exist: a resolution that matches no finding is "
        "unknown rather than stale (and the triaged count says so), a discrepancy that a lost "
        "resolution may triage is not reported, and a status that rests on evidence the file "
        "may hold is not judged. This one finding says what was held back.",
        "Fix the file's own error (reported on the same line); the held-back checks run "
        "again then.",
        "while {where} cannot be read in full, what it may define is unknown: {detail}; fix "
        "it and check again",
    ),
    # -- schema ------------------------------------------------------------------------------
    Entry(
        "CKB201",
        "missing-field",
        E,
        "Missing required field",
        "A record lacks a field it must have, so it was left out of the knowledge base.",
        "Add the field named in the message.",
        "{what} is missing the required field '{field}'",
    ),
    Entry(
        "CKB202",
        "unknown-field",
        E,
        "Unknown field",
        "A record has a field the schema does not define, usually a typo of a real one.",
        "Rename the field to one the schema defines (see `claimkb schema`) or remove it.",
        "{what} has an unknown field '{field}'{hint}",
    ),
    Entry(
        "CKB203",
        "wrong-type",
        E,
        "Wrong type",
        "A field holds a value of the wrong type (a list where text is expected, ...).",
        "Change the value to the type given in the message.",
        "{what}: field '{field}' {detail}",
    ),
    Entry(
        "CKB204",
        "invalid-value",
        E,
        "Invalid value",
        "A field has the right type but a value the schema does not allow (an id with spaces, "
        "a status outside the verdict scale, ...).",
        "Use one of the allowed values given in the message.",
        "{what}: field '{field}' {detail}",
    ),
    Entry(
        "CKB205",
        "duplicate-id",
        E,
        "Duplicate id",
        "Two records of the same kind share an id, so references to it are ambiguous.",
        "Give one of them a new id (ids are permanent: rename the newer one).",
        "{kind} id '{id}' is already defined at {first}",
    ),
    Entry(
        "CKB206",
        "ambiguous-name",
        E,
        "Name shared by two entities",
        "An entity name or alias (compared ignoring case, width and hyphenation) belongs to "
        "two entities, so a claim using it could mean either.",
        "Remove the alias from one entity, or make it more specific.",
        "{name!r} names both entity '{first}' and entity '{second}'",
    ),
    Entry(
        "CKB211",
        "unknown-source",
        E,
        "Unknown source",
        "A claim or source refers to a source id that no file under sources/ defines.",
        "Correct the id (`claimkb sources` lists them), or add the source: a file under "
        "sources/ with its id, title and kind.",
        "{what} refers to unknown source '{ref}'{hint}",
    ),
    Entry(
        "CKB212",
        "unknown-subject",
        E,
        "Unknown subject",
        "A claim's subject is not an entity id or alias in the entity registry.",
        "Correct the subject to a known name, or, for a new one, add it with `claimkb add "
        "entity --id ID --name NAME --kind KIND` (or under `entities:` in claims/registry.yaml: "
        "id, name, kind, and the spellings sources use as aliases); a new spelling of a known "
        "entity is added with `claimkb alias ENTITY NAME`.",
        "{what} has unknown subject '{ref}'{hint}; if it is a new name, add it with "
        "`claimkb add entity` (or under `entities:` in claims/registry.yaml), or as another "
        "name of a known entity with `claimkb alias`",
    ),
    Entry(
        "CKB213",
        "unknown-property",
        E,
        "Unknown property",
        "A claim uses a property that the property registry does not define.",
        "Correct the id (`claimkb registry` lists the properties), or add the property with "
        "`claimkb add property` (or under `properties:` in claims/registry.yaml: id, label, "
        "datatype, dimension for a quantity, single_valued).",
        "{what} uses unknown property '{ref}'{hint}; if it is a new one, add it with "
        "`claimkb add property` (or under `properties:` in claims/registry.yaml)",
    ),
    Entry(
        "CKB214",
        "unknown-claim",
        E,
        "Unknown claim",
        "A resolution, review or derivation refers to a claim id that does not exist.",
        "Correct the claim id (`claimkb claims --text ID` finds claims by part of their id).",
        "{what} refers to unknown claim '{ref}'{hint}",
    ),
    Entry(
        "CKB215",
        "unknown-entity-kind",
        E,
        "Unknown entity kind",
        "A property expects values of an entity kind that no registered entity has.",
        "Use a kind that the entity registry uses, or register entities of that kind.",
        "{what} expects entity kind '{ref}', which no entity has",
    ),
    Entry(
        "CKB216",
        "qualifier-variant",
        W,
        "Qualifier spelt like a more frequent one",
        "A qualifier name or value is written by one claim (or few) beside a near-identical "
        "spelling written by many (case, separators or a letter or two apart). Claims whose "
        "qualifiers differ are never compared, so a typo silently splits a group of rivals. "
        "Spellings that differ in their digits are never variants.",
        "Write the frequent spelling (or give the file a qualifiers: default, so it is typed "
        "once); if the two really differ, make the difference plain.",
        "{what} {written!r} ({count} claim(s)) looks like {frequent!r} ({frequent_count} "
        "claims): did you mean {frequent!r}?",
    ),
    Entry(
        "CKB220",
        "unparseable-value",
        E,
        "Value cannot be read",
        "A claim's written value cannot be read as its property's datatype, so it cannot be "
        "compared with other claims.",
        "Write the value in one of the forms the message lists, or fix the property's datatype.",
        "claim '{claim}': cannot read {value!r} as {expected}: {detail}",
    ),
    Entry(
        "CKB231",
        "derived-error",
        E,
        "Derivation cannot be recomputed",
        "A derived claim's expression, or a constant it uses, cannot be evaluated: a syntax "
        "error, an unknown name or function, units that cannot be combined (bytes added to "
        "parameters, ceil of a size), a result in another unit than the claim's property, an "
        "input that is not a bounded quantity, a constant that cannot be read, or derived "
        "claims that depend on one another in a cycle.",
        "Fix the expression at the column given (see 'Derived claims' in the README), or the "
        "constant or input it names.",
        "{what}: {detail}",
    ),
    Entry(
        "CKB232",
        "derived-no-inputs",
        E,
        "Derivation uses no claim or constant",
        "A derived claim's expression references no claim and no constant ('4', '2 * 3'), so "
        "recomputing it checks nothing the sources say. It never matches, and it supports no "
        "status ('verified' by arithmetic needs at least one claim as an input).",
        "Write the expression from the figures the value was computed from, as references "
        "({claim-id} * {constant-id}), or remove 'derived:' if the figure was not computed.",
        "{what}: {detail}",
    ),
    Entry(
        "CKB233",
        "derived-limit",
        E,
        "Expression past a size limit",
        "A derived claim's expression is longer than 2000 characters, holds more than 100 "
        "numbers, references and units, or nests parentheses, function calls and signs more "
        "than 60 levels deep. The expression is not evaluated; no article's arithmetic needs "
        "this much.",
        "Split the computation into derived claims of their own, each referencing the previous "
        "step, or remove the repeated signs or parentheses at the column given.",
        "{what}: {detail}",
    ),
    Entry(
        "CKB234",
        "derived-not-finite",
        E,
        "Derivation leaves the float range",
        "A number in a derived claim's expression, an input, the stated value or a step of the "
        "recomputation is beyond the float range (±1.8e308, e.g. '1e999' or '1e300 * 1e300'), "
        "or non-zero but below its smallest normal value (2.2e-308), where it would read as "
        "0. Such a value is never compared: an infinite range would match every stated value.",
        "Check the exponents and units of the figures at the column given; write each figure "
        "at the scale the article means.",
        "{what}: {detail}",
    ),
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

CATALOGUE: dict[str, Entry] = {e.slug: e for e in _ENTRIES}
BY_CODE: dict[str, Entry] = {e.code: e for e in _ENTRIES}

assert len(CATALOGUE) == len(_ENTRIES) == len(BY_CODE), "finding codes and slugs are unique"
assert [e.code for e in _ENTRIES] == sorted(e.code for e in _ENTRIES), "catalogue in code order"


def entry(slug_or_code: str) -> Entry:
    """Look up a catalogue entry by slug (``conflict``) or code (``CKB401``)."""
    found = CATALOGUE.get(slug_or_code) or BY_CODE.get(slug_or_code)
    if found is None:
        raise KeyError(f"no finding code {slug_or_code!r} in the catalogue")
    return found

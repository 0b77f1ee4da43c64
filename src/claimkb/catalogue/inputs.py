"""The codes of what reading a KB meets: configuration, files, schema (CKB0xx-CKB2xx)."""

from __future__ import annotations

from .entry import E, Entry, N, W

__all__ = ["ENTRIES"]

ENTRIES = [
    # -- configuration and files -------------------------------------------------------------
    Entry(
        "CKB001",
        "config-error",
        E,
        "Invalid configuration",
        "The [tool.claimkb] table in pyproject.toml or the claimkb.toml at the KB root cannot "
        "be read or has an unknown or mistyped setting.",
        "Fix the setting named in the message; docs/configuration.md lists every setting.",
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
        "Fix the expression at the column given (see docs/derived-claims.md), or the "
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
]

"""schema.org ClaimReview JSON-LD: each checked claim as a published fact-check.

Every claim whose status is not ``unchecked`` becomes a ``ClaimReview``:

* ``url`` is the review's page: the claim's page of the HTML report (``claimkb report``),
  ``claims/<id>.html`` under ``base_url`` where the report is published (relative to the
  document when no base is given, as when the JSON-LD is embedded in the report);
* ``claimReviewed`` is the verbatim quote; ``identifier`` the claim id;
* ``reviewRating`` is a ``Rating`` on the README's 1–5 scale, its ``alternateName`` the
  verdict's name (``True``, ``Unconfirmed``, ``Vendor claim``, ``Imprecise``, ``Unproven``,
  ``Disputed``, ``False``) and, where a resolution triages the claim, its ``ratingExplanation``
  the resolution's reason (otherwise the claim's note);
* ``itemReviewed`` is a ``Claim`` that ``appearance`` places in its source (a
  ``CreativeWork`` with url, headline, datePublished, language and publisher, each when the
  source gives it) and, where the
  claim rests on a single original source, ``firstAppearance`` in that one;
* ``author`` is the organisation keeping the knowledge base.

Only schema.org terms are used, each on a type its domain allows; the tests check this
against the published vocabulary.
"""

from __future__ import annotations

import re
from typing import Any

from ..analysis import origins
from ..kb import KB
from ..model import Claim, Source, Status
from .rows import claims_in_order

CONTEXT = "https://schema.org"
BEST, WORST = 5, 1

RATINGS: dict[Status, tuple[int, str]] = {
    Status.VERIFIED: (5, "True"),
    Status.SINGLE_SOURCE: (4, "Unconfirmed"),
    Status.VENDOR_CLAIM: (3, "Vendor claim"),
    Status.IMPRECISE: (3, "Imprecise"),
    Status.INSUFFICIENT_EVIDENCE: (2, "Unproven"),
    Status.DISPUTED: (2, "Disputed"),
    Status.REFUTED: (1, "False"),
}
"""The verdict scale as ClaimReview ratings (the README's status table); ``unchecked`` claims
are not exported."""

_ISO_DATE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")


def to_claimreview(kb: KB, author: str, base_url: str = "") -> dict[str, Any]:
    """A JSON-LD document with one ClaimReview per checked claim, in file order; each
    review's ``url`` is its claim's page of the HTML report published at ``base_url``."""
    from ..site.urls import DIRS, file_stems

    stems = file_stems(kb.claims)
    base = base_url if not base_url or base_url.endswith("/") else base_url + "/"
    reviews = [
        claim_review(kb, claim, author, f"{base}{DIRS['claim']}/{stems[claim.id]}.html")
        for claim in claims_in_order(kb)
        if claim.status in RATINGS
    ]
    return {"@context": CONTEXT, "@graph": reviews}


def base_url_problem(base_url: str) -> str | None:
    """Why a base URL for the reviews' pages is unusable, or None."""
    if not re.match(r"^https?://[^\s/?#]+(?:/[^\s?#]*)?$", base_url):
        return f"--base-url {base_url!r} should be an http(s) address such as https://example.org/report/"
    return None


def claim_review(kb: KB, claim: Claim, author: str, url: str) -> dict[str, Any]:
    value, name = RATINGS[claim.status]
    rating: dict[str, Any] = {
        "@type": "Rating",
        "ratingValue": value,
        "bestRating": BEST,
        "worstRating": WORST,
        "alternateName": name,
    }
    explanation = _explanation(kb, claim)
    if explanation:
        rating["ratingExplanation"] = explanation
    return {
        "@type": "ClaimReview",
        "url": url,
        "identifier": claim.id,
        "claimReviewed": claim.quote,
        "itemReviewed": _claim(kb, claim),
        "reviewRating": rating,
        "author": {"@type": "Organization", "name": author},
    }


def _claim(kb: KB, claim: Claim) -> dict[str, Any]:
    item: dict[str, Any] = {"@type": "Claim", "text": _statement(kb, claim)}
    entity = kb.entity(claim.subject)
    if entity is not None:
        item["about"] = {"@type": "Thing", "identifier": entity.id, "name": entity.name}
    source = kb.sources.get(claim.source)
    if source is not None:
        item["appearance"] = creative_work(source)
    original = _original(kb, claim)
    if original is not None:
        item["firstAppearance"] = creative_work(original)
    return item


def _statement(kb: KB, claim: Claim) -> str:
    """The claim in a few words: subject, property and the value as written."""
    entity = kb.entity(claim.subject)
    prop = kb.properties.get(claim.property)
    subject = entity.name if entity else claim.subject
    label = prop.label if prop else claim.property
    qualifiers = "".join(f", {k}: {v}" for k, v in sorted(claim.qualifiers.items()))
    return f"{subject} — {label}{qualifiers}: {claim.written}"


def creative_work(source: Source) -> dict[str, Any]:
    work: dict[str, Any] = {"@type": "CreativeWork", "identifier": source.id}
    if source.url:
        work["url"] = source.url
    work["headline"] = source.title
    if source.date is not None and _ISO_DATE.match(str(source.date)):
        work["datePublished"] = str(source.date)
    work["inLanguage"] = source.language
    if source.publisher:  # an unnamed publisher is left out, not published as a null name
        work["publisher"] = {"@type": "Organization", "name": source.publisher}
    return work


def _original(kb: KB, claim: Claim) -> Source | None:
    """The one source the claim first appeared in: among the sources it rests on, the only
    one that relays none of the others. None when that is not a single source."""
    rests_on = origins(kb, claim)
    roots = [
        s
        for s in rests_on
        if (source := kb.sources.get(s)) is not None and not set(source.cites) & rests_on
    ]
    return kb.sources[roots[0]] if len(roots) == 1 else None


def _explanation(kb: KB, claim: Claim) -> str | None:
    for resolution in sorted(kb.resolutions.values(), key=lambda r: r.id):
        if claim.id in resolution.claims:
            return resolution.reason
    return claim.note

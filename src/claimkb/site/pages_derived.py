"""A derived claim's page: its recomputation as steps with ranges, the inputs with their
sources, and the recomputed range against the stated one on one axis."""

from __future__ import annotations

from typing import Any

from ..explain import explain
from ..model import Claim
from .context import Context
from .html import e, number
from .layout import page
from .parts import claim_label, findings_list, status_badge
from .svg_charts import Bar, ranges_chart

__all__ = ["derived_page", "VERDICT_CLASS"]

BASE = "../"
VERDICT_CLASS = {"matches": "clean", "mismatch": "open", "error": "open", "unchecked": "sev-info"}


def derived_page(ctx: Context, claim: Claim) -> str:
    kb = ctx.kb
    data = explain(kb, claim.id, ())
    verdict = str(data["verdict"])
    badge = f'<span class="badge {VERDICT_CLASS.get(verdict, "sev-info")}">{e(verdict)}</span>'
    body = [
        f"<h1>Recomputing {e(claim_label(kb, claim))}</h1>",
        f'<p class="lede">Derived claim {ctx.urls.link("claim", claim.id, BASE)} '
        f"{status_badge(claim.status.value)} · recomputation {badge}</p>",
        f"<p>The source states <strong>{e(claim.written)}</strong>, computed as "
        f"<code>{e(data['expr'])}</code>.</p>",
    ]
    if data["note"]:
        body.append(f'<p class="note">{e(data["note"])}</p>')
    body.append(_verdict(data))
    if data["result"] is not None and data["stated"] is not None:
        body.append(_comparison(data))
    if any(s["kind"] == "step" for s in data["steps"]):
        labelled = _labelled(data["steps"])
        body.append("<h2>Steps</h2>")
        body.append(_steps_chart(labelled))
        body.append(_steps_table(labelled))
    if data["inputs"]:
        body.append("<h2>Inputs</h2>")
        body.append(_inputs(ctx, data["inputs"]))
    found = ctx.by_claim.get(claim.id, [])
    if found:
        body.append(f"<h2>Findings ({len(found)})</h2>")
        body.append(findings_list(ctx, found, BASE))
    return page(
        site=ctx.site,
        title=f"Recomputing {claim.id}",
        body="\n".join(body),
        base=BASE,
        current="derived",
        crumbs=(("derived.html", "Derived claims"),),
    )


def _shown(value: dict[str, Any]) -> str:
    unit = f" {value['unit']}" if value["unit"] else ""
    if value["lower"] == value["upper"]:
        return f"{number(value['nominal'])}{unit}"
    low, high = number(value["lower"]), number(value["upper"])
    return f"{number(value['nominal'])}{unit} (range {low} to {high})"


def _verdict(data: dict[str, Any]) -> str:
    verdict = str(data["verdict"])
    lines = []
    if data["result"] is not None:
        lines.append(f"<p>Recomputed: <strong>{e(_shown(data['result']))}</strong></p>")
    if data["stated"] is not None:
        lines.append(f"<p>Stated: <strong>{e(_shown(data['stated']))}</strong></p>")
    if data["detail"]:
        column = f" (column {e(data['column'])})" if data["column"] else ""
        lines.append(f"<p>{e(data['detail'])}{column}</p>")
    causes = data["causes"]
    if causes:
        first, *others = causes
        lines.append(
            f"<p>Likely cause: <strong>{e(first['kind'])}</strong>: {e(first['detail'])}</p>"
        )
        lines.extend(f"<p>Also fits: {e(c['kind'])}: {e(c['detail'])}</p>" for c in others)
    elif verdict == "mismatch":
        lines.append("<p>None of the known causes explains the gap.</p>")
    cls = VERDICT_CLASS.get(verdict, "sev-info")
    return (
        f'<section class="verdict {cls}" aria-labelledby="verdict"><h2 id="verdict">'
        f"Verdict: {e(verdict)}</h2>{''.join(lines)}</section>"
    )


def _comparison(data: dict[str, Any]) -> str:
    result, stated = data["result"], data["stated"]
    bars = [
        Bar(
            "recomputed",
            "from the inputs' written precision",
            result["lower"],
            result["upper"],
            result["nominal"],
        ),
        Bar(
            "stated",
            "as the source writes it",
            stated["lower"],
            stated["upper"],
            stated["nominal"],
            kind="" if data["verdict"] == "matches" else "conflict",
        ),
    ]
    caption = (
        "The recomputed range against the stated one: when the bars overlap, the source's "
        "arithmetic holds to the precision it wrote."
    )
    return ranges_chart("compare", bars, str(result["unit"]), "Recomputed against stated", caption)


def _labelled(steps: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Each input, figure and step of the evaluation with a short name: the input's id,
    the figure as written, ``step 1`` … (the table gives each step's sub-expression)."""
    found: list[tuple[str, dict[str, Any]]] = []
    count = 0
    for step in steps:
        if step["kind"] == "step":
            count += 1
            found.append((f"step {count}", step))
        else:
            found.append((str(step["expr"]).strip("{}"), step))
    return found


def _steps_chart(steps: list[tuple[str, dict[str, Any]]]) -> str:
    """Each input's and step's range relative to its own value, in percent: how the inputs'
    uncertainty grows through the arithmetic (steps have different units, so no one axis)."""
    bars = []
    for label, step in steps:
        value = step["value"]
        nominal = value["nominal"]
        if not nominal:
            continue
        bars.append(
            Bar(
                label,
                step["text"],
                (value["lower"] / nominal - 1) * 100,
                (value["upper"] / nominal - 1) * 100,
                0.0,
                strong=step["kind"] == "step",
            )
        )
    if not bars:
        return ""
    caption = (
        "Each input's and step's range around its own value, in percent: the inputs' written "
        "precision carried through the arithmetic (a diamond is an exact figure)."
    )
    return ranges_chart(
        "steps", bars, "% from the value", "The inputs and steps with their ranges", caption
    )


def _steps_table(steps: list[tuple[str, dict[str, Any]]]) -> str:
    rows = "".join(
        f'<tr><th scope="row">{e(label)}</th><td><code>{e(s["expr"])}</code></td>'
        f"<td>{e(_shown(s['value']))}</td><td>{e(s['value']['dimension'])}</td></tr>"
        for label, s in steps
    )
    return (
        '<div class="scroll"><table><caption>The evaluation, innermost first</caption>'
        '<thead><tr><th scope="col">Name</th><th scope="col">Expression</th>'
        '<th scope="col">Value and range</th>'
        f'<th scope="col">Dimension</th></tr></thead><tbody>{rows}</tbody></table></div>'
    )


def _inputs(ctx: Context, inputs: list[dict[str, Any]]) -> str:
    rows = []
    for row in inputs:
        if row["kind"] == "constant":
            ref = f"<code>{e(row['ref'])}</code> (constant)"
            written = e(row["value"]) + (
                f" (nominal {e(row['nominal'])})" if row.get("nominal") else ""
            )
            source = row.get("source")
            origin = (
                ctx.urls.link("source", source, BASE) if source else e(row.get("citation") or "")
            )
            status = "constant"
        else:
            ref = ctx.urls.link("claim", row["ref"], BASE)
            written = e(row["value"])
            origin = ctx.urls.link("source", row["source"], BASE)
            status = status_badge(row["status"]) + (" derived" if row.get("derived") else "")
        rows.append(
            f"<tr><td>{ref}</td><td>{written}</td><td>{e(row['text'])}</td><td>{origin}</td><td>{status}</td></tr>"
        )
    return (
        '<div class="scroll"><table><caption>What the expression uses</caption><thead><tr>'
        '<th scope="col">Input</th><th scope="col">As written</th><th scope="col">Range used</th>'
        '<th scope="col">Source</th><th scope="col">Status</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )

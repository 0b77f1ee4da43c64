"""``claimkb.open(root)``: the library's door gives the answers the queries, the checks and the
renderers give, typed, with the cache on or off, and the KB holds no cache state."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

import claimkb
from claimkb import checks, errors, query
from claimkb.explain import explain
from claimkb.render.json import dumps
from claimkb.render.options import Options
from claimkb.render.registry import FORMATS, RENDERERS
from claimkb.render.sarif import to_sarif
from claimkb.results import ClaimRow, EntityAnswer, Shown, SourceRow, Timeline
from conftest import FIXTURES, PROJECT

KBS = [
    FIXTURES / "valid" / "triaged-conflict",
    FIXTURES / "valid" / "derived",
    FIXTURES / "invalid" / "conflict",
    FIXTURES / "invalid" / "unparseable-value",
]


@pytest.mark.parametrize("cache", [False, True], ids=["uncached", "cached"])
@pytest.mark.parametrize("root", KBS, ids=lambda p: p.name)
def test_the_workspace_answers_as_the_queries_do(root: Path, cache: bool) -> None:
    """With the cache on, the first report stores the query index: the later Workspaces
    answer from it (or from kept answers), the first loads."""
    kb = claimkb.load(root)
    findings = claimkb.check(kb).findings
    workspace = claimkb.open(root, cache=cache)
    assert workspace.report().to_dict() == claimkb.check(root).to_dict()
    claims = workspace.claims()
    assert all(isinstance(row, ClaimRow) for row in claims.data)
    assert claims.to_json() == [query.claim_dict(kb, c) for c in kb.claims.values()]
    assert claims.unreadable == len(kb.load_findings)
    for claim_id in kb.claims:
        shown = claimkb.open(root, cache=cache).show(claim_id)
        assert isinstance(shown.data, Shown) and shown.data.claim.id == claim_id
        assert shown.to_json() == query.show(kb, claim_id, findings)
    for entity_id in kb.entities:
        found = claimkb.open(root, cache=cache).entity(entity_id)
        assert isinstance(found.data, EntityAnswer)
        assert found.to_json() == query.entity(kb, entity_id)
    sources = claimkb.open(root, cache=cache).sources()
    assert all(isinstance(row, SourceRow) for row in sources.data)
    assert sources.to_json() == query.sources(kb)
    timeline = claimkb.open(root, cache=cache).timeline()
    assert isinstance(timeline.data, Timeline)
    assert timeline.to_json() == query.timeline(kb)
    conflicts = claimkb.open(root, cache=cache).conflicts()
    assert conflicts.data == query.discrepancies(findings)
    untriaged = claimkb.open(root, cache=cache).conflicts(untriaged=True).data
    assert untriaged == [f for f in query.discrepancies(findings) if not f.triaged]
    assert claimkb.open(root, cache=cache).uncompared().data == query.uncompared(kb)
    for claim in kb.claims.values():
        if claim.derived is not None:
            assert workspace.explain(claim.id) == explain(kb, claim.id, findings)


def test_an_unknown_name_is_a_clear_error() -> None:
    workspace = claimkb.open(KBS[0])
    with pytest.raises(claimkb.NotFound, match="no claim with id 'nope'"):
        workspace.show("nope")
    with pytest.raises(claimkb.NotFound, match="no entity named 'nobody'"):
        workspace.entity("nobody")
    with pytest.raises(claimkb.RootError):
        claimkb.open(FIXTURES / "no-such-kb")
    with pytest.raises(ValueError, match="no report format 'pdf'"):
        workspace.render("pdf")


def test_the_workspace_renders_every_format_as_the_renderers_do() -> None:
    root = FIXTURES / "valid" / "triaged-conflict"
    kb = claimkb.load(root)
    report = claimkb.check(kb)
    workspace = claimkb.open(root, cache=True)
    assert workspace.render("json") == dumps(report.to_dict()) + "\n"
    sarif = json.loads(workspace.render("sarif"))
    assert sarif == json.loads(dumps(to_sarif(report, kb.resolutions)))
    assert any(r.get("suppressions") for r in sarif["runs"][0]["results"])
    for name in FORMATS:
        assert workspace.render(name, options=Options(hostname="ci")).strip()
    assert list(RENDERERS) == ["text", "json", "github", "sarif", "junit"]


def test_every_renderer_has_one_signature() -> None:
    for renderer in RENDERERS.values():
        assert list(inspect.signature(renderer.render).parameters) == ["report", "options"]


def test_a_loaded_kb_holds_no_cache_state() -> None:
    kb = claimkb.load(KBS[0], cache=True)
    assert "cache" not in kb.memo
    assert not any("cache" in type(v).__module__ for v in vars(kb).values())
    assert claimkb.check(kb, cache=True).to_dict() == claimkb.check(KBS[0]).to_dict()


def test_a_kb_loaded_with_the_cache_is_freed_when_dropped() -> None:
    import gc
    import weakref

    kb = claimkb.load(KBS[0], cache=True)
    gone = weakref.ref(kb)
    del kb
    gc.collect()
    assert gone() is None


def test_the_package_shows_its_api() -> None:
    names = dir(claimkb)
    assert {"open", "Workspace", "load", "check", "Report", "KB", "ClaimkbError"} <= set(names)
    assert "Any" not in names and "TYPE_CHECKING" not in names
    assert all(getattr(claimkb, name) is not None for name in claimkb.__all__)


def test_value_takes_a_claim_or_its_id() -> None:
    kb = claimkb.load(PROJECT)
    claim = next(iter(kb.claims.values()))
    assert kb.value(claim) == kb.value(claim.id) is not None
    with pytest.raises(TypeError, match="KB.value takes a claim id or a Claim, not int"):
        kb.value(3)  # type: ignore[arg-type]


def _classes(module: object) -> list[type]:
    return [
        c
        for c in vars(module).values()
        if isinstance(c, type)
        and not c.__name__.startswith("_")  # a module's own signal, never raised out of it
        and issubclass(c, BaseException)
        and c.__module__.startswith("claimkb")
    ]


def test_every_error_has_one_base() -> None:
    import importlib
    import pkgutil

    found = set()
    for info in pkgutil.walk_packages(claimkb.__path__, "claimkb."):
        if info.name.startswith("claimkb.cli"):
            continue
        found.update(_classes(importlib.import_module(info.name)))
    assert len(found) >= 15
    assert [c.__qualname__ for c in found if not issubclass(c, errors.ClaimkbError)] == []
    assert issubclass(claimkb.NotFound, LookupError)  # each keeps its built-in base


def test_the_checks_run_by_the_workspace_are_the_pipeline() -> None:
    root = FIXTURES / "invalid" / "conflict"
    assert claimkb.open(root).report().findings == tuple(checks.run(claimkb.load(root)))


def test_the_workspace_plans_and_writes_changes(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "kb"
    shutil.copytree(FIXTURES / "valid" / "triaged-conflict", root)
    workspace = claimkb.open(root)
    entity = next(iter(workspace.kb.entities.values()))
    change = workspace.add_alias(entity.id, "A Name Never Used")
    assert "+" in workspace.diff(change) and "A Name Never Used" in workspace.diff(change)
    assert claimkb.load(root).entity("A Name Never Used") is None  # planned, not written
    workspace.write(change)
    found = claimkb.load(root).entity("A Name Never Used")
    assert found is not None and found.id == entity.id
    assert entity.id in {row["id"] for row in workspace.registry("entities")}

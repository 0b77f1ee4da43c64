"""The package's import graph is the architecture: data flows one way, files -> store -> KB ->
checks -> findings -> renderers, with the Workspace as the door and the CLI on top.

The graph is built from the source with :mod:`ast`, counting every import, those inside
functions too (a function-level import is a dependency all the same; hiding one there does
not make a circle go away). A compiled module (an extension built from C, such as
``_yamlblock``) has no ``.py``: its stub (``.pyi``) stands for it, and the modules of the
package its C source imports (``PyImport_ImportModule("claimkb....")``) are its edges. Each
module belongs to one layer of :data:`LAYERS`; a module may import from its own layer and the
layers below it, never from one above, and no modules may import each other in a circle. A new
module must be given a layer here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "claimkb"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "base",
        (
            "version",
            "errors",
            "files",
            "atomic",
            "git",
            "suggest",
            "worddiff",
            "model",
            "catalogue",
            "families",
            "progress",
            "output",
            "located",
            "_yamlblock",
            "yamlblock",
            "yamlproblem",
            "yamlloader",
            "yamlio",
            "userdirs",
            "roots",
            "confinement",
            "ending",
            "jobs",
            "forking",
            "regexcache",
            "keptfile",
            "shares",
            "namekey",
            "schema",
            "claimrow",
        ),
    ),
    ("values", ("values", "claimvalue", "quoted_values", "agreement")),
    ("findings", ("findings", "config", "snapshot_location", "snapshot_text", "validation")),
    ("report", ("report",)),
    ("documents", ("documents",)),
    ("kb", ("kb", "analysis", "misspellings", "rowvalues")),
    ("store", ("store",)),
    ("derive", ("derive",)),
    ("checks", ("checks",)),
    ("queries", ("query", "results", "explain", "since")),
    ("authoring", ("authoring",)),
    ("renderers", ("render", "site", "export")),
    ("cache", ("cache",)),
    ("workspace", ("workspace", "api", "replay", "")),
    ("cli", ("cli", "docs")),
)
"""Lowest first. A name is a module or a package (with all its modules); ``""`` is the
package's own ``__init__`` (the lazy front door, ``import claimkb``)."""


def _modules() -> dict[str, tuple[Path, bool]]:
    """Dotted name under ``claimkb`` ("" for the package) -> (file, is a package): the file is
    the ``.py``, or for a compiled module its ``.pyi`` stub."""
    found = {}
    sources = PACKAGE.rglob("*.py")
    stubs = (p for p in PACKAGE.rglob("*.pyi") if not p.with_suffix(".py").exists())
    for path in sorted([*sources, *stubs]):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        found[".".join(parts)] = (path, package)
    return found


MODULES = _modules()

_C_IMPORT = re.compile(r'PyImport_ImportModule(?:Level)?\(\s*"([\w.]+)"')
"""An import in a compiled module's C source, of a module named in full."""


def _targets(name: str, package: bool, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules of this package an import statement in module ``name`` imports."""
    if isinstance(node, ast.Import):
        written = [alias.name for alias in node.names]
    else:
        if node.level:
            base = name.split(".") if name else []
            if not package:
                base = base[:-1]
            base = base[: len(base) - (node.level - 1)]
            prefix = ".".join(["claimkb", *base, *([node.module] if node.module else [])])
        else:
            prefix = node.module or ""
        # `from pkg import name`: the module pkg.name if there is one, else pkg itself
        written = [f"{prefix}.{alias.name}" for alias in node.names]
    for full in written:
        if full != "claimkb" and not full.startswith("claimkb."):
            continue
        dotted = full.removeprefix("claimkb").removeprefix(".")
        while dotted not in MODULES:
            dotted = dotted.rpartition(".")[0]
        yield dotted


def _imports(name: str, path: Path, package: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of a module; for a compiled one, those of its C source (each
    ``PyImport_ImportModule("claimkb.x")`` read as ``import claimkb.x``), not of its stub,
    which imports for annotations only."""
    if path.suffix == ".pyi":
        source = path.with_suffix(".c")
        text = source.read_text(encoding="utf-8") if source.exists() else ""
        for module in _C_IMPORT.findall(text):
            yield ast.Import(names=[ast.alias(name=module)])
        return
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, (path, package) in MODULES.items():
        edges = graph.setdefault(name, set())
        for node in _imports(name, path, package):
            edges.update(t for t in _targets(name, package, node) if t != name)
    return graph


GRAPH = _graph()


def layer_of(module: str) -> int:
    """The position in :data:`LAYERS` of the layer holding ``module`` (its longest match)."""
    best: tuple[int, int] | None = None
    for position, (_, names) in enumerate(LAYERS):
        for prefix in names:
            if module == prefix or (prefix and module.startswith(prefix + ".")):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), position)
    if best is None:
        raise LookupError(f"claimkb.{module} is in no layer: give it one in LAYERS")
    return best[1]


def _circles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(GRAPH.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_imports_inside_functions() -> None:
    """The parser counts what it must: a lazy import inside a function is an edge."""
    assert "roots" in GRAPH["workspace"]  # inside resolve_root
    assert "checks" in GRAPH["workspace.strategy"]  # inside run_checks
    assert "derive.causes" in GRAPH["derive.recompute"]


def test_the_graph_sees_compiled_modules() -> None:
    """A compiled module is a module of the graph, with the imports of its C source; importing
    it is an edge to it, not to the package."""
    assert MODULES["_yamlblock"][0].suffix == ".pyi"
    assert GRAPH["_yamlblock"] == {"located"}  # PyImport_ImportModule("claimkb.located")
    assert "_yamlblock" in GRAPH["yamlblock"] and "" not in GRAPH["yamlblock"]


def test_every_compiled_module_has_a_stub() -> None:
    """A C source or a built extension without a stub would be missing from the graph."""
    compiled = [*PACKAGE.rglob("*.c")]
    compiled += [p for suffix in EXTENSION_SUFFIXES for p in PACKAGE.rglob("*" + suffix)]
    stubless = sorted(
        str(path.relative_to(PACKAGE))
        for path in compiled
        if not (path.parent / (path.name.split(".")[0] + ".pyi")).exists()
    )
    assert stubless == []


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        layer_of(module)


def test_no_import_circle() -> None:
    assert _circles() == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_goes_up_a_layer(module: str) -> None:
    own = layer_of(module)
    upward = sorted(
        f"claimkb.{target} ({LAYERS[layer_of(target)][0]})"
        for target in GRAPH[module]
        if layer_of(target) > own
    )
    assert upward == [], f"claimkb.{module or '__init__'} ({LAYERS[own][0]}) imports {upward}"


CLI_AVOIDS = ("store", "documents", "cache", "query", "checks", "derive", "api")
"""What the command line never imports: it parses, asks a Workspace, renders, exits."""


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m == "cli" or m.startswith("cli.")))
def test_the_cli_goes_through_the_workspace(module: str) -> None:
    avoided = sorted(
        f"claimkb.{target}"
        for target in GRAPH[module]
        if any(target == name or target.startswith(name + ".") for name in CLI_AVOIDS)
    )
    assert avoided == []


def test_the_cli_is_under_a_tenth_of_the_package() -> None:
    lines = {name: len(path.read_text("utf-8").splitlines()) for name, (path, _) in MODULES.items()}
    cli = sum(n for name, n in lines.items() if name == "cli" or name.startswith("cli."))
    assert cli < sum(lines.values()) / 10


def test_every_module_is_under_400_lines() -> None:
    long = {
        f"claimkb.{name or '__init__'}": n
        for name, (path, _) in MODULES.items()
        if (n := len(path.read_text("utf-8").splitlines())) >= 400
    }
    assert long == {}

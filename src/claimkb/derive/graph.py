"""The dependency graph of derived claims: parsed expressions and cycles between them."""

from __future__ import annotations

from ..analysis import memo
from ..kb import KB
from .expr import ExprError, Node, parse, refs

__all__ = ["trees", "cycles", "ordered_cycle"]


def trees(kb: KB) -> dict[str, Node | ExprError]:
    """Each derived claim's parsed expression (or the syntax error)."""

    def compute() -> dict[str, Node | ExprError]:
        result: dict[str, Node | ExprError] = {}
        for claim in kb.claims.values():
            if claim.derived is None:
                continue
            try:
                result[claim.id] = parse(claim.derived.expr)
            except ExprError as error:
                result[claim.id] = error
        return result

    return memo(kb, "derived-trees", compute)


def cycles(kb: KB) -> list[list[str]]:
    """Groups of derived claims that depend on one another in a circle (Tarjan's SCCs)."""
    return memo(kb, "derived-cycles", _cycles, kb)


def _cycles(kb: KB) -> list[list[str]]:
    graph: dict[str, list[str]] = {}
    for claim_id, tree in trees(kb).items():
        if isinstance(tree, Node):
            graph[claim_id] = [r.id for r in refs(tree) if r.id in trees(kb)]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work: list[tuple[str, int]] = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            successors = graph.get(node, [])
            if position < len(successors):
                work.append((node, position + 1))
                successor = successors[position]
                if successor not in index:
                    work.append((successor, 0))
                elif successor in on_stack:
                    low[node] = min(low[node], index[successor])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, []):
                    found.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def ordered_cycle(kb: KB, ids: list[str]) -> list[str]:
    """A cycle's members in the order they depend on one another, from the first written."""
    start = min(ids, key=lambda i: (kb.claims[i].file, kb.claims[i].line))
    members = set(ids)
    order = [start]
    tree_of = trees(kb)
    current = start
    while True:
        tree = tree_of[current]
        assert isinstance(tree, Node)
        following = next((r.id for r in refs(tree) if r.id in members), start)
        if following == start or following in order:
            return order
        order.append(following)
        current = following

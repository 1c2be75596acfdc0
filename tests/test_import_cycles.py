"""No import cycles in tripoli_tui/ and bot/: every import counts (module level, inside functions,
under TYPE_CHECKING), so the packages layer cleanly, UI → session → bot → engine."""

from __future__ import annotations

from .imports import import_graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def path_around(graph: dict[str, set[str]], component: list[str]) -> str:
    """One cycle through the component's first module, for the failure message."""
    start = component[0]
    members = set(component)
    trail = [start]
    seen = {start}
    while True:
        nexts = sorted(graph[trail[-1]] & members)
        if start in nexts and len(trail) > 1:
            return " -> ".join(trail + [start])
        step = next((n for n in nexts if n not in seen), None)
        if step is None:
            return " -> ".join(trail + [nexts[0]])
        trail.append(step)
        seen.add(step)


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert "tripoli_tui.engine.game" in graph["tripoli_tui.engine.loop"]  # module level
    assert "tripoli_tui.tui.screens.game" in graph["tripoli_tui.tui.app"]  # inside a function
    assert "tripoli_tui.engine.game" in graph["tripoli_tui.tui.app"]  # under TYPE_CHECKING


def test_no_import_cycles() -> None:
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(path_around(graph, c) for c in found)

"""No import circle anywhere in `game/` (issue 35): every module's imports, at the top and
inside functions, are walked (those under `if TYPE_CHECKING:` are left out: they never run),
and no strongly connected component may hold more than one module. A circle is named with its
modules, so the message says where to cut it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Known circles, each to be removed by the change named beside it: none.
ALLOWED: set[frozenset[str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / "game").rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The game's modules that `name` imports when run, wherever the import statement stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:  # a submodule, else a name the source itself defines
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in known else source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return {m for m in found if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported(name, path, known) for name, path in found.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def test_the_walk_sees_top_level_and_function_imports_but_not_type_checking_ones():
    graph = import_graph()
    assert "game.ui.scenes.menu" in graph and "game.core" in graph
    assert "game.ui.scene" in graph["game.ui.app"]  # at the top
    assert "game.ui.scenes.menu" in graph["game.ui.scenes"]  # inside a function
    assert "game.ui.app" not in graph["game.ui.scene"]  # only for the type checker


def test_circles_are_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert circles(graph) == [frozenset({"a", "b", "c"})]


def test_no_import_circle_in_the_game():
    found = [c for c in circles(import_graph()) if c not in ALLOWED]
    assert not found, "import circles: " + "; ".join(
        " <-> ".join(sorted(c)) for c in found)


def test_the_animation_parts_never_import_the_stage_when_run():
    """The stage owns its parts (issue 35): what they share is in anim/common.py, and a part
    names the Stage for the type checker only. The queue, which drives the stage, and the
    package, which exports it, may import it."""
    graph = import_graph()
    owners = {"game.ui.anim", "game.ui.anim.queue"}
    parts = [m for m in graph if m.startswith("game.ui.anim.") and m != "game.ui.anim.stage"]
    assert "game.ui.anim.parts" in parts and "game.ui.anim.horde" in parts
    assert [m for m in parts if m not in owners and "game.ui.anim.stage" in graph[m]] == []

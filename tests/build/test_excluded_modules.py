"""No module that build/calamitas.spec leaves out of the standalone build (its EXCLUDES, read
from the spec itself) can be imported by the game. The walk is static, over the source: from
every module of `game`, every import it holds, at module level or inside a function (a screen
may import more when it opens), and on through the modules those reach, in the libraries and
the standard library too, as they run when imported (their module-level imports). Imports that
never run are not followed: under `if TYPE_CHECKING:` or `if __name__ == "__main__":`, and, in
a library, inside a function; those guarded by `try: ... except ImportError` are optional and
not followed either (hashlib without _hashlib is the spec's own case).

Issue 34: the spec left out `ssl`, which game.net.server and websockets' client import at their
top, and the frozen client died on the Load, Host and Join screens."""

from __future__ import annotations

import ast
import sys
from collections import deque
from importlib.machinery import ModuleSpec, PathFinder
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build" / "calamitas.spec"
CATCHES_IMPORT_ERROR = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def spec_excludes(spec: Path = SPEC) -> list[str]:
    """The spec's `EXCLUDES = [...]`, as the spec has it."""
    for node in ast.parse(spec.read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "EXCLUDES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"{spec}: no EXCLUDES = [...]")


def is_excluded(name: str, excludes: list[str]) -> bool:
    """PyInstaller's excludes take a package with all its submodules."""
    return any(name == e or name.startswith(e + ".") for e in excludes)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_main_block(test: ast.expr) -> bool:
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__")


def _catches_import_error(node: ast.Try) -> bool:
    for handler in node.handlers:
        kinds = handler.type
        names = [] if kinds is None else kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
        if kinds is None or any(isinstance(n, ast.Name) and n.id in CATCHES_IMPORT_ERROR
                                for n in names):
            return True
    return False


def imports_of(source: str, name: str, is_package: bool, in_functions: bool
               ) -> list[tuple[str, bool]]:
    """(module, sure) for each import the source runs: `sure` False for a `from M import x`
    whose x may be a name in M rather than a submodule."""
    package = name if is_package else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def absolute(module: str | None, level: int) -> str:
        if not level:
            return module or ""
        base = package.split(".")
        base = base[:len(base) - (level - 1)]
        return ".".join([*base, *([module] if module else [])])

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, True) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = absolute(node.module, node.level)
            found.append((module, True))
            found.extend((f"{module}.{alias.name}", False) for alias in node.names
                         if alias.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.args[0].value, True))
        if isinstance(node, ast.If) and (_is_type_checking(node.test)
                                          or _is_main_block(node.test)):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Try | ast.TryStar) and _catches_import_error(node):
            for child in [*node.orelse, *node.finalbody]:
                visit(child)
            return
        functions = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
        if isinstance(node, functions) and not in_functions:
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return [(m, sure) for m, sure in found if m]


class ImportWalk:
    """Modules found as the import system would find them on `path`, without importing any."""

    def __init__(self, path: list[str], own: str = "game") -> None:
        self.path, self.own = path, own
        self._specs: dict[str, ModuleSpec | None] = {}
        self._imports: dict[str, list[str]] = {}

    def find(self, name: str) -> ModuleSpec | None:
        if name not in self._specs:
            parent = name.rpartition(".")[0]
            spec: ModuleSpec | None
            if parent:
                above = self.find(parent)
                where = above.submodule_search_locations if above else None
                spec = PathFinder.find_spec(name, list(where)) if where else None
            elif name in sys.builtin_module_names:
                spec = ModuleSpec(name, None, origin="built-in")
            else:
                spec = PathFinder.find_spec(name, self.path)
            self._specs[name] = spec
        return self._specs[name]

    def imports(self, name: str) -> list[str]:
        """What importing `name` imports next: its parent packages and what its source runs."""
        if name in self._imports:
            return self._imports[name]
        parts = name.split(".")
        found = [".".join(parts[:i]) for i in range(1, len(parts))]
        spec = self.find(name)
        origin = spec.origin if spec else None
        if origin and origin.endswith(".py"):
            source = Path(origin).read_text("utf-8", errors="replace")
            own = name == self.own or name.startswith(self.own + ".")
            for module, sure in imports_of(source, name, spec.submodule_search_locations
                                           is not None, in_functions=own):
                if sure or self.find(module) is not None:
                    found.append(module)
        self._imports[name] = found
        return found

    def reach(self, roots: list[str], excludes: list[str]) -> dict[str, list[str]]:
        """Each excluded module reachable from the roots, with the chain of imports to it."""
        came_from: dict[str, str | None] = {root: None for root in roots}
        queue = deque(roots)
        hits: dict[str, list[str]] = {}
        while queue:
            name = queue.popleft()
            if is_excluded(name, excludes):
                chain = [name]
                while (step := came_from[chain[-1]]) is not None:
                    chain.append(step)
                hits[name] = chain[::-1]
                continue
            for module in self.imports(name):
                if module not in came_from:
                    came_from[module] = name
                    queue.append(module)
        return hits


def game_modules() -> list[str]:
    names = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def test_the_spec_excludes_are_read_from_the_spec():
    excludes = spec_excludes()
    assert "numpy" in excludes and "tkinter" in excludes
    assert all(isinstance(e, str) and e for e in excludes)


@pytest.fixture(scope="module")
def walk() -> ImportWalk:
    return ImportWalk([str(ROOT), *sys.path])


def test_no_module_of_the_game_reaches_a_module_the_spec_leaves_out(walk: ImportWalk):
    roots = game_modules()
    assert "game.ui.scenes.load" in roots and "game.net.server" in roots
    hits = walk.reach(roots, spec_excludes())
    assert hits == {}, "\n".join(" -> ".join(chain) for chain in hits.values())


def test_the_walk_goes_through_the_libraries(walk: ImportWalk):
    """websockets' client imports ssl at its top: the Join screen reaches it through them."""
    hits = walk.reach(["game.ui.scenes.join"], ["ssl"])
    assert "websockets.asyncio.client" in hits["ssl"]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A game `own` and a library `lib`, each import written one way."""
    files = {
        "own/__init__.py": "",
        "own/screen.py": "import os\nfrom . import later\n"
                         "def opened():\n    import lib.direct\n",
        "own/later.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    import lib.typing_only\n",
        "lib/__init__.py": "",
        "lib/direct.py": "try:\n    import lib.optional\nexcept ImportError:\n    pass\n"
                         "def call():\n    import lib.in_function\n"
                         "if __name__ == '__main__':\n    import lib.main_only\n"
                         "from lib import plain\n",
        "lib/plain.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def test_a_function_s_import_counts_in_the_game_but_not_in_a_library(tree: Path):
    walk = ImportWalk([str(tree)], own="own")
    left_out = ["lib.direct", "lib.plain", "lib.optional", "lib.in_function", "lib.main_only",
                "lib.typing_only"]
    assert walk.reach(["own.screen"], left_out) == {
        "lib.direct": ["own.screen", "lib.direct"]}
    assert walk.reach(["lib.direct"], left_out[1:]) == {
        "lib.plain": ["lib.direct", "lib.plain"]}

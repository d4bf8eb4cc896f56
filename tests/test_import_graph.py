"""The import graph of ``waage/``: no cycle, adapters are leaves, each layer imports only downwards.

Read with the standard library's ``ast`` (nothing is imported). Every ``import`` and
``from … import`` statement counts: at module level, inside functions and methods (a
function-level import is an edge all the same: it only moves the cycle to the first call) and
under ``if TYPE_CHECKING:`` (a type-only import is a dependency of the design too).
``from pkg import name`` is an edge to the module ``pkg.name`` when that is a module, else to
``pkg``. Not seen: modules named in strings and loaded with ``importlib`` (the registry of games,
``waage.games``, names each game's engine and UI that way).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "waage"

#: top-level parts of ``waage`` from the top down; a part may import only parts of a lower rank
#: (the same rank: only itself). ``config`` gathers every part's settings model (see below).
RANKS: dict[str, int] = {
    "cli": 0,
    "bench": 1,                                 # benchmarks: may use the tools' samples and the drivers
    "tools": 2,                                 # developer tools (the docs' pictures): may use the drivers
    "app": 3,                                   # the composition root and the drivers
    "web": 4, "mqtt": 4,                        # adapters at the edge: leaves, never the app
    "config": 5,                                # waage.toml's model (gathers each part's settings)
    "ui": 6,
    "live": 7,                                  # what the app hands to the adapters
    "display": 8,
    "stats": 8,                                 # each game's statistics from its records (web, ui, sim)
    "rules": 9, "inputs": 9, "doubles": 9,     # doubles: the test doubles speak the sensors' protocol
    "sensors": 10,
    "weight": 11,
    "games": 12,                                # the registry of games: engines and UIs by name only
    "errors": 12, "files": 12, "names": 12,
    "__init__": 13,                             # ``waage`` itself (the version)
}


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def import_graph() -> dict[str, set[str]]:
    """``{module: modules of waage it imports}``."""
    modules = _modules()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, (path, is_package) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        here = module if is_package else module.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets.update(known(a.name) for a in node.names if a.name.split(".")[0] == "waage")
            elif isinstance(node, ast.ImportFrom):
                base = here
                for _ in range(max(node.level - 1, 0)):
                    base = base.rpartition(".")[0]
                source = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
                if source.split(".")[0] != "waage":
                    continue
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    targets.add(full if full in modules else known(source))
        graph[module] = {t for t in targets if t is not None and t != module}
    return graph


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
        for w in sorted(graph.get(v, ())):
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
    return found


#: a game kit's modules (``waage.games.<id>.<face>``) rank with the layer of their face: the
#: engine, its parts (a kit's ``rules/`` package), its events and its phases (an enum) are rules,
#: the device UI is ui, its web details are ui (they read the scale's tare point), the statistics
#: are stats, its texts, its screen's words (``screen``) and its OLED screens are display; a kit's
#: ``__init__`` (its ``SPEC``) and ``waage.games.spec`` are the registry ("games")
KIT_FACES: dict[str, str] = {"engine": "rules", "events": "rules", "phases": "rules", "rules": "rules",
                             "ui": "ui", "web": "ui", "stats": "stats",
                             "texts": "display", "screen": "display", "screens": "display"}


def _part(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 3 and parts[1] == "games":
        return KIT_FACES[parts[3]]
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_module_of_a_kit_has_a_face():
    kits = {m for m in import_graph() if m.startswith("waage.games.") and m.count(".") == 3}
    assert kits and {m.rpartition(".")[2] for m in kits} <= set(KIT_FACES)


def test_the_graph_is_read_from_every_module():
    graph = import_graph()
    assert len(graph) > 100
    assert "waage.live.hub" in graph["waage.web.server"]
    assert "waage.app.wiring" in graph["waage.app.run"]


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_anywhere_in_waage():
    assert cycles(import_graph()) == []


def test_every_part_of_waage_has_a_rank():
    assert {_part(m) for m in import_graph()} <= set(RANKS)


@pytest.mark.parametrize("adapter", ["web", "mqtt"])
def test_the_adapters_import_nothing_of_the_app(adapter):
    graph = import_graph()
    upward = sorted(f"{m} -> {t}" for m, targets in graph.items() if _part(m) == adapter
                    for t in targets if _part(t) in ("app", "cli", "bench", "tools"))
    assert upward == []


def test_every_import_goes_down_the_layers():
    wrong = []
    for module, targets in import_graph().items():
        for target in targets:
            a, b = _part(module), _part(target)
            if a == b or RANKS[b] > RANKS[a]:
                continue
            if module == "waage.config" and target.endswith(".settings"):
                continue  # the config file's model gathers each part's settings model
            wrong.append(f"{module} -> {target}")
    assert sorted(wrong) == []

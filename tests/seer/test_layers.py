"""The real game's packages are layers: ``game`` below ``sources`` and ``bounds``, ``runs`` on top
(docs/architecture.md). Each module imports only its own layer and those below, and no two
modules of :mod:`solitaire.seer` import each other, directly or through others (deferred
imports inside functions count too)."""

import ast
from pathlib import Path

import networkx as nx

SEER = Path(__file__).resolve().parents[2] / "solitaire" / "seer"
#: What each layer may import of the others.
BELOW = {"game": set(), "sources": {"game"}, "bounds": {"game"}, "runs": {"game", "sources", "bounds"}}


def _module(path):
    parts = path.relative_to(SEER.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path):
    """The modules of ``solitaire.seer`` that the file imports (a name imported from a package
    counts as its module when there is one)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("solitaire.seer"):
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names
                         if (SEER.parent.parent / f"{node.module}.{a.name}".replace(".", "/")).with_suffix(".py").exists())
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("solitaire.seer"))
    return found


def _graph():
    graph = nx.DiGraph()
    for path in SEER.rglob("*.py"):
        source = _module(path)
        graph.add_node(source)
        graph.add_edges_from((source, target) for target in _imports(path) if target != source)
    return graph


def _layer(module):
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in BELOW else None


def test_every_module_of_the_real_game_is_in_a_layer():
    assert {_layer(m) for m in _graph() if m != "solitaire.seer"} == set(BELOW)


def test_no_module_imports_a_layer_above_its_own_or_beside_it():
    wrong = [(a, b) for a, b in _graph().edges if _layer(a) and _layer(b) and _layer(b) != _layer(a)
             and _layer(b) not in BELOW[_layer(a)]]
    assert not wrong


def test_no_import_circle():
    graph = _graph()
    # a package's __init__ re-exports its modules: the edges into a package from its own modules are not circles
    graph.remove_edges_from([(a, b) for a, b in graph.edges if a.startswith(b + ".")])
    assert not list(nx.simple_cycles(graph))

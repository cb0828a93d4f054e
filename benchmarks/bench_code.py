"""The shape of the code, side by side for revisions: modules and their lines, long functions,
functions of many parameters, import circles of the real game, and what ruff and mypy find.

    python benchmarks/bench_code.py                  # the working tree
    python benchmarks/bench_code.py 0223450 HEAD     # revisions, each in a temporary worktree

Every revision is checked with this tree's ``pyproject.toml`` rules for ruff and mypy (so the
counts compare the code, not the rules), over ``solitaire/``, ``reductions/`` and ``cli.py``.
A numba kernel (a function decorated by ``njit``, ``jit`` or ``intrinsic``) is counted apart: its
parameters are arrays passed by position by design.
"""

import argparse
import ast
import os
import re
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import markdown_table, revision_tree  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("solitaire", "reductions", "cli.py")
KERNEL_DECORATORS = {"njit", "jit", "intrinsic", "generated_jit"}
LONG_LINES, MANY_PARAMETERS = 60, 8


def _python_files(tree):
    for name in CHECKED:
        path = Path(tree) / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _is_kernel(function):
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in KERNEL_DECORATORS:
            return True
    return False


def _parameters(function):
    args = function.args
    names = args.posonlyargs + args.args + args.kwonlyargs
    count = len(names) + (args.vararg is not None) + (args.kwarg is not None)
    return count - (bool(names) and names[0].arg in ("self", "cls"))


def functions(tree):
    """``(file, name, lines, parameters, kernel)`` of every function and method."""
    found = []
    for path in _python_files(tree):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((str(path.relative_to(tree)), node.name, node.end_lineno - node.lineno + 1,
                              _parameters(node), _is_kernel(node)))
    return found


def _seer_modules(tree):
    seer = Path(tree) / "solitaire" / "seer"
    return {".".join(p.relative_to(tree).with_suffix("").parts).removesuffix(".__init__"): p
            for p in seer.rglob("*.py")}


def import_circles(tree):
    """The import circles among the modules of ``solitaire.seer`` (deferred imports count)."""
    modules = _seer_modules(tree)
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph.add_edges_from((name, t) for t in targets if t in modules and t != name
                                 and not name.startswith(t + "."))
    return [sorted(cycle) for cycle in nx.simple_cycles(graph)]


def ruff_findings(tree):
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--config", str(ROOT / "pyproject.toml"),
                           "--statistics", *CHECKED], cwd=tree, capture_output=True, text=True)
    found = re.search(r"Found (\d+) error", done.stdout + done.stderr)
    return int(found.group(1)) if found else 0


def mypy_findings(tree):
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--no-incremental", *CHECKED], cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "MYPYPATH": tree})
    found = re.search(r"Found (\d+) error", done.stdout)
    return int(found.group(1)) if found else 0


def measure(tree):
    found = functions(tree)
    plain = [f for f in found if not f[4]]
    files = list(_python_files(tree))
    seer = [p for p in files if "seer" in p.parts]
    cli = Path(tree) / "cli.py"
    return {
        "modules": len(files),
        "lines": sum(len(p.read_text().splitlines()) for p in files),
        "modules of solitaire/seer": len(seer),
        "largest module (lines)": max((len(p.read_text().splitlines()), str(p.relative_to(tree))) for p in files),
        "cli.py lines": len(cli.read_text().splitlines()),
        f"functions over {LONG_LINES} lines": sum(f[2] > LONG_LINES for f in plain),
        f"functions over {MANY_PARAMETERS} parameters (not kernels)": sum(f[3] > MANY_PARAMETERS for f in plain),
        f"numba kernels over {MANY_PARAMETERS} parameters": sum(f[3] > MANY_PARAMETERS for f in found if f[4]),
        "most parameters (not kernels)": max((f[3], f"{f[0]}:{f[1]}") for f in plain),
        "import circles in solitaire.seer": len(import_circles(tree)),
        "ruff findings": ruff_findings(tree),
        "mypy errors": mypy_findings(tree),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs="*", help="git revisions (default: the working tree)")
    args = parser.parse_args()
    with ExitStack() as stack:
        trees = [(rev, stack.enter_context(revision_tree(rev))) for rev in args.revisions] or [("working tree", ROOT)]
        results = [(rev, measure(tree)) for rev, tree in trees]
    keys = list(results[0][1])
    print(markdown_table(["", *[rev for rev, _ in results]],
                         [[key, *[_shown(r[key]) for _, r in results]] for key in keys]))


def _shown(value):
    if isinstance(value, tuple):
        return f"{value[0]:,} ({value[1]})"
    return f"{value:,}" if isinstance(value, int) else str(value)


if __name__ == "__main__":
    main()

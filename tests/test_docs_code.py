"""The Python of the docs runs as written.

Every ```` ```python ```` block of ``README.md`` and ``docs/*.md`` (but ``docs/agent-evaluation.md``, which
``tests/test_agent_evaluation.py`` runs with its agent) runs in a fresh folder where ``instances/`` is the
repository's: a block in doctest form (``>>>``) must print what the page shows; any other block must run without
an error. A page that shows values in comments instead of doctest lines would not be checked, so a block that is
not in doctest form may not show any (``# (23, ...)``, ``# 23: ...``).
"""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OWN_TEST = {"agent-evaluation.md"}
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
#: A comment that shows a value: what a doctest line must show instead.
_SHOWN = re.compile(r"#\s*[\[(]?-?\d")


def _blocks():
    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        if page.name in OWN_TEST:
            continue
        text = page.read_text(encoding="utf-8")
        for found in _BLOCK.finditer(text):
            line = text.count("\n", 0, found.start()) + 1
            yield pytest.param(page, line, found.group(1), id=f"{page.name}:{line}")


@pytest.fixture
def in_a_fresh_folder(tmp_path, monkeypatch):
    (tmp_path / "instances").symlink_to(ROOT / "instances")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("page, line, code", list(_blocks()))
def test_the_docs_python_runs_as_written(page, line, code, in_a_fresh_folder):
    if ">>>" in code:
        test = doctest.DocTestParser().get_doctest(code, {}, page.name, str(page), line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0 and runner.tries > 0, f"{page.name}:{line}: see the doctest output above"
    else:
        shown = [text for text in code.splitlines() if _SHOWN.search(text)]
        assert not shown, f"{page.name}:{line} shows values in comments, unchecked: write them as doctest lines"
        exec(compile(code, f"{page.name}:{line}", "exec"), {"__name__": "__docs__"})


def test_the_docs_have_python_to_run():
    assert len(list(_blocks())) >= 5

"""The examples shipped with the package: decks, CNF formulas, gadget maps and row files.

They are the repository's ``instances/`` folder, installed as the data of the package
``solitaire.instances``, so they are found from any directory, installed or editable (and in a
checkout whose ``solitaire`` is imported in place of the installed one: its own ``instances/``).
Each example has a name, a kind and a one-line description; a name is unique within its
kind (``figure2`` is both a CNF formula and its Theorem 7 deck):

- ``deck``: every ``.deck`` file (described by its first comment line and its parameters);
- ``cnf``: the DIMACS formulas of ``theorem7/``;
- ``map``: the gadget maps (JSON) of the Theorem 7 decks;
- ``table``: ``table``, the row files of the winnability table (``table/seeds-*.jsonl.xz``), and
  each variant's table by its file's name (``variants/black-6-suits.jsonl.xz``: ``black-6-suits``);
- ``deals``: ``hard-deals``, the hard deals of that table (``deals/hard-deals.jsonl``);
- ``game``: the hanab.live games (``*.json``: players, deck, actions), for ``bound`` and ``analyze``;
- ``scores``: an agent's scores by deal id (``*.csv``, made up), for ``bound --scores``.

An unknown name is an :class:`~solitaire.io.errors.InputError` listing the names of the kind.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from solitaire.io.errors import InputError

__all__ = ["KINDS", "Example", "examples", "find_example", "example_path"]

#: The kinds of example, in listing order.
KINDS = ("deck", "cnf", "map", "table", "deals", "game", "scores")


@dataclass(frozen=True)
class Example:
    """One shipped example: ``paths`` holds one file, or several for the ``table``."""

    name: str
    kind: str
    description: str
    paths: tuple[Path, ...]

    def to_json(self) -> dict:
        """The example as a JSON object (``paths`` as text)."""
        return {"name": self.name, "kind": self.kind, "description": self.description,
                "paths": [str(p) for p in self.paths]}


def _folder() -> Path:
    """The installed ``instances/`` folder, or the checkout's beside this package."""
    spec = importlib.util.find_spec("solitaire.instances")
    if spec is not None and spec.submodule_search_locations:
        return Path(spec.submodule_search_locations[0])
    checkout = Path(__file__).resolve().parent.parent / "instances"
    if checkout.is_dir():
        return checkout
    raise InputError("the shipped examples are not installed with this copy of the package "
                     "(install it from its repository: pip install .)", str(checkout))


def _first_comment(path: Path) -> str:
    """The first ``c`` comment line of a deck or DIMACS file, without its ``c``."""
    for line in path.read_text().splitlines():
        if line.startswith("c "):
            return line[2:].strip()
    return ""


def _deck_description(path: Path) -> str:
    """The first comment line of a deck and its parameters."""
    from solitaire.deckfile import read_instance

    p = read_instance(path).params()
    return f"{_first_comment(path)} [N={p['N']} n={p['n']} c={p['c']} r={p['r']} h={p['h']}]"


def _game_description(path: Path) -> str:
    """A hanab.live game: its players, score and number of actions."""
    import json

    game = json.loads(path.read_text())
    players = game["players"] if isinstance(game["players"], int) else len(game["players"])
    score = f", score {game['score']}" if "score" in game else ""
    return f"hanab.live game, {players} players{score}, {len(game.get('actions', []))} actions"


def _table_variant(path: Path) -> str:
    """The variant of a variant table's rows (its first row's ``variant``)."""
    import json
    import lzma

    with lzma.open(path, "rt") as rows:
        return json.loads(rows.readline())["variant"]


def _heading(readme: Path) -> str:
    """The title of a README (its first line, without the ``#``)."""
    return readme.read_text().splitlines()[0].lstrip("# ").strip()


def examples() -> list[Example]:
    """Every shipped example, by kind (:data:`KINDS`) and then by name.

    Examples
    --------
    >>> found = {(e.kind, e.name): e for e in examples()}
    >>> found["deck", "standard-deck-h5"].paths[0].name
    'standard-deck-h5.deck'
    >>> len(found["table", "table"].paths)
    10
    """
    root = _folder()
    found = [Example(p.stem, "deck", _deck_description(p), (p,)) for p in root.glob("**/*.deck")]
    found += [Example(p.stem, "cnf", _first_comment(p), (p,)) for p in root.glob("theorem7/*.cnf")]
    found += [Example(p.name.removesuffix(".map.json"), "map",
                      f"Gadget map of the Theorem 7 deck {p.name.removesuffix('.map.json')} (JSON)", (p,))
              for p in root.glob("theorem7/*.map.json")]
    found.append(Example("table", "table", _heading(root / "table" / "README.md"),
                         tuple(sorted(root.glob("table/seeds-*.jsonl.xz")))))
    found += [Example(p.name.removesuffix(".jsonl.xz"), "table",
                      f"The winnability table of hanab.live's {_table_variant(p)} seeds", (p,))
              for p in root.glob("variants/*.jsonl.xz")]
    found.append(Example("hard-deals", "deals", _heading(root / "deals" / "README.md"),
                         (root / "deals" / "hard-deals.jsonl",)))
    found += [Example(p.stem, "game", _game_description(p), (p,)) for p in root.glob("*.json")]
    found += [Example(p.stem, "scores", "An agent's scores by deal id (made up), for bound --scores", (p,))
              for p in root.glob("*.csv")]
    return sorted(found, key=lambda e: (KINDS.index(e.kind), e.name))


def find_example(name: str, kind: str | tuple[str, ...]) -> Example:
    """The example ``name`` of ``kind`` (or of one of several kinds, the first that has it).

    Raises
    ------
    InputError
        When there is none, naming the parameter ``name`` and listing the names of ``kind``; for a ``kind``
        that is not one of :data:`KINDS`, naming ``kind`` and listing them.

    Examples
    --------
    >>> find_example("figure2", "cnf").paths[0].name
    'figure2.cnf'
    >>> find_example("figure3", "cnf")
    Traceback (most recent call last):
    ...
    solitaire.io.errors.InputError: `name`: unknown cnf 'figure3': expected one of figure1, figure2
    """
    kinds = (kind,) if isinstance(kind, str) else kind
    wrong = [k for k in kinds if k not in KINDS] if kinds else [kind]
    if wrong:
        raise InputError(f"expected a kind of example, one of {', '.join(KINDS)}, got {wrong[0]!r}", "`kind`")
    mine = [e for e in examples() if e.kind in kinds]
    for example in sorted(mine, key=lambda e: kinds.index(e.kind)):
        if example.name == name:
            return example
    raise InputError(f"unknown {' or '.join(kinds)} {name!r}: expected one of {', '.join(e.name for e in mine)}",
                     "`name`")


def example_path(name: str, kind: str = "deck") -> Path:
    """The file of the one-file example ``name`` of ``kind`` (see :func:`find_example`).

    Examples
    --------
    >>> from solitaire.deckfile import read_instance
    >>> read_instance(example_path("tiny-r1")).params()
    {'N': 6, 'n': 3, 'c': 2, 'r': 1, 'h': 1}
    """
    example = find_example(name, kind)
    if len(example.paths) != 1:
        raise InputError(f"the {kind} {name!r} is {len(example.paths)} files: use find_example", "`name`")
    return example.paths[0]

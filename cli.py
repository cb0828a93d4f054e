"""The ``hanabi-solitaire`` command line: parse, call the library, print.

No algorithm lives here. Every subcommand prints human-readable text by default and one
JSON object with ``--json``; bad input gives one line on standard error and exit code 2.
Ctrl-C, SIGTERM (``kill``, ``timeout``, a job scheduler) and SIGHUP (a closed terminal) stop
every command with one line and exit code 1: at once while the modules load (the handler comes
before any other import here), then as :class:`solitaire.io.command.CommandGroup` says, keeping a
batch run's finished rows.
"""

import os
import signal
import sys


def _stop_while_loading(signum, frame):
    """A stop signal while the modules load (about 0.3 s; nothing is written yet): stop at once. Once
    they are loaded, :class:`~solitaire.io.command.CommandGroup` takes the signals over."""
    name = "" if signum == signal.SIGINT else f" by {signal.Signals(signum).name}"
    os.write(2, f"hanabi-solitaire: stopped{name}\n".encode())
    os._exit(1)


def _run_as_the_command():
    main_module = sys.modules.get("__main__")
    return (__name__ == "__main__" or os.path.basename(sys.argv[0]) == "hanabi-solitaire"
            or getattr(getattr(main_module, "__spec__", None), "name", None) == "solitaire.__main__")


if _run_as_the_command():  # not when a program or a test imports the command line
    for _signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(_signum, _stop_while_loading)

import json

import click

from solitaire.deckfile import read_instance
from solitaire.examples import examples
from solitaire.generate import generated_decks, write_decks
from solitaire.io.atomic import writable_file, write_files
from solitaire.io.budget import BudgetError
from solitaire.io.command import CommandGroup, examples_help, option_names, usage_error, usage_errors
from solitaire.io.interrupt import stop_signal
from solitaire.io.options import DEAL_SOURCES, JSON_OPTION, OptionGroup, jobs_option, printed_options
from solitaire.io.params import SECONDS, Whole, distinct_files, example_option, memory_option, once_option
from solitaire.io.progress import Progress
from solitaire.referee import IllegalEvent, replay
from solitaire.satsolvers import DEFAULT_SOLVER, MAXSAT_CARDS, SAT_SOLVERS
from solitaire.seer.bounds.limits import COMPLETIONS, PEER_ENCODING, PEER_ENCODINGS, PEER_SOLVER, SearchLimits
from solitaire.sequence import check_json_budget, read_sequence
from solitaire.solve import SOLVERS, choose, info_text, instance_info, solve


def _limits_options(timeout_help, peer_timeout_help):
    """``--timeout``, ``--peer-timeout``, ``--peer-solver``, ``--peer-encoding``: the parameter ``limits``, the
    :class:`SearchLimits` of the commands that search U3 (``bound --exact``, ``table``)."""
    return OptionGroup(
        "limits",
        click.option("--timeout", type=SECONDS, default=10.0, show_default=True, help=timeout_help),
        click.option("--peer-timeout", type=SECONDS, default=0, show_default=True, help=peer_timeout_help),
        click.option("--peer-solver", type=click.Choice(SAT_SOLVERS), default=PEER_SOLVER, show_default=True,
                     help="PySAT solver of the SAT peer (CaDiCaL is faster on some hard deals, Glucose on others)."),
        click.option("--peer-encoding", type=click.Choice(PEER_ENCODINGS), default=PEER_ENCODING, show_default=True,
                     help="The SAT peer's formula: one step per removal (faster) or one per turn (the classic "
                          "encoding)."),
        build=SearchLimits)


@click.group(cls=CommandGroup, takes_signals=_run_as_the_command(),
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hanabi-solitaire", prog_name="hanabi-solitaire", message="%(prog)s %(version)s")
def main():
    """Solitaire Hanabi: exact solvers, hard instances from CNF, and score bounds for real deals.

    Instances are `.deck` files (`p hanabi <n> <c> <h>` then value/color pairs, 1-based)
    or their JSON form. Exit code 0 when the command did its job, whatever the answer;
    2 for bad input or usage; 1 when stopped early (Ctrl-C, or the reader of the output
    went away, as in `| head`), and from crosscheck when a formula disagrees.
    """


#: The modules of the kernels of the U3 search and the bounds beside it (``bound --exact``, ``analyze``, ``table``).
SEARCH_MODULES = ("solitaire.seer.bounds.u3.kernel", "solitaire.seer.bounds.pace", "solitaire.seer.bounds.u3.bot")


class _Notice:
    """The compiling notice of the command running: said at most once, when compiling starts, by one listener of the
    process's compiles (:func:`solitaire.compiled.on_compile`), registered by the first command that may compile."""

    ahead = True  # naming ``warm-up``
    said = False
    listening = False

    @classmethod
    def say(cls) -> None:
        from solitaire.compiled import compiling_note

        if not cls.said:
            cls.said = True
            clear = "\r\033[K" if sys.stderr.isatty() else ""  # a progress bar's line, if one is drawn
            click.echo(f"{clear}hanabi-solitaire: {compiling_note(cls.ahead)}", err=True)


def _compile_ahead(jobs, *modules, ahead=True):
    """Before a command that may run the kernels of ``modules``: say once on standard error, on a terminal or not
    (``ahead``: naming ``warm-up``), when compiling starts (:class:`_Notice`); with ``jobs`` > 1 and a cold cache (a
    first call) compile now the parts of :data:`solitaire.compiled.PARTS` that hold a cold module, one per process (the
    command then loads them), else each kernel compiles when the command first needs it."""
    from solitaire.compiled import cold_modules, load_parts, on_compile, parts_of

    _Notice.ahead, _Notice.said = ahead, False
    if not _Notice.listening:
        _Notice.listening = True
        on_compile(began=_Notice.say)
    cold = cold_modules(*modules) if jobs > 1 else []
    if cold:
        _Notice.say()
        for _ in load_parts(jobs, parts_of(*cold)):
            pass


@main.command("examples")
@JSON_OPTION
def examples_command(as_json):
    """List the shipped examples (decks, formulas, maps, row files) that --example NAME reads."""
    found = examples()
    if as_json:
        click.echo(json.dumps({"examples": [e.to_json() for e in found]}))
        return
    width, kind_width = max(len(e.name) for e in found), max(len(e.kind) for e in found)
    for e in found:
        click.echo(f"{e.name:<{width}}  {e.kind:<{kind_width}}  {e.description}")


@main.command(epilog=examples_help(
    "solve --example standard-deck-h5", "solve --example figure2 --json",
    "solve --example tiny-r1 --sequence-out tiny.json"))
@memory_option
@click.argument("deck", type=click.Path(dir_okay=False), required=False)
@example_option("deck", "deck")
@click.option("--algorithm", "-a", default="auto", show_default=True,
              type=click.Choice(["auto", *SOLVERS]),
              help="Solver to use; 'auto' picks greedy for r = 1, lazy for c = 1, the engine when c * n <= 64 "
                   "(SAT takes over when the engine goes over its work budget), else sat; it says why.")
@JSON_OPTION
@click.option("--sequence-out", type=click.Path(dir_okay=False),
              help="Write the play sequence as JSON to this file; when there is none (a loss), a file of "
                   "that name is removed, so it never holds another deck's sequence.")
@click.option("--solver", type=click.Choice(SAT_SOLVERS), default=None,
              help=f"PySAT solver of SAT, where it answers (--algorithm sat, or auto's choice; default "
                   f"{DEFAULT_SOLVER}).")
@click.option("--maxsat", "maximise", is_flag=True,
              help=f"Where SAT answers that a deck is lost, find its maximum score by MaxSAT (RC2) whatever its "
                   f"size; by default only up to {MAXSAT_CARDS:,} cards, as its time grows far faster than the deck "
                   f"(11 s at 5,879 cards, over 100 s at 10,238).")
def solve_cmd(deck, algorithm, as_json, sequence_out, solver, maximise):
    """Solve DECK: winnable or not, the score, and a play sequence."""
    distinct_files(DECK=deck, **{"--sequence-out": sequence_out})
    writable_file(sequence_out)
    instance = read_instance(deck)
    if (solver is not None or maximise) and algorithm not in ("sat", "auto"):
        usage_error(f"{'--solver' if solver is not None else '--maxsat'} applies where SAT answers: --algorithm "
                    "sat or auto")
    _compile_ahead(1, SOLVERS[choose(instance) if algorithm == "auto" else algorithm].run.__module__,
                   "solitaire.selection")
    if as_json or sequence_out:
        check_json_budget(instance.N, deck)
    sat_options = {**({} if solver is None else {"solver": solver}), **({"maximise": True} if maximise else {})}
    with usage_errors():
        result = solve(instance, algorithm, **sat_options)
    if sequence_out and result.sequence is not None:
        write_files({sequence_out: json.dumps(result.sequence.to_json()) + "\n"})
    elif sequence_out and os.path.isfile(sequence_out):
        os.unlink(sequence_out)
    click.echo(json.dumps(result.to_json()) if as_json else result.text(deck, sequence_out))


solve_cmd.name = "solve"


@main.command(epilog=examples_help(
    "solve --example tiny-r1 --sequence-out tiny.json",
    "verify --example tiny-r1 tiny.json"))
@memory_option
@click.argument("deck", type=click.Path(dir_okay=False), required=False)
@click.argument("sequence", type=click.Path(dir_okay=False), required=False)
@example_option("deck", "deck", shift="sequence")
@JSON_OPTION
def verify(deck, sequence, as_json):
    """Replay SEQUENCE (JSON) on DECK with the referee: the score, or the first illegal event.

    SEQUENCE is a list of ["store"|"discard"|"play", index] pairs (1-based indices), or any
    object with a "sequence" key, such as the output of `solve --json`.
    """
    instance = read_instance(deck)
    events = read_sequence(sequence).events()
    try:
        score = replay(instance, events)
        verdict = {"legal": True, "score": score, "won": score == instance.max_score}
    except IllegalEvent as err:
        verdict = {"legal": False, "event": err.number or None, "reason": str(err)}
    if as_json:
        click.echo(json.dumps(verdict))
    elif verdict["legal"]:
        click.echo(f"legal: score {verdict['score']} / {instance.max_score}" + (" (win)" if verdict["won"] else ""))
    else:
        click.echo(f"illegal: {verdict['reason']}")


@main.command(epilog=examples_help("info --example figure2"))
@memory_option
@click.argument("deck", type=click.Path(dir_okay=False), required=False)
@example_option("deck", "deck")
@JSON_OPTION
def info(deck, as_json):
    """Print the parameters of DECK and which algorithms apply."""
    found = instance_info(read_instance(deck))
    click.echo(json.dumps(found) if as_json else info_text(deck, found))


@main.command(epilog=examples_help("reduce --example figure2 -o figure2.deck --map figure2.map.json"))
@memory_option
@click.argument("cnf", type=click.Path(dir_okay=False), required=False)
@example_option("cnf", "cnf")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False), help="The .deck file to write.")
@click.option("--hand", "hand", default=2, show_default=True, type=Whole(2, 10**6),
              help="Hand size h of the generated instance (2 .. 10^6).")
@click.option("--map", "map_out", type=click.Path(dir_okay=False),
              help="Write the gadget map (variables, clauses, gadgets -> positions and colors) as JSON.")
@JSON_OPTION
def reduce(cnf, output, hand, map_out, as_json):
    """Build the Theorem 7 instance of CNF: winnable iff the formula is satisfiable.

    CNF is DIMACS (any clause lengths; normalised to exact 3-CNF first). The deck has
    2v+1 colors, r = 2, hand size h; see reductions/theorem7.py for n and the errata.
    """
    from reductions.dimacs import read_dimacs
    from reductions.theorem7 import reduce_formula

    distinct_files(CNF=cnf, **{"--output": output, "--map": map_out})
    formula = read_dimacs(cnf)
    red = reduce_formula(formula, hand)
    red.write(output, cnf, f"hanabi-solitaire {' '.join(sys.argv[1:]) if sys.argv[1:] else 'reduce ' + cnf}", map_out)
    click.echo(json.dumps({"deck": output, "map": map_out, **red.summary()}) if as_json else red.text(output, map_out))


@option_names(nvars="--random VARS")
@main.command(epilog=examples_help("crosscheck --example figure2", "crosscheck --random 5 21 --count 3 --seed 1"))
@memory_option
@click.argument("cnfs", nargs=-1, type=click.Path(exists=False))
@example_option("cnfs", "cnf", required=False)
@click.option("--random", "random_spec", nargs=2, type=Whole(0, 10**6), default=None,
              metavar="VARS CLAUSES", help="Random 3-SAT formulas with VARS variables and CLAUSES clauses.")
@click.option("--count", default=10, show_default=True, type=Whole(1, 10**6), help="Random formulas to draw.")
@click.option("--seed", default=0, show_default=True, type=Whole(min=0), help="Seed of the random formulas.")
@click.option("--solver", type=click.Choice(SAT_SOLVERS), default=DEFAULT_SOLVER, show_default=True,
              help="PySAT solver, for the CNF and for the Hanabi encoding.")
@click.option("--no-engine", is_flag=True, help="Do not run the exact engine even on small decks.")
@click.option("--json", "as_json", is_flag=True,
              help='Print one JSON object: {"formulas": [one row per formula], "summary"}.')
def crosscheck(cnfs, random_spec, count, seed, solver, no_engine, as_json):
    """Check SAT(formula) = winnable(Theorem 7 deck) on CNF files/folders or random 3-SAT.

    The Hanabi side is decided by the SAT encoding of the copy-selection lemma (which knows
    nothing of the gadgets) and by the engine where the deck is small; both witnesses are
    checked. A file that holds no formula is a row {"name", "refused"} and the others go on
    (when no file holds one: every row and the summary, then exit code 2). Exit code 1 when
    any formula disagrees (a defect of the toolkit, or of the construction, found). Stopped (Ctrl-C),
    --json still prints the rows finished, with "stopped": true.
    """
    from reductions import crosscheck as checks

    if not cnfs and random_spec is None:
        usage_error("give CNF files or folders, or --random VARS CLAUSES")
    context = click.get_current_context()
    stray = [f"--{name}" for name in ("count", "seed") if context.get_parameter_source(name).name != "DEFAULT"]
    if stray and random_spec is None:
        usage_error(f"{' and '.join(stray)} {'applies' if len(stray) == 1 else 'apply'} to --random only")
    sources = checks.formulas_from_paths(cnfs)
    sources += checks.random_formulas(*random_spec, count, seed) if random_spec else []
    rows = []
    try:
        for row in checks.crosscheck_rows(sources, solver, engine=not no_engine):
            rows.append(row)
            if not as_json:
                click.echo(checks.crosscheck_text(row))
    except BaseException as err:  # a stop signal, bare or wrapped: the rows finished are kept, as a batch run's
        if as_json and stop_signal(err) is not None:
            click.echo(json.dumps({"formulas": rows, "summary": checks.crosscheck_summary(rows), "stopped": True}))
        raise
    summary = checks.crosscheck_summary(rows)
    click.echo(json.dumps({"formulas": rows, "summary": summary}) if as_json else checks.summary_text(summary))
    _exit_if_all_refused(summary["formulas"], summary["refused"], "file")
    if summary["disagreements"]:
        sys.exit(1)


@option_names(n="n", c="c", r="R")
@main.command(epilog=examples_help("generate --values 5 --colors 5 --multiplicity 2 --hand 4 -o random.deck"))
@memory_option
@OptionGroup("shape", click.option("--values", "n", type=Whole(1, 10**8), required=True, help="Number of values n."),
             click.option("--colors", "c", type=Whole(1, 10**8), required=True, help="Number of colors c."),
             click.option("--multiplicity", "r", type=Whole(1, 10**8), default=1, show_default=True,
                          help="Copies of every card type."),
             click.option("--hand", "h", type=Whole(0, 10**9), required=True, help="Hand size h."))
@click.option("--seed", type=Whole(min=0), default=0, show_default=True,
              help="Seed of the first deck; deck j of --count K uses seed + j.")
@click.option("--at-most", is_flag=True, help="Every type 1..R times (uniformly drawn) instead of exactly R.")
@click.option("--count", type=Whole(min=1), default=1, show_default=True,
              help="Number of decks (needs --out).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), help="Folder for the decks.")
@click.option("-o", "out_file", type=click.Path(dir_okay=False), help="Write the one deck to this file.")
def generate(shape, seed, at_most, count, out_dir, out_file):
    """Random decks: every card type R times, uniformly shuffled (reproducible from the seed).

    Writes to standard output, to -o FILE (its folder must exist), or K files named
    rand-n<N>-c<C>-r<R>-h<H>-s<seed>.deck (rand-n<N>-c<C>-r<R>-h<H>-atmost-s<seed>.deck with
    --at-most) into --out DIR (made if missing, its parent must exist), all of them or none.
    Each deck starts with `c` lines giving the command that rebuilds it.
    """
    if out_file and out_dir:
        usage_error("give either -o FILE or --out DIR, not both")
    if count > 1 and not out_dir:
        usage_error("--count K writes K files: give --out DIR")
    with usage_errors(BudgetError):  # a memory shortfall is reported as every command reports it
        decks = list(generated_decks(**shape, seed=seed, count=count, exact=not at_most))  # each drawn when written
    for path in write_decks(decks, out_dir, out_file):
        if out_dir:
            click.echo(path)


@option_names(limits="--exact", out="--csv or --jsonl", scores="--scores")
@main.command(epilog=examples_help(
    "bound -p 3 --seeds 0:10 --exact",
    "bound --hanab-live-seeds p3v0s1..5 --exact --json",
    "bound --example hanab-live-real-game --exact",
    "bound -p 2 --hle-seeds 0:20 --exact --jsonl rows.jsonl",
    "bound -p 2 --hle-seeds 0:40 --exact --jsonl rows.jsonl --resume"))
@DEAL_SOURCES
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False), help="Stream rows to this CSV file.")
@click.option("--jsonl", "jsonl_out", type=click.Path(dir_okay=False), help="Stream rows to this JSON Lines file.")
@click.option("--resume", is_flag=True,
              help="Skip the deals whose rows the --csv/--jsonl file holds, computed with the same options (an open "
                   "row under other timeouts is recomputed); without it the file is replaced when the run ends.")
@jobs_option("Worker processes.")
@OptionGroup(
    "held",
    click.option("--figures/--no-figures", default=True, show_default=True,
                 help="Compute the hardness figures (min_hand, pace_slack); the costly part on 4-5 players."),
    click.option("--lines", is_flag=True, help="Add the U1/U2 lines and the bot's hanab.live actions to JSON rows."),
    click.option("--exact", "with_exact", is_flag=True,
                 help="Add U3, the exact optimum under the real rules, and exact (true when proven)."),
    _limits_options("Seconds per deal for --exact; a deal that runs out keeps its proven bounds.",
                    "With --exact, seconds per deal for the SAT peer on the deals the search leaves open (0: never)."),
    click.option("--completions", type=Whole(1, 10000), default=COMPLETIONS, show_default=True,
                 help="With --exact, U3 over this many completions of a deck known only in part (an OpenSpiel or "
                      "Kaggle game that ended before the last draw): every order of its unknown cards when there are "
                      "no more, else seeded shuffles 0..K-1."),
    click.option("--lines-dir", type=click.Path(file_okay=False),
                 help="With --exact, write each deal's optimal line as a hanab.live game (<id>.json, ids as in "
                      "docs/formats.md)."))
@click.option("--scores", "scores_file", type=click.Path(dir_okay=False),
              help="An agent's scores (CSV with columns id,score, or JSON Lines of {id, score}), joined to the deals "
                   "by id (P2-hle-7, P2-hlerandom-7 with --hle-random-start, P2-seed-7, P3-live-p3v0s17: "
                   "docs/formats.md): real_score, gap, gap_U3 per row and the evaluation in the summary; ids on one "
                   "side only are counted.")
@printed_options("Print only the summary (not one line per deal).", 'Print {"rows": [...], "summary": {...}}.')
def bound(source, csv_out, jsonl_out, resume, jobs, held, scores_file, printed):
    """Perfect-information bounds per deal: bot score L <= optimum <= U2 <= U1.

    Every row has id, players, L, U1, U2, min_hand, pace_slack, a reason when U2 < 25,
    and for real games real_score, end and gap = U2 - real_score; with --exact also U3
    (the best score proven reachable), U3_high (the best upper bound proven), exact and
    method (what proved it: bot, search or peer).
    """
    from solitaire.seer.runs.boundrun import BoundOptions, BoundRun, scores_warning
    from solitaire.seer.runs.evaluation import read_scores
    from solitaire.seer.runs.texts import bound_row_text, bound_summary_text
    from solitaire.seer.sources.dealsource import deal_source

    exact = held["with_exact"]
    out = csv_out or jsonl_out
    distinct_files(**{"--deal": source["deal"], "--hanab-live": source["hanab_live"],
                      "--openspiel": source["openspiel"], "--kaggle": source["kaggle"], "--csv/--jsonl": out})
    if csv_out and jsonl_out:
        usage_error("give at most one of --csv and --jsonl")
    deals = deal_source(**source)
    options = BoundOptions(held["figures"], held["lines"], held["limits"] if exact else None,
                           held["completions"])
    scores = read_scores(scores_file) if scores_file else None
    warning = scores and scores_warning(scores, deals)
    if warning:
        click.echo(f"hanabi-solitaire: warning: {warning}", err=True)
    if held["limits"].peer_timeout and not exact:
        usage_error("--peer-timeout needs --exact")
    with BoundRun(deals, options, out, bool(csv_out), resume, held["lines_dir"], jobs, scores) as run:
        # with --exact and several deals the search's parts compile first on the run's processes; else each kernel
        # compiles when a deal first needs it (a deal the bot wins, none of the search's)
        _compile_ahead(run.jobs if exact else 1, *SEARCH_MODULES, "solitaire.engine")
        printed.rows(run.rows(), run.todo, "deals", bound_row_text)
    summary = run.summary()
    click.echo(json.dumps({"rows": run.new, "summary": summary}) if printed.as_json else bound_summary_text(summary))
    _exit_if_all_refused(summary["deals"] + summary.get("partial", {}).get("deals", 0), summary["refused"], "deal")


@main.command(epilog=examples_help(
    "analyze --example hanab-live-real-game",
    "analyze --example hanab-live-real-game --html report.html"))
@click.argument("games", nargs=-1, metavar="GAMES...")
@example_option("games", "game", label="GAMES", required=False)
@OptionGroup(
    "sources",
    once_option("--hanab-live-seeds", metavar="SEED",
                help="Also hanab.live's deals of a seed string or range (p3v0s1..1000), as games with no action: "
                     "their maximum at the start."),
    once_option("--hanab-live-seed", metavar="STRING", help="Also hanab.live's deal of exactly one seed string."),
    click.option("--openspiel", multiple=True, type=click.Path(dir_okay=False),
                 help="Also OpenSpiel Hanabi games (pyspiel.serialize_game_and_state's text, or JSON Lines of "
                      "them); repeatable."),
    click.option("--kaggle", multiple=True, type=click.Path(dir_okay=False),
                 help="Also the episodes of a Kaggle Game Arena replay of OpenSpiel Hanabi (of the 2v2 arena, each "
                      "table's game); repeatable."),
    click.option("--jaxmarl", multiple=True, type=click.Path(),
                 help="Also the games of a JaxMARL folder (decks.json, actions.json, scores.txt); repeatable."),
    click.option("--pyhanabi", multiple=True, type=click.Path(),
                 help="Also pyhanabi's games (a log game<id>.log, a folder of them, or JSON Lines of its games in "
                      "hanab.live's form), played under pyhanabi's rules; repeatable."))
@OptionGroup(
    "run",
    click.option("--timeout", type=SECONDS, default=10.0, show_default=True,
                 help="Seconds of search per position; a position that runs out keeps its proven bounds."),
    jobs_option("Worker processes (one game each)."),
    click.option("--jsonl", "out", type=click.Path(dir_okay=False),
                 help="Stream one row per game to this JSON Lines file (id, source, end, score, turns, drops)."),
    click.option("--resume", is_flag=True, help="Skip the games whose rows the --jsonl file holds (same --timeout)."))
@click.option("--html", "html_out", type=click.Path(dir_okay=False),
              help="Write one self-contained page (no network): per game the maximum per turn beside the score, "
                   "each drop with the better action and its replay link; the batch summary as charts.")
@click.option("--plot", "plot_dir", type=click.Path(file_okay=False),
              help="Draw each game into DIR/<id>.png: the maximum per turn beside the score (needs matplotlib: "
                   "pip install 'hanabi-solitaire[plot]').")
@click.option("--strict", is_flag=True,
              help="Stop at the first game the toolkit refuses (exit 2) instead of giving it a row of its own.")
@printed_options("Print only the summary.", 'Print {"games": [...], "summary": {...}}.')
def analyze(games, sources, run, html_out, plot_dir, strict, printed):
    """Where each game was lost: the perfect-information maximum before every turn.

    GAMES are hanab.live games: files (a game as hanab.live exports it, a JSON array of games,
    JSON Lines, or replay links one a line) or replay links (a hanab.live URL, or its data
    part). For every turn: the largest score a team that sees every card could still reach
    (exact, or proven bounds when the search runs out); the turns where it dropped, the action
    that dropped it, the first action of a line that keeps the maximum, and a hanab.live replay
    link of that line opening at the turn. A game the toolkit cannot read or play is a row of
    its own with 'refused' and the reason, and the run goes on (--strict stops there).
    OpenSpiel's games and Kaggle Game Arena replays come with --openspiel and --kaggle, JaxMARL's
    recorded games with --jaxmarl, pyhanabi's with --pyhanabi.
    """
    from solitaire.seer.runs.analyzerun import AnalyzeRun
    from solitaire.seer.runs.texts import analysis_summary_text, analysis_text
    from solitaire.seer.sources.dealsource import games_source

    if not (games or any(sources.values())):
        usage_error("missing GAMES (or --example NAME, --hanab-live-seeds, --hanab-live-seed, --openspiel, --kaggle, "
                    "--jaxmarl, --pyhanabi)")
    files = (*games, *sources["openspiel"], *sources["kaggle"])
    distinct_files(**{f"GAMES ({path})": path for path in files if os.path.exists(path)},
                    **{"--jsonl": run["out"], "--html": html_out})
    writable_file(html_out)
    source = games_source(games, strict=strict, **sources)
    with AnalyzeRun(source, **run, plot_dir=plot_dir) as analysis:
        if analysis.searches:  # every game refused or reused: nothing to compile
            _compile_ahead(run["jobs"], *SEARCH_MODULES)
        printed.rows(analysis.rows(), analysis.todo, "games", analysis_text)
    summary = analysis.summary()
    if html_out:
        from solitaire.seer.runs.report import write_report

        write_report(html_out, analysis.batch_rows(), summary)
    click.echo(json.dumps({"games": analysis.new, "summary": summary}) if printed.as_json
               else analysis_summary_text(summary))
    _exit_if_all_refused(summary["games"], summary["refused"], "game")


def _exit_if_all_refused(done: int, refused: dict[str, int] | int, what: str) -> None:
    """Exit code 2 with one line on standard error when every record given was refused (``done``: the records with a
    row that is not a refusal, none; ``refused``: the count, or the counts by reason), as for bad input: nothing was
    computed."""
    if not done and refused:
        click.echo(f"hanabi-solitaire: error: every {what} given was refused (the reasons above)", err=True)
        sys.exit(2)


@main.command("deal", epilog=examples_help("deal --hanab-live-seed p3v0s17 --text", "deal -p 2 --seeds 0:3 --link"))
@DEAL_SOURCES
@click.option("--text", "as_text", is_flag=True, help="Print the text form (r1 y2 ...) instead of JSON.")
@click.option("--link", is_flag=True,
              help="Print each deal as a hanab.live replay link (a game that the link cannot carry, such as one "
                   "whose starting player is not 0, prints {\"id\", \"link\": null, \"link_note\"}).")
def deal_cmd(source, as_text, link):
    """Print deals, one a line, as hanab.live games without actions.

    Each line is {"players": [names], "deck": [{"suitIndex", "rank"}, ...], "options":
    {"startingPlayer": s}} (and "variant" in a variant game), ready to load on hanab.live or to
    give to --hanab-live; --text prints the deck as text (r1 y2 ...), the form --deal reads
    (without the starting player; the standard deck with default options only, another deal
    printing {"id", "text": null, "text_note"}); --link prints a hanab.live replay link of the
    deal. A game of a file the toolkit refuses prints its row {"id", "source",
    "refused"} (--strict stops there).
    """
    from solitaire.seer.sources.dealsource import deal_items, deal_line
    from solitaire.seer.sources.history import Refused

    if as_text and link:
        usage_error("give at most one of --text and --link")
    refused = dealt = 0
    for item in deal_items(**source):
        refused += isinstance(item, Refused)
        dealt += not isinstance(item, Refused)
        click.echo(deal_line(item, "text" if as_text else "link" if link else "json"))
    if refused:
        click.echo(f"deal: {refused} game(s) refused (the lines with \"refused\")", err=True)
    _exit_if_all_refused(dealt, refused, "game")


@option_names(out="--out")
@main.command(epilog=examples_help("table -p 2 --deals 20 --out table.jsonl", "table-summary table.jsonl"))
@OptionGroup(
    "asked",
    click.option("--players", "-p", help="Player counts in 2..6: A..B or 2,4.  [default: 2..5]"),
    click.option("--deals", type=Whole(min=1),
                 help="Deals per player count (required unless --hanab-live-seeds names the seeds)."),
    click.option("--seed", type=Whole(min=0), default=0, show_default=True,
                 help="First seed: deals are seeded_deal(P, seed .. seed + deals - 1), below 2^64; with --variant, "
                      "hanab.live's deals of p<P>v<id>s<seed> .. (below 10^12)."),
    click.option("--variant", metavar="NAME",
                 help="A hanab.live variant by name (\"Black (6 Suits)\"): the table of hanab.live's deals of its "
                      "seeds."),
    once_option("--hanab-live-seeds", metavar="SEED",
                help="hanab.live's deals of a range of seed strings (p3v0s1..1000), in place of --players, --deals, "
                     "--seed and --variant (the same deals as -p 3 --variant 'No Variant' --seed 1 --deals 1000)."),
    click.option("--hle", is_flag=True, help="The Hanabi Learning Environment's deals of the seeds (below 2^31)."),
    click.option("--hle-random-start", is_flag=True,
                 help="HLE's deals with its random starting player (random_start_player), drawn before the deal."))
@_limits_options("Seconds per deal; a deal that runs out is counted as unresolved with its bounds.",
                 "Seconds per deal for the SAT peer on the deals the search leaves open (0: never).")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), required=True,
              help="JSON Lines file of rows; a rerun resumes from it.")
@OptionGroup(
    "retry",
    click.option("--retry-open", "open", is_flag=True,
                 help="Also recompute the rows of the file that are still open (say with longer timeouts); "
                      "the new row replaces the old one."),
    click.option("--retry-searched", "searched", is_flag=True,
                 help="Also recompute every row the bot did not settle (L < U2), say after the search "
                      "improved (includes --retry-open); the bot's rows (L = U2) cannot change."),
    click.option("--retry-slower", "slower", type=SECONDS, metavar="SECONDS",
                 help="Also recompute every row that took more than SECONDS (say, closed after the search overran)."))
@jobs_option("Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
def table(asked, limits, out_file, retry, jobs, as_json):
    """The winnability table: U3 (exact optimum under the real rules) over seeded deals per player count.

    Each deal gets the search for --timeout seconds, then, if still open, the SAT peer for
    --peer-timeout seconds; every row records which one proved it (method). A rerun skips
    the deals already in --out, but for an open row computed under other timeouts (recomputed;
    row files and resume rules: docs/formats.md); with --retry-open it recomputes the open ones, with
    --retry-searched every one that needed more than the bot, with --retry-slower S every
    one that took more than S seconds.
    """
    from solitaire.seer.runs.exactrun import Retry, TableRun, format_table, table_deals

    deals = table_deals(**asked)
    _compile_ahead(jobs, *SEARCH_MODULES)
    with TableRun(deals.players, deals.seed, deals.deals, out_file, limits, Retry(**retry), jobs, deals.kind) as run:
        for _ in Progress(run.rows(), run.todo, "deals", shown=not as_json):
            pass
    click.echo(json.dumps(run.summary()) if as_json else format_table(run.summary()))


@main.command("table-summary", epilog=examples_help("table-summary --example table -p 2"))
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@example_option("files", "table")
@click.option("--players", "-p", default="2..6", show_default=True, help="Player counts: A..B or 2,4.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
def table_summary_command(files, players, as_json):
    """The winnability table of row files written by `table` (JSON Lines, plain or .xz).

    Later files win where a deal has several rows (the newest row of a deal wins within a
    file too). The shipped table: `hanabi-solitaire table-summary --example table`.
    """
    from solitaire.seer.runs.exactrun import format_table, read_table_deals, table_summary
    from solitaire.seer.sources.dealsource import parse_players

    with Progress((), sum(os.path.getsize(f) for f in files), "reading", shown=not as_json) as progress:
        deals = read_table_deals(files, parse_players(players), progress.advance)
    summary = table_summary(deals)
    click.echo(json.dumps(summary) if as_json else format_table(summary))


@main.command("warm-up")
@jobs_option("Processes: the parts compile independently, one per process.")
@JSON_OPTION
def warm_up_command(jobs, as_json):
    """Compile every solver into numba's cache now, so that no later command compiles.

    A command's first call after an installation compiles the code it needs (seconds to a minute of
    processor time) and caches it. Run this once after installing, before timing anything, or on a
    cluster's nodes before their jobs. Where the installation's folder cannot be written, numba
    caches in the user's cache folder (or in NUMBA_CACHE_DIR; where neither can be written, in a
    folder of the user's in the temporary folder, said once): run it as the user who runs the
    commands. A part already cached is only loaded; the parts compile on as many processes as
    --jobs allows (three at most).
    """
    from solitaire.compiled import PARTS, cold_modules, load_parts

    modules = [module for held, _ in PARTS.values() for module in held]
    _compile_ahead(1, *modules, ahead=False)  # the notice, when this process compiles
    if jobs > 1 and cold_modules(*modules):  # the parts compile in worker processes: said here, once for them all
        _Notice.say()
    loaded = []
    for part in load_parts(jobs):
        loaded.append(part)
        if not as_json:
            click.echo(f"{part.part:<8} {'compiled' if part.compiled else 'loaded':<9} {part.seconds:6.1f} s  "
                       f"({PARTS[part.part][1]})")
    if as_json:
        click.echo(json.dumps({"parts": [part.to_json() for part in loaded]}))


if __name__ == "__main__":
    main()

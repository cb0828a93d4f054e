"""The text forms of the rows and summaries of ``bound`` and ``analyze``, as the command prints them.

Contract. Each function takes a row or a summary as its run returns it (plain JSON values:
:class:`~solitaire.seer.runs.boundrun.BoundRun`, :class:`~solitaire.seer.runs.analyzerun.AnalyzeRun`)
and returns its text, one or more lines without a final newline; nothing is printed here.
``table``'s text is :func:`~solitaire.seer.runs.exactrun.format_table`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["refused_text", "refused_summary_text", "bound_row_text", "partial_row_text", "bound_summary_text",
           "analysis_text", "analysis_summary_text"]

Row = Mapping[str, Any]


def refused_text(row: Row) -> str:
    """The line of a refused record: its id, where it is, and why.

    Examples
    --------
    >>> refused_text({"id": "P3-game-7", "source": "games.jsonl:2", "refused": "variant 'Up or Down' not played"})
    "P3-game-7 (games.jsonl:2): refused: variant 'Up or Down' not played"
    """
    return f"{row['id'] or '-'} ({row['source']}): refused: {row['refused']}"


def refused_summary_text(refused: Mapping[str, int] | None, repeated: int = 0) -> list[str]:
    """The lines counting the refused records by reason (none when nothing was refused) and the records of a deal or
    game read before (none when there are none)."""
    lines = [f"repeated {repeated}: records of a deal or game listed before, each read once"] if repeated else []
    if not refused:
        return lines
    return [*lines, f"refused {sum(refused.values())}, by reason:",
            *(f"  {count:>6}  {reason}" for reason, count in refused.items())]


def _link_line(row: Row, indent: str) -> str:
    return f"{indent}{row['link'] or 'no replay link: ' + row['link_note']}"


def _ended(end: str) -> str:
    """How a real game ended, in words: ``normal end``, ``strikeout end``, ..., or ``unfinished``."""
    return end if end == "unfinished" else f"{end} end"


def bound_row_text(row: Row) -> str:
    """One deal's bounds: ``id (source): P=… L=… U3=… U2=… U1=…``, the real game's score and gap, the
    hardness figures, why U2 is below the maximum, and the replay link of a real game."""
    if "refused" in row:
        return refused_text(row)
    if row.get("deck") == "partial":
        return partial_row_text(row)
    proof = f" (by {row['method']})" if row.get("method") else ""
    exact = (f" U3={row['U3']}" + (proof if row["exact"] else f"..{row['U3_high']} (open)")) if "U3" in row else ""
    end = f" ({_ended(row['end'])}, {row['played']} played)" if "end" in row and "played" in row else ""
    extra = f" real {row['real_score']}{end} gap {row['gap']}" if "gap" in row else f" real game{end}" if end else ""
    figures = f" min_hand {row['min_hand']} slack {row['pace_slack']}" if "min_hand" in row else ""
    where = f" ({row['source']})" if "source" in row else ""
    bounds = f"L={row['L']}{exact} U2={row['U2']} U1={row['U1']}"
    lines = [f"{row['id']}{where}: P={row['players']} {bounds}{figures}{extra}"
             + (f"  ({row['reason']})" if "reason" in row else "")]
    if "link" in row:
        lines.append(_link_line(row, "  "))
    return "\n".join(lines)


def partial_row_text(row: Row) -> str:
    """The line of a deck known only in part: the cards known, the bounds over every completion, U3 over the
    completions searched, the real game.

    >>> partial_row_text({"id": "P2-deck-1", "players": 2, "deck": "partial", "known_cards": 13, "L_all": 1,
    ...                   "U_all": 25})
    'P2-deck-1: P=2 deck known up to card 13: every completion 1..25'
    """
    where = f" ({row['source']})" if "source" in row else ""
    text = (f"{row['id']}{where}: P={row['players']} deck known up to card {row['known_cards']}: every completion "
            f"{row['L_all']}..{row['U_all']}")
    if row.get("U3_completions_mean") is not None:
        which = "every completion" if row["completions_all"] else f"{row['completions']} completions"
        text += (f"; U3 over {which} mean {row['U3_completions_mean']:.2f} min {row['U3_completions_min']} "
                 f"max {row['U3_completions_max']} ({row['completions_exact']} proven)")
    if "played" in row:
        score = row.get("real_score", "unknown")
        text += f"; real {score} ({_ended(row.get('end', 'unfinished'))}, {row['played']} played)"
    return text


def _partial_summary_line(part: Mapping[str, Any]) -> str:
    line = (f"  decks known in part {part['deals']} (apart from the means above): every completion "
            f"{part['mean_L_all']:.3f}..{part['mean_U_all']:.3f} on average")
    if "mean_U3_completions" in part:
        line += (f", mean U3 over completions {part['mean_U3_completions']:.3f} "
                 f"({part['completions_exact']} of {part['completions']} completions proven)")
    return line


def _share(label: str, share: float, interval: tuple[float, float], rest: str = "") -> str:
    low, high = interval
    return f"  {label}{100 * share:.2f}%  (95% CI {100 * low:.2f}..{100 * high:.2f}%{rest})"


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _histogram(label: str, counts: Mapping[Any, int]) -> str:
    return f"  {label}: " + "  ".join(f"{key}: {count}" for key, count in counts.items())


def _evaluation_lines(evaluation: Mapping[str, Any], top: object) -> list[str]:
    interval = evaluation.get("score_over_U3_ci95")
    shown = "no interval from one deal" if interval is None else f"95% CI {interval[0]:.4f}..{interval[1]:.4f}"
    lines = [f"  score / U3   {evaluation.get('score_over_U3', 0):.4f}  ({shown}; "
             f"{_count(evaluation['scored'] - evaluation['scored_open'], 'scored deal')} with U3 proven)"]
    if evaluation["scored_open"]:
        lines.append(f"  mean score   {evaluation.get('mean_score', 0):.3f} over those, "
                     f"{evaluation['mean_score_all']:.3f} over all {evaluation['scored']} scored deals")
    rate = evaluation["win_rate_winnable"]
    if rate is not None:
        lines.append(_share(f"wins where U3 = {top}  ", rate, evaluation["win_rate_winnable_ci95"],
                            f", {evaluation['winnable']} deals"))
    lines.append(_histogram("gap U3 - real score", evaluation["gap_U3_histogram"]))
    for name, part in evaluation.get("by_variant", {}).items():
        ratio = f"score / U3 {part['score_over_U3']:.4f}" if "score_over_U3" in part else "no U3 proven"
        lines.append(f"    {name}: {ratio}, mean score {part.get('mean_score', 0):.3f}, mean U3 "
                     f"{part.get('mean_U3', 0):.3f} ({_count(part['scored'], 'scored deal')})")
    return lines


def bound_summary_text(summary: Mapping[str, Any]) -> str:
    """The summary of a ``bound`` batch: means, the shares reaching the maximum with their 95 %
    intervals, the real scores' gaps and the evaluation of an agent's scores when there are any."""
    top = summary.get("max_score", 25) or "max"  # a variant's own maximum score
    lines = [f"deals {summary['deals']}", *refused_summary_text(summary.get("refused"), summary.get("repeated", 0))]
    if summary["deals"]:  # no share of no deal
        lines += _deal_lines(summary, top)
    if "partial" in summary:
        lines.append(_partial_summary_line(summary["partial"]))
    evaluation = summary.get("evaluation")
    if evaluation and "mean_U3" in evaluation:
        lines += _evaluation_lines(evaluation, top)
    if "scores" in summary:
        scores = summary["scores"]
        lines.append(f"  scores: {scores['unscored']} deals without a score, {scores['unknown']} scores of no deal "
                     "asked for" + (f" (such as {scores['unknown_ids'][0]}; this run's deals are named "
                                    f"{', '.join(scores['deal_ids'])}: ids in docs/formats.md)"
                                    if scores.get("deal_ids") else ""))
    return "\n".join(lines)


def _deal_lines(summary: Mapping[str, Any], top: object) -> list[str]:
    """The means and shares of a ``bound`` batch of at least one deal."""
    lines = [f"  mean {key:<10} {summary[f'mean_{key}']:.3f}"
             for key in ("L", "U2", "U1", "real_score", "min_hand", "pace_slack") if f"mean_{key}" in summary]
    lines += [_share(f"{key} = {top:<8}", summary[f"share_{key}_25"], summary[f"share_{key}_25_ci95"])
              for key in ("U2", "L")]
    if "share_U3_25" in summary:
        lines.append(_share(f"U3 = {top:<8}", summary["share_U3_25"], summary["share_U3_25_ci95"],
                            f", proven; {summary['unresolved']} deal{'' if summary['unresolved'] == 1 else 's'} "
                            "unresolved"))
    lines.append(f"  L = U2       {100 * summary['share_L_eq_U2']:.2f}%")
    if "gap_histogram" in summary:
        lines += [_histogram("gap U2 - real score", summary["gap_histogram"]),
                  f"  real score above U2: {summary['real_above_U2']}"]
    if "mean_U3" in summary:
        lines.append(f"  mean U3      {summary['mean_U3']:.3f}  (over the deals whose U3 is proven)")
    return lines


def analysis_text(row: Row) -> str:
    """One analysed game: how it ended, its maximum at the start, and each drop of the maximum with
    the action that dropped it, a better one and the replay link that shows it."""
    if "refused" in row:
        return refused_text(row)
    first = row["turns"][0] if row["turns"] else {"max": row["final_max"], "max_high": row["final_max"]}
    start = f"{first['max']}" + ("" if first["max"] == first["max_high"] else f"..{first['max_high']}")
    where = f" ({row['source']})" if row.get("source") else ""
    score = "" if row.get("end") is None else (
        f", {_ended(row['end'])}, score {'unknown' if row['score'] is None else row['score']} ({row['played']} played)")
    variant = f", {row['variant']}" if row.get("variant") else ""
    lines = [f"{row['id']}{where}: {row['players']} players{variant}{score}, maximum at the start {start}, "
             f"{len(row['turns'])} turns, {row['searches']} searches, {row['open']} open"]
    notes = {drop["link_note"] for drop in row["drops"] if not drop["link"]}
    unlinked = len(row["drops"]) > 1 and len(notes) == 1 and not any(drop["link"] for drop in row["drops"])
    if unlinked:  # the game itself has no link (its variant or rules): said once, not at every drop
        lines.append(f"  no replay links: {notes.pop()}")
    for drop in row["drops"]:
        lines.append(f"  turn {drop['turn']}: {drop['text']} ({drop['from']} -> {drop['to']}); instead: "
                     f"{drop['instead']}   [{drop['kind']}, {drop['phase']}]")
        if not unlinked:
            lines.append(_link_line(drop, "    "))
    return "\n".join(lines)


def analysis_summary_text(summary: Mapping[str, Any]) -> str:
    """The summary of an ``analyze`` batch: where the points were lost, by kind and by phase."""
    return "\n".join([
        f"games {summary['games']}: a perfect score (5 per suit) reachable at the start in "
        f"{summary['winnable_at_start']}, of which {summary['lost_after_start']} dropped below it",
        *refused_summary_text(summary.get("refused"), summary.get("repeated", 0)),
        _histogram("first drop by phase", summary["first_drop_phase"]),
        _histogram("points lost by kind", summary["points_lost_by_kind"]),
        _histogram("points lost by phase", summary["points_lost_by_phase"]),
        f"  positions left open: {summary['open_turns']}  searches: {summary['searches']}"])

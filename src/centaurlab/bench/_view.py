"""The report laid out as titled tables of text and notes, once, for the terminal and the pages alike.

Every cell of a mean reads 'estimate [low, high]', rounded to what its interval supports
(`stats.Figure`); the unit is in the title and n (draws) in its own column; a figure that cannot be
computed reads 'not computed' and a note under the table says why. Each comparison table carries its
rank ranges and the sentence its intervals support.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..stats import MINIMUM_N, Figure
from ._figures import DIMENSIONS, fewest, missing_interval, placement_figure
from ._report import BenchReport


@dataclass
class TableView:
    title: str
    columns: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)
    essential: list[str] = field(default_factory=list)  # the columns a narrow terminal keeps longest
    heading: str = ""  # a section heading for the pages, with what it measures
    about: str = ""


def cell(fig: Figure) -> str:
    """'62 [10, 100]', '9.1 (no interval)' or 'not computed'."""
    if not fig.computed:
        return "not computed"
    return f"{fig.value_text()} {fig.interval_text() or '(no interval)'}"


def draw_notes(report: BenchReport) -> list[str]:
    """Per model: how many draws its samples are worth and how many pairs of samples of one prompt were
    identical; at temperature 0 what is therefore not computed."""
    notes = []
    for d in report.draw_counts:
        if d.deterministic:
            notes.append(f"{d.fixed}: its {d.samples} samples count as {d.draws} draws ({d.identical_text()}); "
                         "intervals over its repeated samples and its consistency are not computed.")
        else:
            notes.append(f"{d.model}: {d.samples} samples, each a draw ({d.identical_text()}).")
    return notes


GROUP_TITLES = {"by_model": ("Per model", ("model",)), "by_framing": ("Per prompt framing", ("framing",)),
                "by_model_framing": ("Per model and framing", ("model", "framing")),
                "by_task": ("Per task", ("task",))}


def group_table(report: BenchReport, name: str) -> TableView:
    """One per-group table: keys, draws, a rank range by composite where groups are compared, and each
    dimension's mean with its 95% interval; notes: the fewest n, the claims, why a row has no interval."""
    title, keys = GROUP_TITLES[name]
    rows = report.groups.get(name, [])
    heading = {"by_model": "Per model", "by_framing": "Per prompt framing", "by_task": "Per task"}.get(name, "")
    comparisons = report.comparisons.get(name, [])
    composite = next((c for c in comparisons if c.measure == "composite"), None)
    ranked = composite is not None and not composite.not_ranked
    columns = [*keys, "n", *(["rank"] if ranked else []), *DIMENSIONS]
    out = []
    for i, row in enumerate(rows):
        rank = [composite.ranks[i]] if ranked and composite is not None else []
        out.append([*(str(row[k]) for k in keys), str(row["draws"]), *rank, *(cell(row[d]) for d in DIMENSIONS)])
    notes = [fewest(rows)] if rows else []
    notes += [c.claim for c in comparisons]
    notes += _missing_intervals(rows, keys)
    return TableView(f"{title}: mean [95% interval], points of 100; n = draws", columns, out, notes,
                     essential=[*keys, "n", *(["rank"] if ranked else []), "composite"], heading=heading)


def _missing_intervals(rows: list[dict[str, Any]], keys: tuple[str, ...]) -> list[str]:
    """'no interval for <groups> <dimensions>: <why>', one line per reason."""
    reasons: dict[str, dict[str, list[str]]] = {}
    for row in rows:
        label = " / ".join(str(row[k]) for k in keys)
        for dim in DIMENSIONS:
            fig: Figure = row[dim]
            why = row.get(f"{dim}_interval") or (None if fig.computed else fig.text())
            if why:
                found = reasons.setdefault(why, {"groups": [], "dims": []})
                found["groups"].append(label)
                found["dims"].append(dim)
    return [f"no interval for {', '.join(dict.fromkeys(r['groups']))} ({', '.join(dict.fromkeys(r['dims']))}): {why}"
            for why, r in reasons.items()]


def consistency_table(report: BenchReport, name: str) -> TableView:
    """The mean over tasks of the per-task SD across generations (lower: more consistent), each with a t
    interval over tasks; a model sampled at temperature 0 is not computed, with the reason."""
    keys = ("model",) if name == "by_model" else ("model", "framing")
    rows = report.consistency_figures.get(name, [])
    out = [[*(str(r[k]) for k in keys), str(r["tasks"]), *(cell(r[d]) for d in DIMENSIONS)] for r in rows]
    notes = list(dict.fromkeys(f"{r['model']}: {r['composite'].text()}" for r in rows
                               if not r["composite"].computed))
    for r in rows:
        for dim in DIMENSIONS:
            why = missing_interval(r[dim], "tasks")
            if why:
                notes.append(f"no interval for {' / '.join(str(r[k]) for k in keys)} ({dim}): {why}")
    title = "Consistency" if name == "by_model" else "Consistency per model and framing"
    view = TableView(f"{title}: mean over tasks of the SD across generations [95% interval over tasks], "
                     "points of 100; n = tasks", [*keys, "n", *DIMENSIONS], out, notes, essential=[*keys, "n"])
    if name == "by_model":
        view.heading = "Consistency over repeated generations"
        view.about = ("For each task, the SD of each dimension over the model's generations of it (a task's "
                      "composite SD is the mean of its three dimension SDs); each cell is the mean of those SDs "
                      "over tasks, with a t interval over tasks. Lower is more consistent. A model sampled at "
                      "temperature 0 (greedy decoding) has no sampling variation to measure.")
    return view


def placement_lines(report: BenchReport) -> list[str]:
    """Each model's human percentile across its placed tasks, with interval and n, or why not computed."""
    lines = []
    for row in report.human_percentiles.to_dict(orient="records"):
        model = str(row["model"])
        fig = report.placements[model]
        what = "tasks" if fig.method == "t over tasks" else "draws"
        text = fig.text().replace(f", n {fig.n}", f", n {fig.n} {what}") if fig.computed else fig.text()
        lines.append(f"human percentile of {model}: {text}"
                     + (f" ({fig.method})" if fig.computed and fig.method else ""))
    return lines


def placement_table(report: BenchReport) -> TableView | None:
    """Each placed task: percentile [delta-method 95% interval], the model's draws and the people behind it."""
    placed = [{str(k): v for k, v in r.items()} for r in report.human_percentiles_by_task.to_dict(orient="records")
              if r["human_n"] is not None and r["human_n"] == r["human_n"]]
    if not placed:
        return None

    def score(r: dict[str, Any]) -> str:
        return "not computed" if r["score"] is None or r["score"] != r["score"] else f"{r['score']:.1f}"

    rows = [[str(r["model"]), str(r["task"]), str(r["n"]), score(r), cell(placement_figure(r)), str(int(r["human_n"])),
             f"{r['human_mean']:.1f} ± {r['human_sd']:.1f}", str(r["baseline"])] for r in placed]
    notes = sorted({str(r["note"]) for r in placed if r["note"]})
    notes.insert(0, "COMPASS's placement of the combined score (the mean of correctness and efficiency); n = the "
                    "model's draws, people = the baseline's n; the interval carries both (delta method)")
    return TableView("Human-equivalent percentile per task [95% interval]",
                     ["model", "task", "n", "score", "percentile", "people", "human mean ± SD", "whose baseline"],
                     rows, notes, essential=["model", "task", "n", "percentile", "people"])


def correlation_table(report: BenchReport) -> TableView:
    figs = report.correlation_figures
    rows = [[pair, str(f.n), cell(f)] for pair, f in figs.items()]
    notes = [f"{pair}: {f.text()}" for pair, f in figs.items() if not f.computed]
    return TableView("Correlation of the dimensions: Pearson r [95% interval, Fisher z]; n = draws with both",
                     ["pair", "n", "r"], rows, notes, heading="Correlation of the dimensions",
                     about=f"Computed from {MINIMUM_N['correlation']} draws with both dimensions up (the stated "
                           "minimum for a correlation).")


def pca_lines(report: BenchReport) -> list[str]:
    reason = report.pca_reason
    if reason is not None or report.pca is None:
        return [f"PCA: not computed: {reason}"]
    shares = ", ".join(f"PC{i + 1} {v:.0%}" for i, v in enumerate(report.pca.explained))
    return [f"PCA explained variance: {shares} (n {report.pca.n} draws with all three dimensions)"]



def issues_table(report: BenchReport) -> TableView:
    rows = [[str(r["model"]), str(r["submissions"]), str(r["total"]), f"{r['mean']:.2f}", f"{r['median']:g}"]
            for r in report.issues_per_submission.to_dict(orient="records")]
    return TableView("Quality issues per submission (n = draws)", ["model", "n", "total", "mean", "median"], rows,
                     heading="Quality issues")


def sections(report: BenchReport, *, full: bool = False) -> list[TableView | str]:
    """The report after its protocol, in order: draws, per-group tables, consistency, issues, correlations,
    PCA, human percentiles. `full` (the pages) adds the per-task and per-framing consistency tables."""
    out: list[TableView | str] = [*draw_notes(report)]
    out += [group_table(report, name) for name in ("by_model", "by_framing", "by_model_framing")]
    if full:
        out.append(group_table(report, "by_task"))
    out.append(consistency_table(report, "by_model"))
    if full:
        out.append(consistency_table(report, "by_model_framing"))
    out += [issues_table(report), correlation_table(report), *pca_lines(report), *placement_lines(report)]
    placed = placement_table(report)
    if placed is not None:
        out.append(placed)
    if report.failed:
        out.append(f"{report.failed} samples not graded (model or grading errors): see --json")
    return out

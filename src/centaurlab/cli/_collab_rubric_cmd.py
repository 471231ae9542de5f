"""`centaur collab rubric`: show a task's rubric (`rubric TASK`, as before) or audit generated rubrics
against the built-in ones (`rubric audit`, CollabSkill App. G.2).

Thin: parse, call `centaurlab.collab`, print.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from ..errors import InvalidInput, NotFound
from ._collab_tasks_cmd import BANK_OPTION, bank_of
from ._db import database_url
from ._errors import context
from ._output import console, print_json, print_table

if TYPE_CHECKING:
    from ..collab import AuditRun
    from ..stats import Figure


class _ShowByDefault(TyperGroup):
    """Let `rubric TASK` mean `rubric show TASK`, while `rubric audit` stays a command."""

    # typed loosely: the click types live in typer's vendored copy in some typer versions
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "show", self.commands["show"], args
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=_ShowByDefault,
    no_args_is_help=True,
    help=(
        "A task's rubric: `centaur collab rubric TASK [OPTIONS]` shows it (same as `rubric show TASK`); "
        "`centaur collab rubric audit --all` matches generated rubrics against the built-in ones "
        "(CollabSkill App. G.2). See docs/collab.md."
    ),
)

SOURCES = ("auto", "stored", "labelled")


@app.command("audit")
def audit(
    task_ids: list[str] | None = typer.Argument(None, help="Task ids to audit (or --all).", show_default=False),
    all_tasks: bool = typer.Option(False, "--all", help="Audit every task of the bank."),
    bank: str = BANK_OPTION,
    source: str = typer.Option(
        "auto", help="Where the generated criteria come from: auto (a stored generated rubric, else the "
        "shipped labelled set), stored, or labelled."),
    generate: str | None = typer.Option(
        None, "--generate", metavar="MODEL",
        help="Generate each task's rubric now with this model and audit that (not stored; about 45 s a task "
        "on the embedded model)."),
    json_out: bool = typer.Option(False, "--json", help="Print every task, match and figure as JSON."),
) -> None:
    """Audit generated rubrics against the built-in rubric.json (CollabSkill App. G.2).

    Recall: the share of built-in criteria some generated criterion covers. Precision: the share of
    generated criteria that match some built-in one. Per task and pooled, with Wilson 95% intervals,
    and the matcher's own agreement with the hand-labelled matches shipped with the bank.
    """
    from ..collab import WordMatcher, audit_rubrics

    if source not in SOURCES:
        raise InvalidInput(f"--source {source!r} is not one of {', '.join(SOURCES)}")
    if bool(task_ids) == all_tasks:
        raise InvalidInput("name the tasks to audit, or give --all (not both)")
    chosen = bank_of(bank).select(None if all_tasks else task_ids)
    url = None
    if source != "labelled" and generate is None:
        url = database_url()
    with context(builtin=(LookupError,), kind=NotFound):  # the model --generate names
        run = audit_rubrics(chosen, WordMatcher(), url=url, source=source, generate=_generator(generate))
    if json_out:
        print_json(run.to_dict())
        return
    _print(run)


def _generator(model: str | None) -> Any:
    if model is None:
        return None
    from ..collab import TaskInstance, generate_rubric, options_for
    from ..models import load_registry

    registry = load_registry()
    provider = registry.provider(model)
    options = options_for(registry, model)

    def generate(task: TaskInstance) -> Any:
        return model, generate_rubric(provider, task, options)

    return generate


def _cell(count: int, fig: Figure) -> str:
    if not fig.computed:
        return f"{count}/{fig.n} not computed"
    return f"{count}/{fig.n} {fig.value_text()} {fig.interval_text()}"


def _print(run: AuditRun) -> None:
    rows = []
    for t in run.tasks:
        covered, grounded = t.counts(t.matched)
        figs = t.figures()
        labels = "-"
        if t.labelled is not None:
            lc, lg = t.counts(t.labelled)
            labels = f"{lc}/{len(t.builtin)}, {lg}/{len(t.generated)}"
        rows.append([t.task_id, t.source.replace(" set", ""), _cell(covered, figs["recall"]),
                     _cell(grounded, figs["precision"]), labels])
    print_table("rubric audit: generated criteria against the built-in rubric (CollabSkill App. G.2)",
                ["task", "source", "recall", "precision", "by labels"], rows,
                essential=["task", "recall", "precision"])
    pooled = run.pooled()
    console.print(f"pooled over {len(run.tasks)} tasks, by the matcher: recall {pooled['recall'].text()}; "
                  f"precision {pooled['precision'].text()}")
    if any(t.labelled is not None for t in run.tasks):
        by_labels = run.pooled(by_labels=True)
        console.print(f"pooled by the hand labels ({sum(t.labelled is not None for t in run.tasks)} tasks): "
                      f"recall {by_labels['recall'].text()}; precision {by_labels['precision'].text()}")
    console.print("recall: built-in criteria covered by some generated criterion; precision: generated criteria "
                  "matching some built-in one (CollabSkill App. G.2 found 82.1% and 92.2%); Wilson 95% intervals; "
                  "'by labels': the same two counts from the hand labels instead of the matcher")
    sources = run.sources()
    if sources.get("labelled"):
        console.print(f"{sources['labelled']} task(s) audited from the labelled sets: criteria written by hand in a "
                      "generator's style, not a generator's output; store generated rubrics or use --generate "
                      "to audit a generator")
    _print_agreement(run)
    reasons: dict[str, list[str]] = {}
    for task, why in run.skipped.items():
        reasons.setdefault(why, []).append(task)
    for why, tasks in reasons.items():
        console.print(f"skipped {len(tasks)} task(s), {why}: {', '.join(tasks)}")


def _print_agreement(run: AuditRun) -> None:
    if not run.agreement:
        console.print("matcher agreement: not computed: none of these tasks ships labelled matches")
        return
    rows = []
    for split, a in run.agreement.items():
        figs = a.figures()
        rows.append([split, a.criteria, _cell(a.exact, figs["accuracy"]), _cell(a.correct_pairs, figs["precision"]),
                     _cell(a.correct_pairs, figs["recall"])])
    print_table(f"the matcher against the hand-labelled matches: {run.matcher}",
                ["split", "criteria", "accuracy (exact)", "pair precision", "pair recall"], rows)
    console.print("tune: the sets the matcher's settings were chosen on; test: held out; accuracy counts a "
                  "criterion as agreeing when its matched items equal the labelled ones ('none' included)")

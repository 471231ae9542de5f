"""`centaur models`: the configured LLMs (list them, check one with a real request, serve the
embedded one) and what the store knows of each (`card`: one model through every lens; `compare`:
several side by side)."""

from __future__ import annotations

import time
from typing import Any

import typer

from ._db import database_url
from ._errors import context
from ._output import console, print_json, print_table, styled

app = typer.Typer(
    no_args_is_help=True,
    help="LLMs: the registry from centaur.toml [models.*] plus the built-in offline 'local'; model cards: a "
         "model seen by bench, arena, study and collab at once.",
)  # fmt: skip

JSON = typer.Option(False, "--json", help="Print JSON instead of tables.")


@app.command("list")
def list_models(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table.")) -> None:
    """List the models of the registry: built-in `local` (the embedded model) and centaur.toml's [models.NAME]."""
    from ..models import load_registry

    with context(builtin=(FileNotFoundError,)):  # the centaur.toml the environment names
        registry = load_registry()
    rows: list[dict[str, Any]] = []
    for name in registry.names():
        cfg = registry.get(name)
        rows.append({
            "name": name, "provider": cfg.provider, "model": cfg.model_id,
            "base_url": cfg.base_url or ("(in-process)" if cfg.provider == "embedded" else ""),
            "api_key_env": cfg.api_key_env, "roles": list(cfg.roles), "temperature": cfg.temperature,
            "max_tokens": cfg.max_tokens, "fim_template": cfg.fim_template,
            "price_input_per_mtok": cfg.price_input_per_mtok, "price_output_per_mtok": cfg.price_output_per_mtok,
            "source": cfg.source,
        })
    if as_json:
        print_json(rows)
        return
    print_table(
        "models", ["name", "provider", "model", "endpoint", "roles", "source"],
        [[r["name"], r["provider"], r["model"], r["base_url"], ",".join(r["roles"]), r["source"]] for r in rows],
    )


@app.command("check")
def check(
    name: str = typer.Argument(..., help="Model name from `centaur models list`."),
    prompt: str = typer.Option("Say hello in five words.", "--prompt", help="The user message to send."),
    max_tokens: int = typer.Option(16, "--max-tokens", help="Tokens to generate."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Send one real chat request to a model and print its answer, latency and token counts."""
    from ..models import ChatRequest, load_registry

    start = time.perf_counter()
    with context(builtin=(FileNotFoundError,)):  # the centaur.toml the environment names
        provider = load_registry().provider(name)
    setup = time.perf_counter() - start
    r = provider.chat(ChatRequest.user(prompt, max_tokens=max_tokens, stream=True))
    data = {
        "model": name, "text": r.text, "finish_reason": r.finish_reason, "setup_s": round(setup, 3),
        "first_token_s": None if r.first_token_s is None else round(r.first_token_s, 3),
        "latency_s": round(r.latency_s, 3), "prompt_tokens": r.usage.prompt_tokens,
        "completion_tokens": r.usage.completion_tokens, "cost_usd": r.cost_usd, "attempts": r.attempts,
    }
    if as_json:
        print_json(data)
        return
    console.print(styled("[bold]{}[/] answered: {}", name, repr(r.text)))
    ttft = "-" if r.first_token_s is None else f"{r.first_token_s:.3f}s"
    console.print(
        f"latency {r.latency_s:.3f}s (first token {ttft}, setup {setup:.3f}s); tokens: "
        f"{r.usage.prompt_tokens} prompt + {r.usage.completion_tokens} completion"
        + (f"; cost ${r.cost_usd:.6f}" if r.cost_usd is not None else "")
    )


@app.command("serve")
def serve(
    port: int = typer.Option(8080, "--port", help="Port on 127.0.0.1 (0 picks a free one)."),
    threads: int | None = typer.Option(None, "--threads", help="CPU threads (default: up to 4)."),
) -> None:
    """Serve the embedded model (SmolLM2-135M-Instruct, llama.cpp) as an OpenAI-compatible endpoint
    in the foreground, until Ctrl-C."""
    from ..models import embedded

    server, url = embedded.start_server(port=port or None, threads=threads)
    console.print(styled("embedded model '{}' at [bold]{}[/] (OpenAI-compatible; Ctrl-C stops)", embedded.MODEL_ALIAS,
                         url))
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        del server


@app.command("card")
def card(model: str = typer.Argument(..., help="A model name as stored (e.g. local)."), as_json: bool = JSON) -> None:
    """Everything the store knows about MODEL: each figure with its 95% interval, unit, sample size, runs and the
    settings it was measured with; a figure that cannot be computed is null with its reason."""
    from ..modelcard import card_view, known_models, model_card

    url = database_url()
    result = model_card(url, model).as_dict()
    if as_json:
        print_json(result)
        return
    if all(lens["empty"] for lens in result["lenses"].values()):
        known = ", ".join(known_models(url)) or "none yet"
        console.print(f"The store has no figures for {model!r} (models with figures: {known}). Each lens fills so:")
    for lens in card_view(result):
        if lens.fill_with is not None:
            console.print(styled("[bold]{}[/bold]: no data yet; fill with: {}", lens.name, lens.fill_with))
            continue
        for table in lens.tables:
            print_table(table.title, ["figure", "value", "95% interval", "unit", "n", "runs"],
                        [[r["figure"], r["value_text"], r["interval_text"], r["unit"], r["n"], ", ".join(r["runs"])]
                         for r in table.rows], essential=("figure", "value", "95% interval", "n", "runs"))
            for note in table.notes:
                console.print(f"  {note}", highlight=False)


@app.command("compare")
def compare(
    models: list[str] = typer.Argument(..., help="Two or more model names."),
    rounds: int = typer.Option(500, "--rounds", min=10, help="Bootstrap rounds of each Kendall tau interval."),
    as_json: bool = JSON,
) -> None:
    """The models side by side; Kendall tau of their orders for each pair of lenses; where the lenses disagree
    (a place is named only where the intervals separate). The study lens compares them within one study."""
    from ..modelcard import FIGURE_OF, LENS_LABELS, compare_models

    result = compare_models(database_url(), models, rounds)
    if as_json:
        print_json({k: v for k, v in result.items() if k != "cards"})
        return
    print_table("scores: estimate [95% interval] unit, n (higher is better)", ["model", *LENS_LABELS, "latency"],
                [[r["model"], *(r[k]["text"] for k in LENS_LABELS), r["latency_s"]["text"]] for r in result["scores"]])
    console.print("  " + "; ".join(f"{k}: {FIGURE_OF[k]}" for k in LENS_LABELS), highlight=False)
    print_table("rank agreement (Kendall tau, 95% bootstrap)", ["lenses", "models", "tau"],
                [[" vs ".join(r["lenses"]), len(r["models"]), r["text"]] for r in result["agreement"]])
    if result["study"]:
        console.print(f"the study lens compares the models within study {result['study']}", highlight=False)
    for line in result["disagreements"] or ["no lens orders the models differently (or too few lenses have data)"]:
        console.print(f"- {line}", highlight=False)

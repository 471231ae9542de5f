"""`centaur models`: list the configured models, check one with a real request, serve the embedded one."""

from __future__ import annotations

import time
from typing import Any

import typer

from ..models import ChatRequest, load_registry
from .errors import context
from .output import console, print_json, print_table

app = typer.Typer(
    no_args_is_help=True, help="LLMs: the registry from centaur.toml [models.*] plus the built-in offline 'local'."
)


@app.command("list")
def list_models(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table.")) -> None:
    """List the models of the registry: built-in `local` (the embedded model) and centaur.toml's [models.NAME]."""
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
    console.print(f"[bold]{name}[/] answered: {r.text!r}")
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
    console.print(f"embedded model '{embedded.MODEL_ALIAS}' at [bold]{url}[/] (OpenAI-compatible; Ctrl-C stops)")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        del server

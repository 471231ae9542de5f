"""Runs inside the sandbox next to agent.py: loads the agent's class and answers the platform.

Protocol: one JSON object per line on stdin, one reply per line on stdout.
  {"op": "setup", "world": {...}}                      -> {"ok": true}
  {"op": "bid", "task": {...}}                         -> {"ok": true, "bid": int | null}
  {"op": "auction_result", "task": {...}, "winner": i, "bids": [...]} -> {"ok": true}
  {"op": "plan", "tasks": [{...}, ...]}                -> {"ok": true, "plan": [[["pickup", id], ...], ...]}
Agents may import the Python standard library and centaur_arena only (the world alone, or with the
helper library's planner: `AgentSource.helpers`), as the APDP agents had the Java platform and its
Logist library only: the interpreter runs without its site-packages (`-S`),
and an import of anything else fails with a ModuleNotFoundError that says so (`OnlyStandardLibrary`).
An exception in the agent is answered {"ok": false, "error": traceback}. Whatever the agent prints
(stdout or stderr) cannot garble the protocol: it goes to stderr, and what was printed since the
last reply rides along with the next one as "log", so the platform keeps each company's output.
"""

import importlib.util
import inspect
import json
import sys
import traceback

import centaur_arena

ALLOWED_LOCAL = frozenset({"centaur_arena", "centaur_world", "centaur_search", "agent"})


class OnlyStandardLibrary:
    """The last finder on sys.meta_path: a module no other finder found is named with the rule."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        top = name.partition(".")[0]
        if top in sys.stdlib_module_names or top in ALLOWED_LOCAL:
            return None  # a missing part of the standard library: Python's own error says it
        raise ModuleNotFoundError(
            f"No module named {top!r}: arena agents may import only the Python standard library and "
            f"centaur_arena (the arena's rule; {top} is not available to agents)", name=name)


def load_agent_class(path: str = "agent.py") -> type:
    spec = importlib.util.spec_from_file_location("agent", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["agent"] = module
    spec.loader.exec_module(module)
    classes = [
        obj
        for obj in vars(module).values()
        if inspect.isclass(obj) and obj.__module__ == "agent" and callable(getattr(obj, "bid", None))
    ]
    if len(classes) != 1:
        names = ", ".join(c.__name__ for c in classes) or "none"
        raise TypeError(f"agent.py must define exactly one class with a bid() method; found {names}")
    return classes[0]


def task_of(data: dict) -> centaur_arena.Task:
    return centaur_arena.Task(int(data["id"]), int(data["pickup"]), int(data["delivery"]), int(data["weight"]))


def plan_to_json(plan: object) -> list:
    return [[[str(kind), int(task)] for kind, task in stops] for stops in plan]  # type: ignore[attr-defined]


LOG_LIMIT = 64 * 1024  # characters kept between two replies (the platform keeps the last 64 KiB)


class Tee:
    """A text stream that writes through to stderr and keeps what was written since the last reply."""

    def __init__(self, target: object) -> None:
        self.target = target
        self.pending: list[str] = []
        self.size = 0

    def write(self, text: str) -> int:
        self.target.write(text)  # type: ignore[attr-defined]
        self.pending.append(text)
        self.size += len(text)
        if self.size > 2 * LOG_LIMIT:
            kept = "".join(self.pending)[-LOG_LIMIT:]
            self.pending, self.size = [kept], len(kept)
        return len(text)

    def flush(self) -> None:
        self.target.flush()  # type: ignore[attr-defined]

    def isatty(self) -> bool:
        return False

    def take(self) -> str:
        text = "".join(self.pending)[-LOG_LIMIT:]
        self.pending, self.size = [], 0
        return text


def handle(agent: object, request: dict) -> dict:
    op = request["op"]
    if op == "setup":
        agent.setup(centaur_arena.World.from_dict(request["world"]))  # type: ignore[attr-defined]
        return {"ok": True}
    if op == "bid":
        bid = agent.bid(task_of(request["task"]))  # type: ignore[attr-defined]
        return {"ok": True, "bid": bid if bid is None or isinstance(bid, int) else repr(bid)}
    if op == "auction_result":
        agent.auction_result(task_of(request["task"]), request["winner"], request["bids"])  # type: ignore[attr-defined]
        return {"ok": True}
    if op == "plan":
        plan = agent.plan([task_of(t) for t in request["tasks"]])  # type: ignore[attr-defined]
        return {"ok": True, "plan": plan_to_json(plan)}
    return {"ok": False, "error": f"unknown op {op!r}"}


def agent_traceback(exc: BaseException) -> str:
    """The traceback from the agent's side only: this host's own frames are left out and the
    innermost frames kept (where the agent's error is), so the platform can point at its file and line."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(exc), exc, tb, limit=-12))[-4000:]


def main() -> None:
    sys.meta_path.append(OnlyStandardLibrary)
    protocol = sys.stdout
    tee = Tee(sys.stderr)
    sys.stdout = sys.stderr = tee
    agent = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if agent is None:
                agent = load_agent_class()()
            reply = handle(agent, request)
        except Exception as exc:  # the agent's own failure: reported, the platform decides
            reply = {"ok": False, "error": agent_traceback(exc)}
        tee.flush()
        log = tee.take()
        if log:
            reply["log"] = log
        protocol.write(json.dumps(reply) + "\n")
        protocol.flush()


if __name__ == "__main__":
    main()

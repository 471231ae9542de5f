"""The submission's side of a judged run: a small server that answers calls with plain data.

Runs inside the sandbox, standard library only (numpy/pandas lazily, when a value needs them).
Nothing here decides a verdict: the judge, in another process, sends one request per line and
compares what comes back with values the box never sees. Until the solution is loaded this code
is the platform's own (it lowers the rlimits, keeps the protocol descriptors, swaps stdout);
afterwards the submission may change anything in this process, and all it gains is the power to
claim a value for the call in progress, which it had anyway by returning it.

Requests: base64 of a marshal'd dict {"id", "op", ...}, then, after a space, base64 of a marshal'd
{"args", "kwargs", "tagged"} where the judge encoded a call's arguments once for many calls;
replies: one JSON line {"id", "ok" | "err"}.
"""

from __future__ import annotations

import base64
import builtins
import contextlib
import io
import json
import marshal
import math
import os
import resource
import sys
import traceback
import types
from typing import Any

OUTPUT_CAP = 4000
TAG = "\x00$"  # key of a tagged value in a request (marshal has no numpy or pandas)
_SCALARS = (int, str, bool, type(None))
_handles: dict[int, Any] = {}
_solution: Any = None


# ---- requests: marshal'd plain data, rebuilt into numpy/pandas values where tagged ----


def _rebuild(value: Any) -> Any:
    if isinstance(value, list):
        return [_rebuild(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_rebuild(v) for v in value)
    if isinstance(value, dict):
        if TAG in value:
            return _tagged(value[TAG], value.get("v"))
        return {_rebuild(k): _rebuild(v) for k, v in value.items()}
    return value


def _tagged(tag: str, payload: Any) -> Any:
    if tag == "h":
        return _handles[payload]
    if tag == "nd":
        import numpy as np

        dtype, shape, data = payload
        return np.array(_rebuild(data), dtype=dtype).reshape(shape)
    if tag == "s":
        import pandas as pd

        name, index, dtype, data = payload
        return pd.Series(_rebuild(data), index=_rebuild(index), name=_rebuild(name), dtype=dtype or None)
    if tag == "df":
        import pandas as pd

        columns, index, cols = payload
        frame = pd.DataFrame({i: pd.Series(_rebuild(d), dtype=t or None) for i, (t, d) in enumerate(cols)})
        frame.columns = _rebuild(columns) if cols else pd.Index(_rebuild(columns), dtype=object)
        frame.index = _rebuild(index)
        return frame
    raise ValueError(f"unknown tag {tag!r}")


# ---- replies: the converter from Python values to JSON-able plain data ----


def plain(value: Any, depth: int = 0) -> Any:
    """Plain data for the judge; anything else becomes a handle the judge can only call or ask."""
    if depth > 200:
        raise ValueError("value nested too deeply")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else {"$f": repr(float(value))}
    kind = type(value)
    if kind is list:
        if all(type(v) in _SCALARS for v in value):
            return value  # a long list of numbers or strings, converted without a walk
        return [plain(v, depth + 1) for v in value]
    if kind is tuple:
        return {"$t": [plain(v, depth + 1) for v in value]}
    if kind is dict:
        return {"$d": [[plain(k, depth + 1), plain(v, depth + 1)] for k, v in value.items()]}
    if kind in (set, frozenset):
        return {"$set" if kind is set else "$fs": [plain(v, depth + 1) for v in value]}
    if kind is complex:
        return {"$c": [plain(value.real), plain(value.imag)]}
    if kind in (bytes, bytearray):
        return {"$b": base64.b64encode(value).decode()}
    module = getattr(kind, "__module__", "") or ""
    if module.startswith("numpy"):
        return _numpy(value, depth)
    if module.startswith("pandas"):
        return _pandas(value, depth)
    if module == "datetime":
        return {"$dt": [kind.__name__, value.isoformat()]}
    return _handle(value)


def _handle(value: Any) -> dict[str, Any]:
    key = len(_handles) + 1
    _handles[key] = value
    return {"$h": key, "type": type(value).__name__, "call": callable(value)}


def _numpy(value: Any, depth: int) -> Any:
    import numpy as np

    if isinstance(value, np.generic):
        return plain(value.item(), depth + 1)
    if isinstance(value, np.ndarray):
        dtype = value.dtype
        if dtype.kind in "mM":
            value, dtype = value.astype(str), dtype
        data = plain(value.tolist(), depth + 1) if value.ndim else plain(value.item(), depth + 1)
        return {"$nd": [str(dtype), list(value.shape), data]}
    return _handle(value)


def _column(series: Any, depth: int) -> list[Any]:
    import pandas as pd

    dtype = series.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        return [str(series.astype(object).dtype), plain(series.astype(object).tolist(), depth + 1)]
    if dtype.kind in "mM":
        return [str(dtype), [None if v is pd.NaT else str(v) for v in series.tolist()]]
    return [str(dtype), plain([_scalar(v) for v in series.tolist()], depth + 1)]


def _scalar(value: Any) -> Any:
    import pandas as pd

    if value is pd.NaT or value is pd.NA:
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    return value


def _pandas(value: Any, depth: int) -> Any:
    import pandas as pd

    if isinstance(value, pd.DataFrame):
        cols = [_column(value.iloc[:, i], depth) for i in range(value.shape[1])]
        columns = plain([_scalar(c) for c in value.columns.tolist()], depth + 1)
        return {"$df": [columns, plain([_scalar(i) for i in value.index.tolist()], depth + 1), cols]}
    if isinstance(value, pd.Series):
        dtype, data = _column(value, depth)
        index = plain([_scalar(i) for i in value.index.tolist()], depth + 1)
        return {"$s": [plain(_scalar(value.name), depth + 1), index, dtype, data]}
    if isinstance(value, pd.Timestamp):
        return {"$dt": ["datetime", value.isoformat()]}
    if value is pd.NA or value is pd.NaT:
        return None
    return _handle(value)


# ---- the server ----


class Channel:
    """The two protocol descriptors, moved away from 0 and 1 before the solution runs."""

    def __init__(self) -> None:
        self.inp = os.fdopen(os.dup(0), "rb", buffering=0)
        self.out = os.dup(1)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(2, 1)  # what the solution prints outside a call lands with its stderr
        os.close(devnull)
        self.buffer = b""

    def read(self) -> bytes | None:
        while b"\n" not in self.buffer:
            chunk = os.read(self.inp.fileno(), 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def write(self, record: dict[str, Any]) -> None:
        data = (json.dumps(record, allow_nan=False) + "\n").encode()
        while data:
            data = data[os.write(self.out, data) :]


def _limit(request: dict[str, Any]) -> None:
    """Lower the rlimits to the task's before any of the submission's code runs."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = int(usage.ru_utime + usage.ru_stime + request["cpu_seconds"] + 1)
    lowered = [(resource.RLIMIT_CPU, cpu), (resource.RLIMIT_AS, request["memory_bytes"])]
    if "processes" in request:  # a forked box counts its processes in a user namespace of its own
        lowered.append((resource.RLIMIT_NPROC, request["processes"]))
    for which, value in lowered:
        soft, hard = resource.getrlimit(which)
        new = value if hard == resource.RLIM_INFINITY else min(value, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (new, new))


def _load(request: dict[str, Any]) -> Any:
    global _solution
    _limit(request)
    with open("solution.py", "w") as fh:
        fh.write(request["source"])
    sys.path.insert(0, os.getcwd())
    import importlib

    importlib.invalidate_caches()  # a forked box's /box is a fresh tmpfs under the same path

    _solution = importlib.import_module("solution")
    return None


class _Capped(io.TextIOBase):
    """A script's stdout or stderr, kept in memory up to the run's output limit (shared by both)."""

    def __init__(self, left: list[int]) -> None:
        self.parts: list[str] = []
        self.left = left  # characters the two streams may still hold together

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if len(text) > self.left[0]:
            self.parts.append(text[: max(self.left[0], 0)])
            self.left[0] = -1  # over the limit: the platform answers output_limit
            raise SystemExit(1)
        self.parts.append(text)
        self.left[0] -= len(text)
        return len(text)


def _exit_code(code: Any, err: _Capped) -> int:
    """What `sys.exit(code)` makes the interpreter exit with."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    with contextlib.suppress(SystemExit):
        err.write(f"{code}\n")
    return 1


def _script(request: dict[str, Any]) -> dict[str, Any]:
    """Run the request's source as the program `main.py` (`__name__ == "__main__"`), as `python main.py`
    would, its output kept apart from the protocol. The exit code is the program's own claim, as its exit
    status is; whether it ran out of time, memory or output is the platform's reading, not this reply's."""
    _limit(request)
    path = os.path.join(os.getcwd(), "main.py")
    with open(path, "w") as fh:
        fh.write(request["source"])
    left = [int(request["output_bytes"])]
    out, err = _Capped(left), _Capped(left)
    module = types.ModuleType("__main__")
    module.__file__ = path
    sys.modules["__main__"], sys.argv = module, [path]
    sys.path.insert(0, os.getcwd())
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            exec(compile(request["source"], path, "exec"), module.__dict__)  # noqa: S102 - sandboxed
        except SystemExit as exc:
            code = _exit_code(exc.code, err)
        except BaseException as exc:  # noqa: BLE001 - printed as the interpreter would
            lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
            with contextlib.suppress(SystemExit):
                err.write("".join(ln for ln in lines if "box.py" not in ln))
            code = 1
    return {"stdout": "".join(out.parts), "stderr": "".join(err.parts), "exit_code": code, "overflow": left[0] < 0}


def _exported() -> Any:
    """The names `from solution import *` binds, by Python's rule: `__all__` when the module has one,
    else every name without a leading underscore. The judge checks and filters them."""
    names = getattr(_solution, "__all__", None)
    if names is None:
        return [name for name in vars(_solution) if not name.startswith("_")]
    return list(names)


def _target(request: dict[str, Any]) -> Any:
    handle = request.get("handle")
    target = _handles[handle] if handle else _solution
    for name in request.get("path", ()):
        target = getattr(target, name)
    return target


def _serve(request: dict[str, Any]) -> Any:
    op = request["op"]
    if op == "ping":
        return "pong"
    if op == "load":
        return _load(request)
    if op == "script":
        return _script(request)
    if op == "get":
        return _target(request)
    if op == "set":
        setattr(_target(request), request["name"], _rebuild(request["value"]))
        return None
    if op == "names":
        return _exported()
    if op == "modules":
        return sorted(sys.modules)
    if op == "call":
        args = _rebuild(request["args"]) if request.get("tagged") else request["args"]
        kwargs = _rebuild(request["kwargs"]) if request.get("tagged") else request["kwargs"]
        if request.get("counter"):
            from callgrind import Callgrind

            value, count = Callgrind().count(lambda: _target(request)(*args, **kwargs))
            return {"value": value, "instructions": count}
        value = _target(request)(*args, **kwargs)
        if request.get("writeback"):
            return {"value": value, "after": [list(args), kwargs]}
        return value
    raise ValueError(f"unknown op {op!r}")


def _reply(request: dict[str, Any], channel: Channel) -> None:
    out = io.StringIO()
    record: dict[str, Any] = {"id": request.get("id")}
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            value = _serve(request)
        record["ok"] = plain(value)
    except BaseException as exc:  # noqa: BLE001 - whatever the solution raises is reported
        lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
        record["err"] = {"type": type(exc).__name__, "builtin": type(exc).__module__ == "builtins",
                         "message": str(exc)[:OUTPUT_CAP], "trace": "".join(
                             ln for ln in lines if "box.py" not in ln)[-OUTPUT_CAP:]}  # fmt: skip
    record["out"] = out.getvalue()[-OUTPUT_CAP:]
    channel.write(record)


def _decode(line: bytes) -> dict[str, Any]:
    """A request, and the arguments the judge encoded once for many calls after a space."""
    head, _, packed = line.partition(b" ")
    request: dict[str, Any] = marshal.loads(base64.b64decode(head))
    if packed:
        request.update(marshal.loads(base64.b64decode(packed)))
    return request


def main(preload: list[str] | None = None) -> None:
    """Serve the judge on descriptors 0 and 1; `preload`: libraries to import first (a box the
    zygote forked has them already)."""
    preload = sys.argv[1:] if preload is None else preload
    for name in preload:
        __import__(name)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    channel = Channel()
    channel.write({"id": 0, "ok": "ready"})
    while True:
        line = channel.read()
        if line is None:
            break
        try:
            request = _decode(line)
        except Exception as exc:  # noqa: BLE001 - the judge's own bug, reported
            channel.write({"id": None, "err": {"type": "ProtocolError", "builtin": False, "message": str(exc)}})
            continue
        _reply(request, channel)
    builtins.print("box: channel closed", file=sys.stderr)


if __name__ == "__main__":
    main()

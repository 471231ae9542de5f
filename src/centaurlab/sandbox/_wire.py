"""The judge's side of the box protocol: encode arguments, decode claimed values strictly.

A reply is untrusted: it is parsed as JSON and rebuilt only into plain Python values (and numpy
arrays or pandas frames built by the judge from plain data), never into objects of the box's
choosing. Anything malformed raises `Garbled`, which fails the test that made the call.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import marshal
import math
from typing import Any

from ..errors import ServiceError

TAG = "\x00$"
MAX_DEPTH = 200
_SCALARS = (int, str, bool, float, type(None))


class Garbled(ServiceError, ValueError):
    """A reply that is not a well-formed claimed value."""


class Handle:
    """A reference to an object living in the box; only the box that made it understands it."""

    def __init__(self, box_id: int, key: int, type_name: str, callable_: bool) -> None:
        self.box_id, self.key, self.type_name, self.callable = box_id, key, type_name, callable_


# ---- judge -> box ----


def _encode(value: Any, box_id: int, tags: list[bool], depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        raise ValueError("argument nested too deeply")
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return value
    kind = type(value)
    if kind is list:
        return [_encode(v, box_id, tags, depth + 1) for v in value]
    if kind is tuple:
        return tuple(_encode(v, box_id, tags, depth + 1) for v in value)
    if kind in (set, frozenset):
        return kind(value)
    if kind is dict:
        return {_encode(k, box_id, tags, depth + 1): _encode(v, box_id, tags, depth + 1) for k, v in value.items()}
    proxy_handle = getattr(value, "_centaur_handle", None)
    if isinstance(proxy_handle, Handle):
        if proxy_handle.box_id != box_id:
            raise ValueError("an object of an earlier run of the solution cannot be passed to this one")
        tags.append(True)
        return {TAG: "h", "v": proxy_handle.key}
    module = getattr(kind, "__module__", "") or ""
    if module.startswith("numpy"):
        import numpy as np

        if isinstance(value, np.generic):
            return _encode(value.item(), box_id, tags, depth + 1)
        if isinstance(value, np.ndarray):
            tags.append(True)
            return {TAG: "nd", "v": (str(value.dtype), list(value.shape), _encode(value.tolist(), box_id, tags))}
    if module.startswith("pandas"):
        return _encode_pandas(value, box_id, tags)
    raise TypeError(f"cannot send a {kind.__name__} to the solution's process")


def _encode_pandas(value: Any, box_id: int, tags: list[bool]) -> Any:
    import pandas as pd

    tags.append(True)
    if isinstance(value, pd.DataFrame):
        cols = [(str(value.dtypes.iloc[i]), _encode(value.iloc[:, i].tolist(), box_id, tags))
                for i in range(value.shape[1])]  # fmt: skip
        columns = _encode(value.columns.tolist(), box_id, tags)
        return {TAG: "df", "v": (columns, _encode(value.index.tolist(), box_id, tags), cols)}
    if isinstance(value, pd.Series):
        index = _encode(value.index.tolist(), box_id, tags)
        return {TAG: "s", "v": (value.name, index, str(value.dtype), _encode(value.tolist(), box_id, tags))}
    raise TypeError(f"cannot send a {type(value).__name__} to the solution's process")


_CONTAINERS = (list, tuple, set, frozenset)


def marshals_as_is(value: Any, depth: int = 0) -> bool:
    """Whether marshal carries `value` faithfully: plain types only (marshal would also take an
    array's buffer, as bytes)."""
    kind = type(value)
    if kind in _SCALARS or kind is complex or kind is bytes:
        return True
    if depth > MAX_DEPTH:
        return False
    if kind in _CONTAINERS:
        return all(type(v) in _SCALARS for v in value) or all(marshals_as_is(v, depth + 1) for v in value)
    if kind is dict:
        return all(marshals_as_is(k, depth + 1) and marshals_as_is(v, depth + 1) for k, v in value.items())
    return False


def encode_request(request: dict[str, Any], box_id: int) -> str:
    """One line: base64 of marshal'd plain data (marshal is only ever read by the box). Values
    marshal takes as they are (most arguments) are sent without a walk; the rest are tagged.
    A `packed` field (`pack_arguments`) follows the request, after a space, as it was encoded."""
    packed = request.get("packed")
    if packed is not None:
        head = {k: v for k, v in request.items() if k != "packed"}
        return base64.b64encode(marshal.dumps({**head, "tagged": False})).decode() + " " + packed
    if all(marshals_as_is(request.get(key)) for key in ("args", "kwargs", "value")):
        return base64.b64encode(marshal.dumps({**request, "tagged": False})).decode()
    tags: list[bool] = []
    body = dict(request)
    for key in ("args", "kwargs", "value"):
        if key in body:
            body[key] = _encode(body[key], box_id, tags)
    body["tagged"] = bool(tags)
    return base64.b64encode(marshal.dumps(body)).decode()


def pack_arguments(args: tuple[Any, ...] | list[Any], kwargs: dict[str, Any]) -> str:
    """A call's arguments encoded once, to be sent as they are with many calls (an efficiency
    case's large input, to every candidate and repetition); the box decodes them per call. No
    handle can be among them: they belong to no box."""
    body: dict[str, Any] = {"args": list(args), "kwargs": dict(kwargs)}
    if marshals_as_is(body["args"]) and marshals_as_is(body["kwargs"]):
        return base64.b64encode(marshal.dumps({**body, "tagged": False})).decode()
    tags: list[bool] = []
    encoded = {key: _encode(value, 0, tags) for key, value in body.items()}
    return base64.b64encode(marshal.dumps({**encoded, "tagged": bool(tags)})).decode()


# ---- box -> judge ----


def decode_reply(line: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise Garbled(f"the reply is not JSON: {line[:80]!r}") from exc
    if not isinstance(record, dict) or ("ok" in record) == ("err" in record):
        raise Garbled(f"the reply is not a value or an error: {line[:80]!r}")
    return record


def decode_value(data: Any, box_id: int, depth: int = 0) -> Any:
    """Rebuild a claimed value from plain data; handles become `Handle`s of this box."""
    if depth > MAX_DEPTH:
        raise Garbled("a reply nested too deeply")
    if data is None or isinstance(data, (bool, str)):
        return data
    if isinstance(data, (int, float)):
        if isinstance(data, float) and not math.isfinite(data):
            raise Garbled("a bare non-finite number")
        return data
    if isinstance(data, list):
        if all(type(v) in _SCALARS for v in data):
            return data  # the common case of a long list of numbers or strings, without a walk
        return [decode_value(v, box_id, depth + 1) for v in data]
    if not isinstance(data, dict) or not data:
        raise Garbled(f"unexpected {type(data).__name__} in a reply")
    try:
        return _decode_tag(data, box_id, depth)
    except Garbled:
        raise
    except (TypeError, ValueError, KeyError, IndexError, OverflowError) as exc:
        raise Garbled(f"a malformed value in a reply ({type(exc).__name__}: {exc})") from exc


def _items(data: Any, box_id: int, depth: int) -> list[Any]:
    if not isinstance(data, list):
        raise Garbled("a tagged value without its list")
    return [decode_value(v, box_id, depth + 1) for v in data]


def _decode_tag(data: dict[str, Any], box_id: int, depth: int) -> Any:
    if "$h" in data:
        key, type_name, call = data["$h"], data.get("type"), data.get("call")
        if not (isinstance(key, int) and isinstance(type_name, str) and isinstance(call, bool)):
            raise Garbled("a malformed handle")
        return Handle(box_id, key, type_name[:100], call)
    if len(data) != 1:
        raise Garbled(f"unknown value tags {sorted(data)[:4]}")
    [(tag, payload)] = data.items()
    if tag == "$t":
        return tuple(_items(payload, box_id, depth))
    if tag == "$d":
        pairs = _items(payload, box_id, depth)
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise Garbled("a malformed dict")
        return {_hashable(k): v for k, v in pairs}
    if tag in ("$set", "$fs"):
        items = [_hashable(v) for v in _items(payload, box_id, depth)]
        return set(items) if tag == "$set" else frozenset(items)
    if tag == "$f":
        if payload not in ("nan", "inf", "-inf"):
            raise Garbled("a malformed float")
        return float(payload)
    if tag == "$c":
        re, im = _items(payload, box_id, depth)
        return complex(float(re), float(im))
    if tag == "$b":
        return base64.b64decode(payload, validate=True)
    if tag == "$dt":
        return _datetime(payload)
    if tag == "$nd":
        return _ndarray(payload, box_id, depth)
    if tag in ("$df", "$s"):
        from ._frames import decode_frame, decode_series

        return (decode_frame if tag == "$df" else decode_series)(payload, lambda v: decode_value(v, box_id, depth + 1))
    raise Garbled(f"unknown value tag {tag!r}")


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    hash(value)
    return value


def _datetime(payload: Any) -> Any:
    kind, text = payload
    if not isinstance(text, str):
        raise Garbled("a malformed date")
    parsers = {"datetime": dt.datetime.fromisoformat, "date": dt.date.fromisoformat,
               "time": dt.time.fromisoformat}  # fmt: skip
    if kind == "timedelta":
        raise Garbled("timedeltas are not plain data")
    if kind not in parsers:
        raise Garbled(f"unknown date kind {kind!r}")
    return parsers[kind](text)


SAFE_KINDS = "biufcUSMmO"


def _ndarray(payload: Any, box_id: int, depth: int) -> Any:
    import numpy as np

    dtype_name, shape, data = payload
    dtype = np.dtype(str(dtype_name)[:40])
    if dtype.kind not in SAFE_KINDS or dtype.fields is not None or not isinstance(shape, list):
        raise Garbled(f"an array of dtype {dtype_name!r}")
    values = decode_value(data, box_id, depth + 1)
    return np.array(values, dtype=dtype).reshape([int(n) for n in shape])

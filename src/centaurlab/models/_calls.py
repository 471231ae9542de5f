"""Every request sent to a model and its answer, and the cache that spares paying twice for one sample."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import JSON, Boolean, DateTime, Float, Integer, String, Table, Text, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..store import Base, session_scope, utcnow


class ModelCall(Base):
    """One request to a model (answered, failed, or served from the cache), with the run that caused it."""

    __tablename__ = "model_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[str | None] = mapped_column(String(100), nullable=True, index=True)
    model: Mapped[str] = mapped_column(String(200))
    endpoint: Mapped[str] = mapped_column(String(20))
    request_sha256: Mapped[str] = mapped_column(String(64), index=True)
    request: Mapped[dict[str, Any]] = mapped_column(JSON)
    response: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    cached: Mapped[bool] = mapped_column(Boolean, default=False)
    latency_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    first_token_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    prompt_tokens: Mapped[int | None] = mapped_column(Integer, nullable=True)
    completion_tokens: Mapped[int | None] = mapped_column(Integer, nullable=True)
    cost: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


CallValues = dict[str, Any]
"""One `model_calls` row as column values: what a provider's call log holds until it is written."""


def log_calls(session: Session, rows: Sequence[CallValues]) -> None:
    """Insert call-log rows in the session's transaction with one Core statement: the study server logs a
    call with every suggestion, and building and flushing an ORM object per row cost more than the insert."""
    if rows:
        session.execute(cast(Table, ModelCall.__table__).insert(), [dict(row) for row in rows])


class CachedResponse(Base):
    """The first successful answer to a request, keyed by the SHA-256 of the full request."""

    __tablename__ = "model_cache"

    request_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    model: Mapped[str] = mapped_column(String(200))
    request: Mapped[dict[str, Any]] = mapped_column(JSON)
    response: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def cached_response(session: Session, request_sha256: str) -> dict[str, Any] | None:
    row = session.get(CachedResponse, request_sha256)
    return None if row is None else dict(row.response)


def cache_response(
    session: Session, request_sha256: str, model: str, request: dict[str, Any], response: dict[str, Any]
) -> None:
    """Keep the first answer: two workers racing on one request both succeed, and the cache holds one."""
    values = {
        "request_sha256": request_sha256, "model": model, "request": request, "response": response,
        "created_at": utcnow(),
    }
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    session.execute(insert(CachedResponse).values(**values).on_conflict_do_nothing())


def calls_for_run(session: Session, run_id: str) -> list[ModelCall]:
    return list(session.scalars(select(ModelCall).where(ModelCall.run_id == run_id).order_by(ModelCall.id)))


@dataclass(frozen=True)
class CallFigures:
    """What one logged call cost: its run, time, money, tokens, whether the cache answered, its error."""

    run_id: str | None
    latency_s: float | None
    cost: float | None
    cached: bool
    error: str | None
    completion_tokens: int | None


def calls_of_model(database_url: str, model: str) -> list[CallFigures]:
    """Every logged call to `model`."""
    query = select(ModelCall.run_id, ModelCall.latency_s, ModelCall.cost, ModelCall.cached, ModelCall.error,
                   ModelCall.completion_tokens).where(ModelCall.model == model)
    with session_scope(database_url) as session:
        return [CallFigures(*row) for row in session.execute(query)]


def called_models(database_url: str) -> set[str]:
    """Every model with a logged call."""
    with session_scope(database_url) as session:
        return {str(m) for m in session.scalars(select(ModelCall.model).distinct()) if m}


def sent_temperatures(database_url: str, model: str, run_ids: Sequence[str] | None = None) -> list[float | None]:
    """The distinct temperatures the model's logged calls went out with (of these runs; None: the request
    named none, so the endpoint's default applied), for the settings a figure names."""
    values = _sent(database_url, model, ModelCall.request["temperature"].as_float(), run_ids)
    return sorted(values, key=lambda v: (v is None, v or 0.0))


def sent_max_tokens(database_url: str, model: str, run_ids: Sequence[str] | None = None) -> list[int | None]:
    """The distinct answer lengths (`max_tokens`) the model's logged calls asked for (of these runs; None: the
    request named none, so the endpoint's own limit applied)."""
    values = _sent(database_url, model, ModelCall.request["max_tokens"].as_integer(), run_ids)
    return sorted(values, key=lambda v: (v is None, v or 0))


def _sent(database_url: str, model: str, column: Any, run_ids: Sequence[str] | None) -> set[Any]:
    query = select(column).distinct().where(ModelCall.model == model)
    if run_ids is not None:
        query = query.where(ModelCall.run_id.in_(list(run_ids)))
    with session_scope(database_url) as session:
        return set(session.scalars(query))

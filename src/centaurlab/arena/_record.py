"""What a match leaves behind: enough to show it, score it and replay it exactly."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Failure:
    """Why an agent lost by forfeit: phase (setup, bid, auction_result, plan), kind and reason."""

    agent: int
    phase: str
    kind: str
    reason: str
    task: int | None = None


@dataclass(frozen=True)
class AuctionRound:
    task: int
    bids: tuple[int | None, ...]
    winner: int | None
    price: int | None


@dataclass
class MatchRecord:
    config: dict[str, Any]
    agents: tuple[str, ...]
    sources_sha256: tuple[str, ...]
    tasks: list[dict[str, int]]
    runtime_sha256: str = ""  # the helper library and host given to the agents
    auctions: list[AuctionRound] = field(default_factory=list)
    plans: list[list[list[Any]] | None] = field(default_factory=list)
    kms: list[list[float] | None] = field(default_factory=list)
    income: list[int] = field(default_factory=list)
    profits: list[float | None] = field(default_factory=list)
    winner: int | None = None
    failures: list[Failure] = field(default_factory=list)
    # not part of the outcome (a replay need not reproduce them): each company's own time
    # ({"match_total", "companies": [{"per_call": {phase: [s...]}, "slowest": {phase: s}, "cpu_total"}]};
    # records before it have {"total", "slowest"}) and what each company printed (its last 64 KiB)
    seconds: dict[str, Any] = field(default_factory=dict)
    logs: list[str] = field(default_factory=list)

    @property
    def draw(self) -> bool:
        return self.winner is None

    def outcome(self) -> dict[str, Any]:
        """Everything that a replay must reproduce bit for bit (all but the timings)."""
        data = self.to_dict()
        data.pop("seconds")
        data.pop("logs")
        return data

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["agents"], data["sources_sha256"] = list(self.agents), list(self.sources_sha256)
        data["auctions"] = [{**asdict(a), "bids": list(a.bids)} for a in self.auctions]
        data["draw"] = self.draw
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchRecord:
        return cls(
            config=data["config"],
            agents=tuple(data["agents"]),
            sources_sha256=tuple(data["sources_sha256"]),
            tasks=data["tasks"],
            runtime_sha256=data.get("runtime_sha256", ""),
            auctions=[AuctionRound(a["task"], tuple(a["bids"]), a["winner"], a["price"]) for a in data["auctions"]],
            plans=data["plans"],
            kms=data["kms"],
            income=data["income"],
            profits=data["profits"],
            winner=data["winner"],
            failures=[Failure(**f) for f in data["failures"]],
            seconds=data.get("seconds", {}),
            logs=list(data.get("logs", [])),
        )

    def own_slowest(self) -> list[dict[str, float]]:
        """Each company's slowest reply per phase (setup, bid, auction_result, plan), in seconds of
        its own time; for records made before own times were kept, the old `slowest` figures
        (which measured the platform's wait, not the company's time)."""
        return own_slowest(self.seconds)


def own_slowest(seconds: dict[str, Any]) -> list[dict[str, float]]:
    if "companies" in seconds:
        return [dict(c.get("slowest", {})) for c in seconds["companies"]]
    return [dict(c) for c in seconds.get("slowest", [])]

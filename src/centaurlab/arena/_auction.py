"""The auction: reverse, first-price, sealed-bid, one task at a time.

Every company bids a non-negative integer or abstains (None). The lowest bid wins, a tie goes to
the lower company index, the winner is paid its own bid; if nobody bids the task is unassigned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInput

MAX_BID = 10**12


class InvalidBid(InvalidInput, ValueError):
    pass


@dataclass(frozen=True)
class AuctionOutcome:
    winner: int | None
    price: int | None


def parse_bid(raw: Any) -> int | None:
    """A bid from an agent's reply: None (abstain) or an integer in 0..MAX_BID; anything else is refused."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidBid(f"a bid must be an integer or null (abstain), got {raw!r}")
    if not 0 <= raw <= MAX_BID:
        raise InvalidBid(f"a bid must be between 0 and {MAX_BID}, got {raw}")
    return raw


def run_auction(bids: Sequence[int | None]) -> AuctionOutcome:
    """The lowest bid wins; among equal bids the lowest company index; nobody bids -> unassigned."""
    offers = [(bid, index) for index, bid in enumerate(bids) if bid is not None]
    if not offers:
        return AuctionOutcome(None, None)
    price, winner = min(offers)
    return AuctionOutcome(winner, price)

"""The auction: reverse first-price sealed-bid with the rules' tie-break and abstentions."""

from __future__ import annotations

import pytest

from centaurlab.arena import run_auction
from centaurlab.arena._auction import MAX_BID, InvalidBid, parse_bid


def test_the_lowest_bid_wins_and_is_paid_its_own_bid() -> None:
    outcome = run_auction([900, 450, 700])
    assert (outcome.winner, outcome.price) == (1, 450)


def test_a_tie_goes_to_the_lower_company_index() -> None:
    assert run_auction([500, 500]).winner == 0
    assert run_auction([None, 300, 300]).winner == 1


def test_abstaining_companies_are_skipped_and_nobody_bidding_leaves_it_unassigned() -> None:
    assert run_auction([None, 10]).winner == 1
    outcome = run_auction([None, None])
    assert (outcome.winner, outcome.price) == (None, None)


def test_a_zero_bid_is_a_bid() -> None:
    assert run_auction([0, None]).price == 0


@pytest.mark.parametrize("raw", [1.5, "100", True, -1, MAX_BID + 1, [3]])
def test_bids_must_be_non_negative_integers(raw: object) -> None:
    with pytest.raises(InvalidBid):
        parse_bid(raw)


def test_valid_bids_parse() -> None:
    assert parse_bid(None) is None
    assert parse_bid(0) == 0
    assert parse_bid(MAX_BID) == MAX_BID

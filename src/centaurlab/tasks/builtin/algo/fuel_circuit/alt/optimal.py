from itertools import accumulate
from operator import sub


def first_full_lap(charge: list[int], drain: list[int]) -> int:
    """balance[i] is the net energy gained over depots 0 .. i - 1. Starting at s, the battery on
    arrival at a later depot j holds balance[j] - balance[s], so s works when balance[s] is the
    lowest balance on the circle (and the lap as a whole does not lose energy). No earlier depot
    can work: it would run flat on reaching the first depot with the lowest balance."""
    balance = list(accumulate(map(sub, charge, drain), initial=0))
    if balance.pop() < 0:
        return -1
    return balance.index(min(balance))

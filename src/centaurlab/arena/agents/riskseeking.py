"""RiskSeeking (the paper's fifth baseline): blend, on an exponential schedule over the auction,
a prior cost (the average marginal cost of synthetic tasks, as ExpCostFixedBid) into the current
marginal cost (as Honest); do the same for the opponent's shadow fleet; bid the larger blend."""

import math
import random
import time

from centaur_arena import Fleet, Task, World, synthetic_marginal_costs

DECAY_TASKS = 6.0  # the prior's weight is exp(-auctions so far / DECAY_TASKS)


class RiskSeeking:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        costs = synthetic_marginal_costs(world, self.rng, 10)  # the prior, as ExpCostFixedBid's
        self.prior = sum(costs) / len(costs) if costs else 0.0
        self.fleet = Fleet(world.topology, world.vehicles)
        self.shadow = Fleet(world.topology, world.vehicles)
        self.auctions = 0

    def _blend(self, marginal: float) -> float:
        weight = math.exp(-self.auctions / DECAY_TASKS)
        return weight * self.prior + (1 - weight) * marginal

    def bid(self, task: Task) -> int | None:
        own = self.fleet.marginal_cost(task)
        if own == math.inf:
            return None
        theirs = self.shadow.marginal_cost(task)
        theirs = own if theirs == math.inf else theirs
        return int(math.ceil(max(self._blend(own), self._blend(theirs))))

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        self.auctions += 1
        if winner == self.world.index:
            self.fleet.won(task)
        elif winner is not None:
            self.shadow.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        deadline = time.monotonic() + 0.5 * self.world.timeouts["plan_s"]
        # a plain local search, as the course's baselines had (not the library's full planner)
        return self.fleet.final_plan(tasks, self.rng, 40 * len(tasks), deadline=deadline, temperature=0.0,
                                     max_removed=6)

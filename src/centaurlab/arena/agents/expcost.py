"""ExpCostFixedBid (the paper's second baseline): draw 10 synthetic tasks from the distribution,
estimate their average marginal cost, and bid that same amount for every task."""

import math
import random
import time

from centaur_arena import Fleet, Task, World, synthetic_marginal_costs


class ExpCostFixedBid:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        costs = synthetic_marginal_costs(world, self.rng, 10)  # their average marginal cost
        self.fixed_bid = int(math.ceil(sum(costs) / len(costs))) if costs else 0
        self.fleet = Fleet(world.topology, world.vehicles)

    def bid(self, task: Task) -> int | None:
        return self.fixed_bid if task.weight <= max(v.capacity for v in self.world.vehicles) else None

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.fleet.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        deadline = time.monotonic() + 0.5 * self.world.timeouts["plan_s"]
        # a plain local search, as the course's baselines had (not the library's full planner)
        return self.fleet.final_plan(tasks, self.rng, 40 * len(tasks), deadline=deadline, temperature=0.0,
                                     max_removed=6)

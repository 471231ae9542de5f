"""ExpCostFixedBid (the paper's second baseline): draw 10 synthetic tasks from the distribution,
estimate their average marginal cost, and bid that same amount for every task."""

import math
import random
import time

from centaur_arena import Fleet, Task, World, average_marginal_cost


class ExpCostFixedBid:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.fixed_bid = int(math.ceil(average_marginal_cost(world, self.rng, 10)))
        self.fleet = Fleet(world.topology, world.vehicles)

    def bid(self, task: Task) -> int | None:
        return self.fixed_bid if task.weight <= max(v.capacity for v in self.world.vehicles) else None

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.fleet.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        deadline = time.monotonic() + 0.5 * self.world.timeouts["plan_s"]
        return self.fleet.final_plan(tasks, self.rng, 40 * len(tasks), deadline=deadline)

"""Honest (the paper's third baseline): bid (roughly) the true marginal cost, the cheapest
insertion of the task into the current schedule of the whole fleet."""

import math
import random
import time

from centaur_arena import Fleet, Task, World


class Honest:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.fleet = Fleet(world.topology, world.vehicles)

    def bid(self, task: Task) -> int | None:
        cost = self.fleet.marginal_cost(task)
        return None if cost == math.inf else int(math.ceil(cost))

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.fleet.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        deadline = time.monotonic() + 0.5 * self.world.timeouts["plan_s"]
        # a plain local search, as the course's baselines had (not the library's full planner)
        return self.fleet.final_plan(tasks, self.rng, 40 * len(tasks), deadline=deadline, temperature=0.0,
                                     max_removed=6)

"""ModelOpponent (the paper's fourth baseline): compute its own marginal cost and the opponent's,
on a shadow fleet with its own fleet's specs that tracks the tasks the opponent wins, and bid the
larger of the two."""

import math
import random
import time

from centaur_arena import Fleet, Task, World


class ModelOpponent:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.fleet = Fleet(world.topology, world.vehicles)
        self.shadow = Fleet(world.topology, world.vehicles)

    def bid(self, task: Task) -> int | None:
        own = self.fleet.marginal_cost(task)
        if own == math.inf:
            return None
        theirs = self.shadow.marginal_cost(task)
        return int(math.ceil(max(own, theirs if theirs != math.inf else own)))

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.fleet.won(task)
        elif winner is not None:
            self.shadow.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        deadline = time.monotonic() + 0.5 * self.world.timeouts["plan_s"]
        # a plain local search, as the course's baselines had (not the library's full planner)
        return self.fleet.final_plan(tasks, self.rng, 40 * len(tasks), deadline=deadline, temperature=0.0,
                                     max_removed=6)

"""AGENT_NAME: an arena agent for the Auction, Pickup and Delivery Problem.

The platform runs this file in a sandbox (no network, read-only system, time and memory limits),
one process per match, and calls the methods of its one class:

  setup(world)                       once, before the first auction (world.timeouts["setup_s"] s)
  bid(task) -> int | None            for every task: your price for carrying it, or None to abstain
                                     (world.timeouts["bid_s"] s); the lowest bid wins and is paid
  auction_result(task, winner, bids) after every auction: the winner's company index (or None) and
                                     everybody's bids, in company order
  plan(tasks) -> per-vehicle stops   after the last auction: for each of your vehicles, a list of
                                     ("pickup", task_id) / ("deliver", task_id); vehicles drive the
                                     shortest paths between stops (world.timeouts["plan_s"] s)

You win the match with the higher profit: the sum of your winning bids minus the km your vehicles
drive times their cost per km. A timeout, an exception or an invalid plan (over capacity, a task
not delivered, delivered before pickup or by another vehicle) loses the match.

`centaur_arena` (next to this file in the sandbox) has the world types, shortest-path distances,
a cheapest-insertion planner with local search (Schedule, Fleet, improve) and plan costs. Use the
seed in world.seed for any randomness, so that a match can be replayed exactly. print() goes to
the match's log, not to the platform.

Try it:  centaur arena match FILE.py honest --topology france --tasks 20
"""

import math
import random

from centaur_arena import Fleet, Task, World


class AgentName:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.fleet = Fleet(world.topology, world.vehicles)  # our schedule as we win tasks

    def bid(self, task: Task) -> int | None:
        cost = self.fleet.marginal_cost(task)  # what carrying this task adds to our costs
        if cost == math.inf:
            return None  # too heavy for every vehicle: abstain
        return int(math.ceil(cost * 1.1)) + 1  # a 10 % margin; improve on this!

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.fleet.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        return self.fleet.final_plan(tasks, self.rng, iterations=20 * len(tasks))

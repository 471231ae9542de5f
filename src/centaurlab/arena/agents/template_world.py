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

Imports: the Python standard library and `centaur_arena` only (numpy, pandas and other packages
are not there: importing one loses the match). `centaur_arena` holds the world's types: World
(topology, distribution, vehicles, index, timeouts, seed), Task (id, pickup, delivery, weight),
Vehicle (id, home, capacity, cost_per_km) and Topology (cities, distance(a, b) in shortest-path km,
path(a, b), neighbours(city)). The planning is yours to write. Use world.seed for any randomness.

This template is deliberately simple: every task goes to the largest vehicle, carried on its own
(picked up, then delivered at once), and the bid is what that detour costs.
"""

import math
import random

from centaur_arena import Task, World


class AgentName:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.vehicle = max(range(len(world.vehicles)), key=lambda v: world.vehicles[v].capacity)
        self.city = world.vehicles[self.vehicle].home  # where the vehicle ends after the tasks won so far

    def bid(self, task: Task) -> int | None:
        vehicle = self.world.vehicles[self.vehicle]
        if task.weight > vehicle.capacity:
            return None  # it cannot carry this task: abstain
        km = self.world.topology.distance(self.city, task.pickup) + self.world.topology.distance(
            task.pickup, task.delivery)
        return int(math.ceil(km * vehicle.cost_per_km * (1.0 + 0.1 * self.rng.random())))

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.city = task.delivery

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        plan: list[list[tuple[str, int]]] = [[] for _ in self.world.vehicles]
        for task in tasks:  # in the order they were won, one at a time
            plan[self.vehicle] += [("pickup", task.id), ("deliver", task.id)]
        return plan

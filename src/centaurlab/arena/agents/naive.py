"""Naive (the paper's first baseline): bid the km from where its one vehicle will be to the
pickup and on to the delivery, times its cost per km, with a little randomness growing over the
auction; serve the won tasks one after another with that single vehicle."""

import random

from centaur_arena import DELIVER, PICKUP, Task, World


class Naive:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.vehicle = world.vehicles[0]  # the first vehicle, as Logist's template does; the others stay home
        self.city = self.vehicle.home

    def bid(self, task: Task) -> int | None:
        if task.weight > self.vehicle.capacity:
            return None
        distance = self.world.topology.distance
        km = distance(self.city, task.pickup) + distance(task.pickup, task.delivery)
        ratio = 1.0 + self.rng.random() * 0.05 * task.id
        return int(round(km * self.vehicle.cost_per_km * ratio))

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.city = task.delivery

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        plan: list[list[tuple[str, int]]] = [[] for _ in self.world.vehicles]
        for task in tasks:
            plan[self.vehicle.id] += [(PICKUP, task.id), (DELIVER, task.id)]
        return plan

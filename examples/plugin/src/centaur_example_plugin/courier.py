"""Courier: an arena agent shipped by a plugin. This module is the agent: its file is what runs in
the sandbox, so it imports only the standard library and `centaur_arena`, like any agent file.

It bids what the detour costs its nearest vehicle plus a fixed margin, and serves the won tasks
with that vehicle, one after another."""

from centaur_arena import DELIVER, PICKUP, Task, World

MARGIN = 1.2


class Courier:
    def setup(self, world: World) -> None:
        self.world = world
        self.won: list[Task] = []

    def _nearest(self, task: Task) -> int:
        distance = self.world.topology.distance
        fits = [v for v in self.world.vehicles if v.capacity >= task.weight]
        return min(fits, key=lambda v: distance(v.home, task.pickup)).id if fits else -1

    def bid(self, task: Task) -> int | None:
        vehicle_id = self._nearest(task)
        if vehicle_id < 0:
            return None
        vehicle = self.world.vehicles[vehicle_id]
        distance = self.world.topology.distance
        there = distance(vehicle.home, task.pickup) + distance(task.pickup, task.delivery)
        km = there + distance(task.delivery, vehicle.home)
        return int(km * vehicle.cost_per_km * MARGIN) + 1

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.won.append(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        plan: list[list[tuple[str, int]]] = [[] for _ in self.world.vehicles]
        for task in tasks:
            plan[self._nearest(task)] += [(PICKUP, task.id), (DELIVER, task.id)]
        return plan

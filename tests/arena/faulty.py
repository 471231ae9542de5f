"""Agents that misbehave in each way the runner must survive (sources, run in the sandbox)."""

from __future__ import annotations

from textwrap import dedent

from centaurlab.arena import AgentSource

_BASE = dedent("""
    import math, random, time, os
    from centaur_arena import Fleet

    class Agent:
        def setup(self, world):
            self.world = world
            self.fleet = Fleet(world.topology, world.vehicles)
            self.rng = random.Random(world.seed)

        def bid(self, task):
            {bid}
            cost = self.fleet.marginal_cost(task)
            return None if cost == math.inf else int(cost) + 1

        def auction_result(self, task, winner, bids):
            if winner == self.world.index:
                self.fleet.won(task)

        def plan(self, tasks):
            {plan}
            return self.fleet.final_plan(tasks, self.rng, 10)
""")


def faulty(name: str, bid: str = "pass", plan: str = "pass") -> AgentSource:
    return AgentSource(name, _BASE.replace("{bid}", bid).replace("{plan}", plan))


HONEST_ENOUGH = faulty("plain")
SLEEPER = faulty("sleeper", bid="if task.id == 2: time.sleep(30)")
RAISER = faulty("raiser", bid="if task.id == 1: raise ValueError('no bid for you')")
GARBAGE = faulty("garbage", bid="if task.id == 1: return 12.5")
CRASHER = faulty("crasher", bid="if task.id == 1: os._exit(3)")
LIAR = faulty("liar", bid="return 1", plan="return [[] for _ in self.world.vehicles]")
SCRIBBLER = faulty("scribbler", bid="print('debug output goes to stderr'); import sys; sys.stdout.write('x\\n')")
NO_CLASS = AgentSource("noclass", "x = 1\n")

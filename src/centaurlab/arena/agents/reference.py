"""Reference: a strong agent built from what the best human agents of the paper did.

* Costs: the marginal cost of a task is its cheapest insertion into our schedule, polished by a
  few ruin-and-recreate steps; the final plan is the helper library's planner, run until it
  converges (ruin and recreate with annealing, see centaur_search), the deadline as its budget.
* Speculation: early tasks are worth more than their marginal cost, because a network of tasks
  makes later ones cheap. While we hold few tasks, our cost floor is a fraction of the smaller of
  the task's marginal cost and the cost per task of a well-filled fleet (from synthetic tasks
  drawn from the distribution); the floor rises to the true marginal cost as the fleet fills.
* Opponent modelling: companies have their own fleets, and we are told only ours. Shadow fleets
  track the tasks the opponent wins, one per guess of where its vehicles are based (our own fleet,
  or our vehicles moved to any one city); the guess whose marginal costs have stayed in the most
  constant ratio to the opponent's revealed bids gives the opponent's cost. Each revealed bid is
  explained by several models (a fixed price, a multiple of the task's length, of the opponent's
  cost, of the larger of both costs); the model that has predicted best so far turns the last bids
  into a sample of likely opponent bids for this task, and we bid one unit under the opponent
  where that has the highest expected value over the sample, counting a won task as worth a little
  more than its price (it makes later tasks cheaper and takes them from the opponent).
Everything is seeded and the searches stop by iteration counts or on convergence (the clock is
only a safety net), so a match replays exactly.
"""

import math
import random
import statistics
import time

from centaur_arena import Fleet, Task, Vehicle, World, average_marginal_cost

EARLY_DISCOUNT = 0.4  # the first bids are this fraction of our marginal cost ...
RAMP_TASKS = 10  # ... rising to the full cost once we hold this many tasks
CEILING = 5  # bids stay under our cost plus this many times the task's standalone cost
FUTURE = 0.5  # holding one more task is worth this fraction of a well-filled fleet's cost per task
MIN_HISTORY = 3  # revealed bids needed before bidding from the opponent's observed bids
SHADE = 0.85  # how far towards the predicted opponent bid we go from our own cost
HISTORY = 15


class Reference:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.fleet = Fleet(world.topology, world.vehicles)
        # guesses of the opponent's fleet: ours, then our vehicles all based at city c, for each c
        cities = range(len(world.topology))
        based = [[Vehicle(v.id, c, v.capacity, v.cost_per_km) for v in world.vehicles] for c in cities]
        self.shadows = [Fleet(world.topology, world.vehicles)] + [Fleet(world.topology, vs) for vs in based]
        self.fit: list[list[float]] = [[] for _ in self.shadows]  # per guess: log(opponent bid / its cost)
        self.guess_costs: list[float] = []
        self.prior = average_marginal_cost(world, self.rng, 12)
        self.dense = average_marginal_cost(world, self.rng, 30)  # cost per task of a well-filled fleet
        self.history: list[dict[str, float]] = []  # per auction: our features of the task and the opponent's bid
        self.errors: dict[str, list[float]] = {}  # per opponent model: its relative errors so far
        self.last: dict[str, float] = {}

    def _standalone(self, task: Task) -> float:
        """A price scale every task has: carrying it alone, pickup to delivery, at our mean cost per km."""
        per_km = statistics.mean(v.cost_per_km for v in self.world.vehicles)
        return max(1.0, self.world.topology.distance(task.pickup, task.delivery) * per_km)

    def _samples(self, features: dict[str, float]) -> dict[str, list[float]]:
        """Per model, what each past opponent bid says about this task's opponent bid."""
        out: dict[str, list[float]] = {"fixed": [h["opp"] for h in self.history]}
        for key in ("standalone", "opp_cost", "both"):
            value = features[key]
            out[key] = [h["opp"] / h[key] * value for h in self.history if 1 <= h[key] < math.inf and value < math.inf]
        return out

    def _opponent_bids(self, features: dict[str, float], floor: float) -> list[float]:
        """Plausible opponent bids for this task, from the model that has predicted best so far; when
        that model leaves nothing above our floor (say the opponent's cost looks like 0), from all."""
        samples = {k: v[-HISTORY:] for k, v in self._samples(features).items() if v}
        scored = {k: statistics.mean(self.errors[k][-HISTORY:]) for k in samples if self.errors.get(k)}
        chosen = samples.get(min(scored, key=lambda k: scored[k]) if scored else "standalone", [])
        if chosen and max(chosen) > floor + 1:
            return chosen
        return [b for bids in samples.values() for b in bids]

    def bid(self, task: Task) -> int | None:
        polish = min(40, 2 * len(self.fleet.schedule.tasks))
        own = self.fleet.marginal_cost(task, self.rng, polish)
        if own == math.inf:
            return None
        own = max(0.0, own)
        self.guess_costs = [shadow.marginal_cost(task) for shadow in self.shadows]
        opp_cost = self.guess_costs[self._best_guess()]
        # the opponent's cost, and the larger of both costs (what a bidder modelling us would ask)
        features = {"standalone": self._standalone(task), "opp_cost": opp_cost, "both": max(own, opp_cost)}
        early = max(0.0, 1 - len(self.fleet.schedule.tasks) / RAMP_TASKS)
        floor = (1 - early) * own + early * EARLY_DISCOUNT * min(own, max(self.dense, 0.5 * own))
        self.last = features
        opponents = self._opponent_bids(features, floor) if len(self.history) >= MIN_HISTORY else []
        if not opponents:
            guess = features["opp_cost"] if features["opp_cost"] < math.inf else features["standalone"]
            return max(1, int(math.ceil(floor + SHADE * (guess - floor) if guess > floor else floor)))
        ceiling = max(own, floor) + CEILING * features["standalone"]  # never absurd, whatever the models say
        return max(1, int(math.ceil(min(ceiling, self._best_bid(floor, opponents)))))

    def _best_bid(self, floor: float, opponents: list[float]) -> float:
        """The bid with the highest expected value, (bid - floor + worth) x P(the opponent bids more):
        `worth` is what holding one more task is worth beyond its price (cheaper tasks later, fewer
        for the opponent), so that among bids we would be happy with, winning more often counts."""
        n, worth = len(opponents), FUTURE * self.dense
        best, best_value = floor, worth * (sum(1 for o in opponents if o > floor) + 0.5) / (n + 1)
        for candidate in sorted({max(floor, math.ceil(o - 1e-6) - 1) for o in opponents}):  # one unit under
            beaten = sum(1 for o in opponents if o > candidate)
            value = (candidate - floor + worth) * (beaten + 0.5) / (n + 1)
            if value > best_value:
                best, best_value = candidate, value
        return best

    def _best_guess(self) -> int:
        """The shadow fleet whose costs the opponent's bids have followed most closely: the smallest
        spread of log(bid / cost) over the last bids (a bidder at a steady markup on its own cost
        scores 0 with the right fleet); our own fleet until there are enough bids."""
        spreads = [statistics.pstdev(f[-HISTORY:]) if len(f) >= MIN_HISTORY else math.inf for f in self.fit]
        best = min(range(len(spreads)), key=lambda k: spreads[k])
        return best if spreads[best] < spreads[0] - 1e-9 else 0

    def _learn(self, bids: list[int | None]) -> None:
        others = [b for i, b in enumerate(bids) if i != self.world.index and b is not None]
        if not others or not self.last:
            return
        opp = float(min(others))
        for fit, cost in zip(self.fit, self.guess_costs, strict=True):
            if cost < math.inf:
                fit.append(math.log((opp + 1) / (max(0.0, cost) + 1)))
        for key, guesses in self._samples(self.last).items():
            if guesses:
                self.errors.setdefault(key, []).append(abs(statistics.median(guesses[-HISTORY:]) - opp) / max(1.0, opp))
        self.history.append({**self.last, "opp": opp})

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        self._learn(bids)
        if winner == self.world.index:
            self.fleet.won(task)
        elif winner is not None:
            for shadow in self.shadows:
                shadow.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        # the helper library's planner, until it converges, with most of the time limit as its budget
        deadline = time.monotonic() + 0.6 * self.world.timeouts["plan_s"]
        return self.fleet.final_plan(tasks, self.rng, deadline=deadline)

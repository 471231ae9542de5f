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
are not there: importing one loses the match). `centaur_arena` (next to this file in the sandbox,
and importable where the platform is installed: `centaur arena doc Fleet` shows its help) has the
world types, shortest-path distances, a cheapest-insertion planner with local search (Schedule,
Fleet, improve) and plan costs. Use the seed in world.seed for any randomness, so that a match can
be replayed exactly. print() goes to the match's log (shown by `centaur arena match` when the
agent fails, and on the match page).

The strategy, a fair starting point:
  * Cost: what a task would add to our fleet's costs, its cheapest insertion into our schedule
    (this is the Honest baseline's bid: never lose money on a task, as far as the schedule goes).
  * Opponent: a "shadow" fleet holds the tasks the opponent wins, so it tells roughly what a task
    would cost *them* (its vehicles are ours: the opponent's fleet is not told, so ours stands in
    for it, as the paper's ModelOpponent does). When that cost is higher than ours, we ask one
    unit less than it rather than our own cost: an opponent that bids its cost still loses the
    task to us, and we keep more of the difference.
  * Plan: the tasks we won, planned by the helper library's planner with most of the time limit.

Try it:  centaur arena try FILE.py    (one short match against each baseline; errors with file and line)
         centaur arena match FILE.py honest --topology france --tasks 20
"""

import math
import random
import time

from centaur_arena import Fleet, Task, World


class AgentName:
    def setup(self, world: World) -> None:
        self.world = world
        self.rng = random.Random(world.seed)
        self.fleet = Fleet(world.topology, world.vehicles)  # our schedule as we win tasks
        self.shadow = Fleet(world.topology, world.vehicles)  # our guess of the opponent's schedule

    # Next steps, roughly in order of what they are worth:
    # - Speculate: the first tasks are worth more than their marginal cost, because a network of
    #   tasks makes later ones cheap. Bid under cost while the fleet is empty (say 50-70 % of it)
    #   and rise to the full cost as it fills; `average_marginal_cost(world, rng, n)` gives the cost
    #   per task of a well-filled fleet to aim at.
    # - Learn the opponent from its revealed bids (auction_result gets them all): is it bidding
    #   its cost, a fixed price, cost times a margin? Fit the ratio of its bids to your shadow's
    #   cost and bid just under what it will ask.
    # - Cost tasks more precisely: `self.fleet.marginal_cost(task, self.rng, polish=20)` improves
    #   the schedule with the task before costing it.
    # - Keep an eye on time: each call has world.timeouts limits; bound searches by iteration
    #   counts (replays stay exact) and use the clock only as a safety net.

    def bid(self, task: Task) -> int | None:
        own = self.fleet.marginal_cost(task)  # what carrying this task adds to our costs
        if own == math.inf:
            return None  # too heavy for every vehicle: abstain
        theirs = self.shadow.marginal_cost(task)  # the same for the opponent, as far as we can tell
        if theirs != math.inf and theirs - 1 > own:
            return int(math.floor(theirs)) - 1  # just under the opponent: we still win, for more
        return int(math.ceil(own))

    def auction_result(self, task: Task, winner: int | None, bids: list[int | None]) -> None:
        if winner == self.world.index:
            self.fleet.won(task)
        elif winner is not None:
            self.shadow.won(task)

    def plan(self, tasks: list[Task]) -> list[list[tuple[str, int]]]:
        # the helper library's planner runs until it converges, with 60 % of the time limit as its
        # budget (a plan cut short by the deadline may differ in a replay; one that converged will not)
        deadline = time.monotonic() + 0.6 * self.world.timeouts["plan_s"]
        return self.fleet.final_plan(tasks, self.rng, deadline=deadline)

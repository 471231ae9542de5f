from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from centaurlab.arena import (
    TOPOLOGY_NAMES,
    Company,
    MatchConfig,
    MatchFileError,
    Task,
    TaskDistribution,
    Timeouts,
    ValueSpec,
    Vehicle,
    default_fleet,
    default_match_config,
    generate_tasks,
    load_match_config,
    load_topology,
)

REPO = Path(__file__).resolve().parents[2]
LOGIST = TaskDistribution.logist(
    ValueSpec("uniform", min=0.0, max=1.0),
    ValueSpec("constant", min=100.0, max=10000.0, policy="long-distances"),
    ValueSpec("uniform", min=1.0, max=9.0),
    table_seed=5,
)


def test_the_same_seed_gives_the_same_tasks_pinned_for_every_machine() -> None:
    england = load_topology("england")
    tasks = generate_tasks(england, TaskDistribution(), 5, seed=1)
    # Pinned: random.Random(seed) is the same Mersenne Twister everywhere, so these never change.
    assert [(t.id, t.pickup, t.delivery, t.weight) for t in tasks] == [
        (0, 2, 10, 2), (1, 4, 1, 8), (2, 7, 8, 7), (3, 3, 1, 8), (4, 0, 7, 7)
    ]
    assert generate_tasks(england, TaskDistribution(), 50, seed=7) == generate_tasks(
        england, TaskDistribution(), 50, seed=7
    )
    assert generate_tasks(england, TaskDistribution(), 50, seed=7) != generate_tasks(
        england, TaskDistribution(), 50, seed=8
    )


def test_uniform_tasks_join_distinct_cities_evenly_with_weights_in_range() -> None:
    france = load_topology("france")
    tasks = generate_tasks(france, TaskDistribution(weight_min=2, weight_max=4), 9000, seed=3)
    assert all(t.pickup != t.delivery for t in tasks)
    assert {t.weight for t in tasks} == {2, 3, 4}
    assert all(t.reward == 0 for t in tasks)
    pickups = Counter(t.pickup for t in tasks)
    assert sorted(pickups) == list(range(9))
    assert max(pickups.values()) < 1.1 * 1000 and min(pickups.values()) > 0.9 * 1000
    pairs = Counter((t.pickup, t.delivery) for t in tasks)
    assert len(pairs) == 9 * 8


@pytest.mark.parametrize("name", TOPOLOGY_NAMES)
@pytest.mark.parametrize("distribution", [TaskDistribution(), LOGIST], ids=["uniform", "logist"])
def test_probabilities_sum_to_one_per_pickup_city(name: str, distribution: TaskDistribution) -> None:
    topology = load_topology(name)
    n = len(topology.cities)
    for i in range(n):
        row = [distribution.probability(topology, i, j) for j in range(n)]
        assert row[i] == 0.0
        assert sum(row) == pytest.approx(1.0)
    assert sum(distribution.pickup_probability(topology, i) for i in range(n)) == pytest.approx(1.0)


def test_logist_tasks_follow_the_tables() -> None:
    england = load_topology("england")
    tasks = generate_tasks(england, LOGIST, 20000, seed=11)
    pickups = Counter(t.pickup for t in tasks)
    for city in range(11):
        assert pickups[city] / len(tasks) == pytest.approx(LOGIST.pickup_probability(england, city), abs=0.01)
    from_london = Counter(t.delivery for t in tasks if t.pickup == 0)
    total = sum(from_london.values())
    for city in range(1, 11):
        assert from_london[city] / total == pytest.approx(LOGIST.probability(england, 0, city), abs=0.03)
    for t in tasks[:200]:
        assert t.reward == LOGIST.reward(england, t.pickup, t.delivery)
        assert t.weight == LOGIST.weight(england, t.pickup, t.delivery)
    assert min(t.weight for t in tasks) >= 1
    assert max(t.weight for t in tasks) <= LOGIST.max_weight() == 9
    assert LOGIST.expected_weight(england) == pytest.approx(sum(t.weight for t in tasks) / len(tasks), abs=0.1)


@pytest.mark.parametrize(
    ("policy", "trend"), [("long-distances", 1), ("short-distances", -1), ("medium-distances", 0)]
)
def test_rewards_are_shaped_by_distance(policy: str, trend: int) -> None:
    swiss = load_topology("switzerland")
    spec = ValueSpec("constant", min=0.0, max=1000.0, policy=policy)
    dist = TaskDistribution.logist(ValueSpec("constant", value=1.0), spec, ValueSpec("constant", value=3.0))
    pairs = sorted((swiss.distance(i, j), dist.reward(swiss, i, j)) for i in range(12) for j in range(12) if i != j)
    shortest, longest = pairs[0][1], pairs[-1][1]
    middle = max(r for _, r in pairs)
    if trend == 1:
        assert (shortest, longest) == (0, 1000)
        assert all(r1 <= r2 for (_, r1), (_, r2) in zip(pairs, pairs[1:], strict=False))
    elif trend == -1:
        assert (shortest, longest) == (1000, 0)
    else:
        assert shortest == longest == 0 and middle > 900


def test_logist_tables_depend_on_the_table_seed_only() -> None:
    netherlands = load_topology("netherlands")
    again = TaskDistribution.logist(LOGIST.probability_spec, LOGIST.reward_spec, LOGIST.weight_spec, 5)  # type: ignore[arg-type]
    other = TaskDistribution.logist(LOGIST.probability_spec, LOGIST.reward_spec, LOGIST.weight_spec, 6)  # type: ignore[arg-type]
    assert again.tables(netherlands) == LOGIST.tables(netherlands) != other.tables(netherlands)


def test_expected_weight() -> None:
    assert TaskDistribution(weight_min=1, weight_max=10).expected_weight() == 5.5
    assert TaskDistribution.logist(
        ValueSpec("uniform"), ValueSpec("constant"), ValueSpec("constant", value=4.0)
    ).expected_weight() == 4.0


def test_bad_distribution_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="kind 'gaussian'"):
        TaskDistribution("gaussian")
    with pytest.raises(ValueError, match="weight_min"):
        TaskDistribution(weight_min=5, weight_max=2)
    with pytest.raises(ValueError, match="only apply to kind='logist'"):
        TaskDistribution(reward_spec=ValueSpec())
    with pytest.raises(ValueError, match="only for kind='logist'"):
        TaskDistribution().tables(load_topology("england"))
    with pytest.raises(ValueError, match="policy 'far'"):
        ValueSpec(policy="far")


def test_match_config_round_trips_through_json() -> None:
    config = MatchConfig(
        topology="switzerland",
        n_tasks=20,
        seed=9,
        distribution=LOGIST,
        companies=(Company(0, (Vehicle(0, 3, 30, 5.0),)), Company(1, (Vehicle(0, 7, 40, 4.5), Vehicle(1, 2, 35, 6.0)))),
        timeouts=Timeouts(10.0, 5.0, 20.0),
    )
    stored = json.loads(json.dumps(config.to_dict()))
    assert MatchConfig.from_dict(stored) == config
    assert MatchConfig.from_dict(stored).tasks() == config.tasks()
    default = default_match_config("england")
    assert MatchConfig.from_dict(json.loads(json.dumps(default.to_dict()))) == default


def test_default_match_config_is_the_benchmark_setting() -> None:
    config = default_match_config("netherlands", seed=4)
    assert (config.n_tasks, config.distribution.kind, config.timeouts) == (50, "uniform", Timeouts(30.0, 30.0, 30.0))
    assert [c.index for c in config.companies] == [0, 1]
    # as in the paper, each company has its own fleet (fair because every pairing plays both sides)
    assert config.companies[0].vehicles != config.companies[1].vehicles
    assert config.companies[0].vehicles == default_fleet(load_topology("netherlands"), 4)
    assert all([v.id for v in c.vehicles] == [0, 1] for c in config.companies)
    heaviest = config.distribution.max_weight()
    assert all(0 <= v.home < 10 and v.capacity >= heaviest for c in config.companies for v in c.vehicles)
    assert default_match_config("netherlands", seed=4) == config
    shared = default_match_config("netherlands", seed=4, fleets="shared")
    assert shared.companies[0].vehicles == shared.companies[1].vehicles == config.companies[0].vehicles
    fleets = {default_match_config("netherlands", seed=s).companies[0].vehicles for s in range(10)}
    assert len(fleets) > 5
    assert len(default_match_config("england", n_companies=3).companies) == 3


def test_the_example_match_file_loads() -> None:
    config = load_match_config(REPO / "examples" / "arena" / "match.toml")
    assert config.topology == "england"
    assert config.n_tasks == 50
    assert len(config.companies) == 2
    england = load_topology("england")
    assert config.companies[0].vehicles[0].home == england.city("London").id
    assert config.companies[1].vehicles != config.companies[0].vehicles
    assert len(config.tasks()) == 50


GOOD = """
topology = "england"
n_tasks = 10
seed = 3

[distribution]
kind = "uniform"
weight_min = 1
weight_max = 5

[[companies]]
vehicles = [{ home = "London", capacity = 30, cost_per_km = 5 }]

[[companies]]
vehicles = [{ home = 2, capacity = 30, cost_per_km = 5 }]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "match.toml"
    path.write_text(text)
    return path


def test_a_match_file_with_fleets_and_a_relative_topology_file(tmp_path: Path) -> None:
    config = load_match_config(write(tmp_path, GOOD))
    assert config.companies[1].vehicles[0] == Vehicle(0, 2, 30, 5.0)
    expected = generate_tasks(load_topology("england"), TaskDistribution(weight_min=1, weight_max=5), 10, 3)
    assert config.tasks() == expected
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "line.toml").write_text(
        'name = "line"\ncities = [{ name = "A", x = 0, y = 0 }, { name = "B", x = 1, y = 0 }]\n'
        'routes = [["A", "B", 2.5]]\n'
    )
    config = load_match_config(write(tmp_path, 'topology = "maps/line.toml"\nn_tasks = 3\n'))
    assert config.load_topology().name == "line"
    assert all({t.pickup, t.delivery} == {0, 1} for t in config.tasks())


@pytest.mark.parametrize(
    ("old", "new", "field", "fix"),
    [
        ('topology = "england"', 'topology = "atlantis"', "topology", "england, france"),
        ('topology = "england"\n', "", "topology", "add 'topology'"),
        ("seed = 3", "seed = 3\nrounds = 4", "rounds", "remove 'rounds'"),
        ('kind = "uniform"', 'kind = "gauss"', "distribution.kind", "use one of"),
        ('home = "London"', 'home = "Paris"', "companies.0.vehicles.0.home", "city name or id"),
        ("home = 2, capacity = 30", "home = 2, capacity = 4", "companies.1.vehicles.0.capacity", "at least 5"),
        ("weight_max = 5", "weight_max = 40", "companies.0.vehicles.0.capacity", "at least 40"),
        ("weight_min = 1", "weight_min = 9", "distribution", "correct the [distribution]"),
        ("n_tasks = 10", "n_tasks = 0", "n_tasks", "correct the value"),
        ('kind = "uniform"', 'kind = "uniform"\nreward = { distribution = "constant" }', "distribution.reward",
         "remove it"),
        ("[distribution]", "[distribution", "(syntax)", "correct the TOML"),
    ],
)
def test_bad_match_files_name_file_field_and_fix(tmp_path: Path, old: str, new: str, field: str, fix: str) -> None:
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(MatchFileError) as info:
        load_match_config(path)
    assert info.value.field == field
    assert fix in info.value.fix
    assert str(path) in str(info.value)


def test_default_fleets_too_small_for_the_weights_are_reported(tmp_path: Path) -> None:
    path = write(tmp_path, 'topology = "france"\n[distribution]\nweight_max = 200\n')
    with pytest.raises(MatchFileError, match="heaviest task") as info:
        load_match_config(path)
    assert info.value.field == "companies"


def test_a_distribution_that_can_draw_no_task_is_reported(tmp_path: Path) -> None:
    text = 'topology = "england"\n[distribution]\nkind = "logist"\nprobability = { value = 0.0 }\n'
    with pytest.raises(MatchFileError, match="probability 0") as info:
        load_match_config(write(tmp_path, text))
    assert info.value.field == "distribution.probability"
    never = TaskDistribution.logist(ValueSpec(value=0.0), ValueSpec(), ValueSpec(value=2.0))
    with pytest.raises(ValueError, match="every task probability is 0"):
        generate_tasks(load_topology("england"), never, 1, seed=1)


def test_a_missing_match_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(MatchFileError, match="cannot be read"):
        load_match_config(tmp_path / "nope.toml")


def test_task_is_a_plain_value() -> None:
    task = Task(0, 1, 2, 3)
    assert task.reward == 0 and task == Task(0, 1, 2, 3, 0)

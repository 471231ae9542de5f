import math
import random
import statistics

from centaur_testlib import basic, close, corner, edge, raises, solution_modules, true
from solution import t_test


def expected_t(a, b):
    """Independent check: the statistics module computes exact means and sample variances."""
    spread = statistics.variance(a) / len(a) + statistics.variance(b) / len(b)
    return (statistics.fmean(a) - statistics.fmean(b)) / math.sqrt(spread)


@basic
def test_equal_sizes():
    close(t_test([1, 2, 3], [4, 5, 6]), -3.6742346141747673)


@basic
def test_different_sizes_and_variances():
    close(t_test([10, 12, 14, 16], [9, 11]), 1.8371173070873836)


@basic
def test_float_measurements():
    a = [5.5, 6.1, 5.9, 6.3, 5.7]
    b = [4.8, 5.2, 5.0, 5.4]
    close(t_test(a, b), 4.177863742936751)


@basic
def test_random_samples_against_statistics_module():
    rng = random.Random(11)
    for _ in range(20):
        a = [rng.gauss(50, 10) for _ in range(rng.randint(2, 40))]
        b = [rng.gauss(48, 4) for _ in range(rng.randint(2, 40))]
        close(t_test(a, b), expected_t(a, b))


@edge
def test_equal_means_give_zero():
    close(t_test([2, 4], [1, 3, 5]), 0.0)


@edge
def test_swapping_samples_flips_the_sign():
    a, b = [3.2, 1.5, 4.4, 2.0], [6.1, 5.5, 7.9]
    first, second = t_test(a, b), t_test(b, a)
    close(first, expected_t(a, b))
    close(second, -first)


@edge
def test_one_constant_sample():
    # sample2 has variance 0; only sample1 contributes to the denominator
    close(t_test([1, 2, 3, 4, 5], [7, 7, 7]), (3 - 7) / math.sqrt(2.5 / 5))


@edge
def test_two_values_each():
    close(t_test([0, 2], [-3, 5]), (1 - 1) / math.sqrt(2 / 2 + 32 / 2))
    close(t_test([0, 2], [10, 14]), (1 - 12) / math.sqrt(2 / 2 + 8 / 2))


@corner
def test_too_few_values_raises():
    raises(ValueError, t_test, [1.0], [2.0, 3.0])
    raises(ValueError, t_test, [1.0, 2.0], [])


@corner
def test_both_constant_raises():
    raises(ValueError, t_test, [4, 4, 4], [9, 9])


@corner
def test_large_offset_is_numerically_stable():
    rng = random.Random(5)
    a = [rng.uniform(-1, 1) for _ in range(500)]
    b = [rng.uniform(-1, 1) + 0.1 for _ in range(400)]
    shifted_a = [v + 1e6 for v in a]
    shifted_b = [v + 1e6 for v in b]
    close(t_test(shifted_a, shifted_b), expected_t(a, b), rel=1e-4)


@corner
def test_large_samples():
    rng = random.Random(3)
    a = [rng.randint(0, 1000) for _ in range(100_000)]
    b = [rng.randint(5, 1005) for _ in range(60_000)]
    close(t_test(a, b), expected_t(a, b))


@corner
def test_input_not_modified_and_no_scipy():
    a, b = [9.0, 1.0, 5.0], [2.0, 8.0, 4.0, 6.0]
    t_test(a, b)
    true(a == [9.0, 1.0, 5.0] and b == [2.0, 8.0, 4.0, 6.0], "the input lists were modified")
    true("scipy" not in solution_modules(), "the solution imported scipy; compute the statistic by hand")

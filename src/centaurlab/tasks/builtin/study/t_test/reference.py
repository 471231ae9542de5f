import math


def _mean_and_variance(sample: list[float]) -> tuple[float, float, int]:
    n = len(sample)
    if n < 2:
        raise ValueError("each sample needs at least two values")
    mean = math.fsum(sample) / n
    variance = math.fsum((v - mean) ** 2 for v in sample) / (n - 1)
    return mean, variance, n


def t_test(sample1: list[float], sample2: list[float]) -> float:
    """Return (mean1 - mean2) / sqrt(variance1 / n1 + variance2 / n2), where each variance
    is the sample variance (divided by n - 1). Do not use scipy."""
    mean1, var1, n1 = _mean_and_variance(sample1)
    mean2, var2, n2 = _mean_and_variance(sample2)
    spread = var1 / n1 + var2 / n2
    if spread == 0:
        raise ValueError("both samples are constant; the t statistic is undefined")
    return (mean1 - mean2) / math.sqrt(spread)

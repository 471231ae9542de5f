import numpy as np


def t_test(sample1: list[float], sample2: list[float]) -> float:
    """Return (mean1 - mean2) / sqrt(variance1 / n1 + variance2 / n2), where each variance
    is the sample variance (divided by n - 1). Do not use scipy."""
    t_stat = 0.0
    # Write your code here.
    return t_stat

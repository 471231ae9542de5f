import math
import random

import numpy as np

from centaur_testlib import basic, corner, edge, eq, raises, true
from solution import Retriever


def as_rows(array):
    """A returned array as a list of rows of floats (fails clearly if it is not 2-D)."""
    arr = np.asarray(array, dtype=float)
    true(arr.ndim == 2, f"expected a 2-D array, got shape {arr.shape}")
    return arr.tolist()


def all_close(actual, expected, what):
    actual = np.asarray(actual, dtype=float)
    expected = np.asarray(expected, dtype=float)
    eq(actual.shape, expected.shape, f"{what} shape")
    true(np.allclose(actual, expected, rtol=1e-6, atol=1e-9), f"{what}: expected {expected.tolist()}, got {actual.tolist()}")


def brute_distances(vectors, query):
    return [math.dist(v, query) for v in vectors]


@basic
def test_distances():
    r = Retriever([[0, 0], [3, 4], [1, 1]], 2)
    all_close(r.distances([0, 0]), [0.0, 5.0, math.sqrt(2)], "distances")
    all_close(r.distances([3, 3]), [math.sqrt(18), 1.0, math.sqrt(8)], "distances")


@basic
def test_top_k_nearest_first():
    r = Retriever([[0, 0], [3, 4], [1, 1]], 2)
    eq(as_rows(r.top_k([3, 3])), [[3.0, 4.0], [1.0, 1.0]], "top_k")


@basic
def test_add_vectors_then_search():
    r = Retriever([[0, 0], [3, 4], [1, 1]], 2)
    r.add_vectors([[3, 3], [10, 10]])
    eq(len(r.vectors), 5, "number of stored vectors")
    eq(as_rows(r.top_k([3, 3])), [[3.0, 3.0], [3.0, 4.0]], "top_k")
    all_close(r.distances([10, 10]), [math.sqrt(200), math.sqrt(85), math.sqrt(162), math.sqrt(98), 0.0], "distances")


@basic
def test_distance_matrix():
    stored = [[1, 0, 0], [0, 2, 0], [0, 0, 3], [1, 1, 1]]
    queries = [[0, 0, 0], [1, 2, 3]]
    r = Retriever(stored, 1)
    expected = [brute_distances(stored, q) for q in queries]
    all_close(r.distance_matrix(queries), expected, "distance matrix")


@edge
def test_set_k_changes_result_size():
    r = Retriever([[0.0], [5.0], [2.0], [9.0]], 1)
    eq(as_rows(r.top_k([4.0])), [[5.0]], "k = 1")
    r.set_k(3)
    eq(as_rows(r.top_k([4.0])), [[5.0], [2.0], [0.0]], "k = 3")


@edge
def test_k_larger_than_collection_returns_all():
    r = Retriever([[5, 5], [1, 1], [3, 3]], 10)
    eq(as_rows(r.top_k([0, 0])), [[1.0, 1.0], [3.0, 3.0], [5.0, 5.0]], "top_k")


@edge
def test_invalid_k_raises_and_keeps_previous():
    r = Retriever([[0.0], [1.0], [2.0]], 2)
    for bad in (0, -1, 1.5, "2"):
        raises(ValueError, r.set_k, bad)
    eq(len(as_rows(r.top_k([0.0]))), 2, "rows returned after the rejected set_k calls")
    raises(ValueError, Retriever, [[0.0], [1.0]], 0)


@edge
def test_ties_keep_storage_order():
    r = Retriever([[1, 0], [0, 1], [-1, 0], [0, -1], [2, 2]], 3)
    eq(as_rows(r.top_k([0, 0])), [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]], "top_k")


@edge
def test_add_single_vector_and_wrong_dimension():
    r = Retriever([[1, 2, 3]], 2)
    r.add_vectors(np.array([4, 5, 6]))
    eq(len(r.vectors), 2, "number of stored vectors")
    raises(ValueError, r.add_vectors, [1, 2])
    raises(ValueError, r.add_vectors, [[1, 2, 3, 4]])
    eq(len(r.vectors), 2, "number of stored vectors after the rejected additions")
    eq(as_rows(r.top_k([4, 5, 6])), [[4.0, 5.0, 6.0], [1.0, 2.0, 3.0]], "top_k")


@corner
def test_inputs_not_modified():
    stored = np.array([[1.0, 2.0], [3.0, 4.0]])
    extra = [[5.0, 6.0]]
    query = np.array([0.5, 0.5])
    r = Retriever(stored, 2)
    r.add_vectors(extra)
    r.top_k(query)
    r.distance_matrix([query, query])
    eq(stored.tolist(), [[1.0, 2.0], [3.0, 4.0]], "vectors given to the constructor")
    eq(extra, [[5.0, 6.0]], "vectors given to add_vectors")
    eq(query.tolist(), [0.5, 0.5], "query")


@corner
def test_integer_input_gives_float_distances():
    r = Retriever(((0, 0), (1, 2)), 1)
    d = np.asarray(r.distances((1, 1)))
    true(np.issubdtype(d.dtype, np.floating), f"distances should be floats, got {d.dtype}")
    all_close(d, [math.sqrt(2), 1.0], "distances")
    eq(as_rows(r.top_k((1, 1))), [[1.0, 2.0]], "top_k")


@corner
def test_random_against_brute_force():
    rng = random.Random(8)
    stored = [[rng.uniform(-5, 5) for _ in range(6)] for _ in range(300)]
    queries = [[rng.uniform(-5, 5) for _ in range(6)] for _ in range(20)]
    r = Retriever(stored, 7)
    all_close(r.distance_matrix(queries), [brute_distances(stored, q) for q in queries], "distance matrix")
    for q in queries:
        d = brute_distances(stored, q)
        order = sorted(range(len(stored)), key=lambda i: d[i])[:7]
        all_close(r.top_k(q), [stored[i] for i in order], "top_k")


@corner
def test_single_stored_vector_and_query_matrix_of_one():
    r = Retriever([[2.0, -1.0]], 5)
    eq(as_rows(r.top_k([100.0, 100.0])), [[2.0, -1.0]], "top_k")
    all_close(r.distance_matrix([[2.0, -1.0]]), [[0.0]], "distance matrix")

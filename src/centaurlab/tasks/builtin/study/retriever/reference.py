import numpy as np


class Retriever:
    """Stores vectors and finds the k nearest ones (Euclidean distance) to a query."""

    def __init__(self, vectors, k):
        self.vectors = np.array(vectors, dtype=float)
        if self.vectors.ndim != 2 or len(self.vectors) == 0:
            raise ValueError("vectors must be a non-empty 2-D array")
        self.k = 1
        self.set_k(k)

    def set_k(self, k):
        """Change how many vectors top_k returns (an int >= 1, else ValueError)."""
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
            raise ValueError("k must be an integer of at least 1")
        self.k = int(k)

    def add_vectors(self, new_vectors):
        """Append one vector (1-D) or several (2-D) of the same dimension."""
        extra = np.array(new_vectors, dtype=float)
        if extra.ndim == 1:
            extra = extra.reshape(1, -1)
        if extra.ndim != 2 or extra.shape[1] != self.vectors.shape[1]:
            raise ValueError(f"vectors must have dimension {self.vectors.shape[1]}")
        self.vectors = np.vstack([self.vectors, extra])

    def distances(self, query):
        """Euclidean distance from query to every stored vector, as a 1-D array."""
        q = np.asarray(query, dtype=float)
        return np.sqrt(((self.vectors - q) ** 2).sum(axis=1))

    def top_k(self, query):
        """The k stored vectors nearest to query, nearest first (ties: storage order)."""
        order = np.argsort(self.distances(query), kind="stable")
        return self.vectors[order[: self.k]].copy()

    def distance_matrix(self, queries):
        """Distances from every query (rows) to every stored vector (columns)."""
        q = np.asarray(queries, dtype=float)
        diff = q[:, None, :] - self.vectors[None, :, :]
        return np.sqrt((diff**2).sum(axis=2))

import numpy as np


class Retriever:
    """Stores vectors and finds the k nearest ones (Euclidean distance) to a query."""

    def __init__(self, vectors, k):
        self.vectors = np.array(vectors, dtype=float)
        self.k = k

    def set_k(self, k):
        """Change how many vectors top_k returns (an int >= 1, else ValueError)."""
        self.k = k

    def add_vectors(self, new_vectors):
        """Append one vector (1-D) or several (2-D) of the same dimension."""
        # TODO
        pass

    def distances(self, query):
        """Euclidean distance from query to every stored vector, as a 1-D array."""
        # TODO
        pass

    def top_k(self, query):
        """The k stored vectors nearest to query, nearest first (ties: storage order)."""
        # TODO
        pass

    def distance_matrix(self, queries):
        """Distances from every query (rows) to every stored vector (columns)."""
        # TODO
        pass

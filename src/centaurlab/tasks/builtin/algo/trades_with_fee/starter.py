def max_profit(P: list[int], F: int) -> int:
    # Largest total profit with at most one share held and a fee F per sale.
    return max(0, max(P) - min(P) - F)

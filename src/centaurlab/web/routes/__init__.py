"""HTTP routes, one module per concern: pages (HTML), api (JSON), health."""

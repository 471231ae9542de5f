"""An example plugin for Centaur Lab: one arena agent, one model provider, one quality rule.

Nothing here is imported by Centaur Lab until a command asks for that kind of part; the entry points
of pyproject.toml say which module or object each part is (see docs/extending.md).
"""

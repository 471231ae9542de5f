"""Centaur Lab: evaluate AI coding assistants and agents the way they are really used."""

__version__ = "0.1.0"

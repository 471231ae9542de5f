"""Coding tasks: the shared schema, loading and validating banks, the built-in banks."""

from .errors import TaskFileError, UnknownTaskError
from .loader import Bank, all_tasks, builtin_bank_names, builtin_banks, get_task, load_bank, load_task
from .schema import Difficulty, EfficiencyCase, KnownBad, Task, TaskMeta, TestCase, TestTag

__all__ = [
    "Bank",
    "Difficulty",
    "EfficiencyCase",
    "KnownBad",
    "Task",
    "TaskFileError",
    "TaskMeta",
    "TestCase",
    "TestTag",
    "UnknownTaskError",
    "all_tasks",
    "builtin_bank_names",
    "builtin_banks",
    "get_task",
    "load_bank",
    "load_task",
]

"""Coding tasks: the shared schema, loading and validating banks, the built-in banks, and what the
task pages and API serve of them (the catalogue of banks, and views that never show a solution), and
standard suites (HumanEval, MBPP) imported as banks."""

from .banks import BankLayout
from .catalogue import BankEntry, Catalogue, UnknownBank, UnknownTask
from .check import TaskCheck, check_tasks
from .errors import TaskFileError, UnknownTaskError
from .failure_text import failure_summary
from .importers import HUMANEVAL_EXTRA, ImportReport, Refusal, humaneval_data, import_suite
from .loader import Bank, all_tasks, bank_folder, builtin_bank_names, builtin_banks, get_task, load_bank, load_task
from .schema import Difficulty, EfficiencyCase, HumanBaseline, KnownBad, Task, TaskMeta, TestCase, TestTag
from .suite_formats import Provenance
from .views import bank_detail, bank_summary, markdown_html, task_detail, task_summary

__all__ = [
    "Bank",
    "BankEntry",
    "BankLayout",
    "Catalogue",
    "Difficulty",
    "HUMANEVAL_EXTRA",
    "ImportReport",
    "Provenance",
    "Refusal",
    "EfficiencyCase",
    "HumanBaseline",
    "KnownBad",
    "Task",
    "TaskCheck",
    "TaskFileError",
    "TaskMeta",
    "TestCase",
    "TestTag",
    "UnknownBank",
    "UnknownTask",
    "UnknownTaskError",
    "all_tasks",
    "bank_detail",
    "bank_folder",
    "bank_summary",
    "builtin_bank_names",
    "builtin_banks",
    "check_tasks",
    "failure_summary",
    "get_task",
    "humaneval_data",
    "import_suite",
    "load_bank",
    "load_task",
    "markdown_html",
    "task_detail",
    "task_summary",
]

"""Coding tasks: the shared schema, loading and validating banks, the built-in banks, and what the
task pages and API serve of them (the catalogue of banks, and views that never show a solution), and
standard suites (HumanEval, MBPP) imported as banks."""

from ._banks import BankLayout
from ._catalogue import BankEntry, Catalogue, UnknownBank, UnknownTask
from ._check import TaskCheck, check_tasks
from ._errors import TaskFileError, UnknownTaskError
from ._failure_text import failure_summary
from ._importers import ImportReport, humaneval_data, import_suite
from ._loader import Bank, bank_folder, builtin_bank_names, builtin_banks, get_task, load_bank
from ._schema import HumanBaseline, Task
from ._suite_formats import Provenance
from ._views import bank_detail, bank_summary, markdown_html, task_detail

__all__ = [
    "Bank",
    "BankEntry",
    "BankLayout",
    "Catalogue",
    "ImportReport",
    "Provenance",
    "HumanBaseline",
    "Task",
    "TaskCheck",
    "TaskFileError",
    "UnknownBank",
    "UnknownTask",
    "UnknownTaskError",
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
    "markdown_html",
    "task_detail",
]

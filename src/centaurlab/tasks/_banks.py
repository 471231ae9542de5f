"""Where banks lie: built-in ones shipped in the package, or any folder with a `bank.toml`.

The coding banks (here) and the occupational banks of `collab` lie the same way and differ only in
the file that marks a task folder (`task.toml`, `instance.toml`), so that neither loader mistakes
the other's folders for its own. Finding a bank by name or path, listing the built-in ones and
building a built-in bank once per process are done here, once, for both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

B = TypeVar("B")


@dataclass(frozen=True)
class BankLayout:
    """One kind of bank: the folder of its built-in banks, the file that marks a task folder, and
    the word a message calls such a bank."""

    builtin_dir: Path
    task_file: str
    kind: str = "bank"

    def builtin_names(self) -> list[str]:
        return sorted(p.name for p in self.builtin_dir.iterdir() if (p / "bank.toml").exists())

    def folder(self, name_or_path: str | Path, base: Path | None = None) -> Path:
        """The folder of the built-in bank of that name, else the path (taken from `base` when
        relative), whether or not it holds a bank."""
        if isinstance(name_or_path, str) and name_or_path in self.builtin_names():
            return self.builtin_dir / name_or_path
        path = Path(name_or_path)
        return base / path if base is not None and not path.is_absolute() else path

    def unknown(self, name_or_path: str | Path) -> LookupError:
        return LookupError(
            f"no {self.kind} '{name_or_path}'; built-in {self.kind}s: {', '.join(self.builtin_names())}; "
            "or give a folder with a bank.toml"
        )

    def task_folders(self, folder: Path) -> list[Path]:
        return sorted(p for p in folder.iterdir() if (p / self.task_file).exists())

    def load(self, name_or_path: str, build: Callable[[Path], B]) -> B:
        """A built-in bank by name, built once per process; or a bank folder by path, built afresh
        (it may be being edited)."""
        if name_or_path in self.builtin_names():
            return cast(B, _built_once(build, self.builtin_dir / name_or_path))
        folder = Path(name_or_path)
        if not (folder / "bank.toml").is_file():
            raise self.unknown(name_or_path)
        return build(folder)


@cache
def _built_once(build: Callable[[Path], Any], folder: Path) -> Any:
    return build(folder)

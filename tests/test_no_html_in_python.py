"""No HTML in Python strings: pages and reports are drawn by Jinja2 templates with autoescape on (see
`centaurlab.templating`), so a value reaches a page escaped unless a template says otherwise.

Every string literal under src/ (plain or an f-string's parts, found with `ast`) is scanned for an HTML tag:
`<` or `</` and a known element name. Docstrings are skipped (they never reach a page, and name tags to
explain them). The areas converted so far are asserted; the files still being converted are PENDING, each
reported per file, and leave PENDING when their area lands in AREAS_DONE.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

ELEMENTS = ("html|head|body|div|span|p|a|table|tr|td|th|ul|ol|li|h[1-6]|form|input|button|label|select|option|"
            "textarea|section|nav|main|header|footer|details|summary|pre|code|strong|em|small|img|script|style|"
            "link|meta|caption|thead|tbody|br|hr")
TAG = re.compile(rf"</?(?:{ELEMENTS})(?=[\s>/])", re.IGNORECASE)

# The models, arena and compare pages and the bench/stats HTML reports (issue 43, templates under
# web/templates/models/, web/templates/arena/, bench/templates/ and stats/templates/).
MODELS_ARENA_REPORTS = (
    "centaurlab/web/routes/_models.py", "centaurlab/web/routes/_arena.py", "centaurlab/web/routes/_arena_generated.py",
    "centaurlab/web/routes/_compare.py", "centaurlab/bench/_report_html.py", "centaurlab/stats/_html_report.py",
    "centaurlab/modelcard/_lenses.py", "centaurlab/modelcard/_study_lens.py", "centaurlab/modelcard/_centaurs.py",
    "centaurlab/grading/_batch.py", "centaurlab/cli/_grade_cmd.py", "centaurlab/arena/_route_map.py",
    "centaurlab/sandbox/_proxies.py", "centaurlab/stats/_charts.py", "centaurlab/models/_fim_templates.py",
)
# Every area has landed: nothing is pending.
AREAS_DONE: tuple[str, ...] = (*MODELS_ARENA_REPORTS,)
PENDING: tuple[str, ...] = ()

# (file, tag) pairs that are not HTML for a page, each with why.
ALLOWED = {
    # SVG's own <style> element, put into the map matplotlib drew (and the regex that finds matplotlib's)
    ("centaurlab/arena/_route_map.py", "<style"), ("centaurlab/arena/_route_map.py", "</style"),
    # CodeLlama's fill-in-the-middle token <PRE>, a prompt sent to a model
    ("centaurlab/models/_fim_templates.py", "<pre"),
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the constants that are docstrings of the module, its classes and its functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def html_in_strings(source: str) -> list[tuple[int, str]]:
    """(line, tag) of every HTML tag in a string literal of `source`, f-strings' literal parts included."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return sorted((node.lineno, m.group(0)) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            for m in TAG.finditer(node.value))


def _pending(path: str) -> bool:
    return any(path == p or (p.endswith("/") and path.startswith(p)) for p in PENDING)


def _found() -> dict[str, list[tuple[int, str]]]:
    out = {}
    for file in sorted(SRC.rglob("*.py")):
        path = file.relative_to(SRC).as_posix()
        hits = [(line, tag) for line, tag in html_in_strings(file.read_text(encoding="utf-8"))
                if (path, tag.lower()) not in ALLOWED]
        if hits:
            out[path] = hits
    return out


def _report(found: dict[str, list[tuple[int, str]]]) -> str:
    return "\n".join(f"{path}: {len(hits)} tags, first at line {hits[0][0]} ({hits[0][1]!r})"
                     for path, hits in found.items())


def test_no_html_tag_in_a_python_string_outside_the_pending_files() -> None:
    found = {path: hits for path, hits in _found().items() if not _pending(path)}
    assert not found, "HTML in Python strings (draw it with a template under the package's templates/):\n" + \
        _report(found)


def test_the_areas_done_are_checked_and_exist() -> None:
    assert not [p for p in AREAS_DONE if _pending(p)], "a file cannot be both done and pending"
    assert all((SRC / p).is_file() for p in AREAS_DONE)
    assert all((SRC / p).exists() for p in PENDING), "a pending file was moved: update PENDING"


def test_the_scan_finds_tags_in_strings_and_f_strings_but_not_docstrings_or_prompt_tokens() -> None:
    planted = '''"""A module that names <p> in its docstring."""
def page(x):
    """Returns <div>."""
    head = "<div class='a'>"
    return f"<p>{x}</p>" + head + "<fim_prefix>" + "centaur bench run --bank <bank>" + "<solution.f>"
'''
    assert html_in_strings(planted) == [(4, "<div"), (5, "</p"), (5, "<p")]

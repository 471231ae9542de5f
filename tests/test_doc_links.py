"""Every relative link of README.md and docs/*.md leads to a file that exists (and, with a #fragment into
a Markdown file, to a heading it has): a reader who follows one from the repository never lands on a 404."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text())
    headings = {_anchor(m) for m in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.M)}
    return headings | {m.lower() for m in re.findall(r'<a (?:id|name)="([^"]+)"', text)}  # explicit anchors


def relative_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text())
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans are not links
    return [target for target in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I)]


def broken(page: Path) -> list[str]:
    out = []
    for target in relative_links(page):
        path, _, fragment = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            out.append(f"{target}: no such file")
        elif fragment and where.suffix == ".md" and fragment.lower() not in _anchors(where):
            out.append(f"{target}: no heading #{fragment} in {where.name}")
    return out


def test_the_pages_are_found_and_have_links() -> None:
    assert ROOT / "docs" / "compare.md" in PAGES
    assert "docs/compare.md" in relative_links(ROOT / "README.md")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    assert not broken(page), broken(page)


def test_a_dead_link_is_caught(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A heading\n\n<a id=\"kept\"></a>**Kept.** text\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md#a-heading) [gone](missing.md) [no anchor](there.md#nope) "
                    "[mark](there.md#kept) [web](https://example.org/x.md) `[code](nowhere.md)`\n"
                    "```\n[fenced](nowhere.md)\n```\n")
    assert broken(page) == ["missing.md: no such file", "there.md#nope: no heading #nope in there.md"]

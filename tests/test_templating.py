"""The templates' shared pieces: escaping on by default, tables, data for the bundle, overrides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from centaurlab.errors import NotFound
from centaurlab.templating import Markup, environment, render


def _macro(name: str):  # type: ignore[no-untyped-def]
    return getattr(environment("centaurlab.web").get_template("macros.html").module, name)


def test_a_value_is_escaped_unless_a_template_made_it() -> None:
    html = str(_macro("table")(["name"], [["<script>x</script>"], [Markup("<b>ok</b>")],
                                         [{"href": "/a?b=1&c=2", "text": "<i>"}]], caption="T"))
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert "<b>ok</b>" in html
    assert '<a href="/a?b=1&amp;c=2">&lt;i&gt;</a>' in html
    assert "<caption>T</caption>" in html


def test_data_for_the_bundle_cannot_close_its_script_element() -> None:
    html = str(_macro("json_script")("d", {"x": "</script><script>alert(1)</script>"}))
    body = html.split(">", 1)[1].rsplit("</script>", 1)[0]
    assert "</script>" not in body and json.loads(body) == {"x": "</script><script>alert(1)</script>"}


def test_a_folder_named_first_overrides_a_template(tmp_path: Path) -> None:
    (tmp_path / "macros.html").write_text("{% macro table() %}mine{% endmacro %}")
    env = environment("centaurlab.web", (str(tmp_path),))
    assert str(env.get_template("macros.html").module.table()) == "mine"


def test_a_missing_template_names_where_it_looked(tmp_path: Path) -> None:
    with pytest.raises(NotFound, match="no template 'nope.html' in .*centaurlab.web/templates"):
        render("centaurlab.web", "nope.html", overrides=[tmp_path])


def test_a_value_is_escaped_as_html_escape_writes_it(tmp_path: Path) -> None:
    """Pages moved from `html.escape` f-strings to templates read the same: an apostrophe is `&#x27;`."""
    (tmp_path / "v.html").write_text("<p title=\"{{ v }}\">{{ v }}</p>{{ m }}")
    html = render("centaurlab.web", "v.html", {"v": "it's <b>\"&", "m": Markup("<i>ok</i>")}, overrides=[tmp_path])
    assert html == "<p title=\"it&#x27;s &lt;b&gt;&quot;&amp;\">it&#x27;s &lt;b&gt;&quot;&amp;</p><i>ok</i>"

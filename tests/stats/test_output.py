"""SVG charts and the HTML report: well-formed, escaped, self-contained."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pandas as pd

from centaurlab.stats import HtmlReport, format_number, format_p, means_chart, nice_ticks

SVG = "{http://www.w3.org/2000/svg}"


def test_format_number():
    assert format_number(3.0) == "3"
    assert format_number(2.5) == "2.50"
    assert format_number(0.012345) == "0.0123"
    assert format_number(1234.56) == "1235"
    assert format_number(2.25e-16) == "2.25e-16" and format_number(-0.00012) == "-0.000120"
    assert format_number(math.nan) == "–" and format_number(None) == "–"
    assert format_number("chat") == "chat"
    assert format_p(0.0004) == "<0.001" and format_p(0.04567) == "0.046" and format_p(math.nan) == "–"


def test_nice_ticks():
    assert nice_ticks(0, 7.3) == [0, 2, 4, 6, 8]
    # range 1.2 / 5 = 0.24 -> the next step of 1, 2, 5 x 0.1 is 0.5
    assert nice_ticks(-0.3, 0.9) == [-0.5, 0.0, 0.5, 1.0]


def test_means_chart_is_valid_svg_with_one_bar_per_mean():
    svg = means_chart(["none", "chat", "<auto>"], [2.0, math.nan, 3.5], [0.5, 0.2, 0.0],
                      title="Tasks & times", y_label="tasks")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    bars = root.findall(f"{SVG}rect")
    assert len(bars) == 2  # the NaN mean has no bar
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "n/a" in texts and "<auto>" in texts and "Tasks & times" in texts
    assert "3.50" in texts and "2" in texts
    # one error bar (3 lines) for the first bar; the third has se 0
    assert len([ln for ln in root.iter(f"{SVG}line") if ln.get("stroke-width") == "1.5"]) == 1


def test_report_escapes_and_has_no_scripts():
    report = HtmlReport("Study <script>alert(1)</script>")
    report.heading("Summary").paragraph("a < b")
    report.table(pd.DataFrame({"condition": ["chat"], "mean": [1.23456], "p": [0.0001]}),
                 caption="Means", formats={"p": format_p})
    report.figure(means_chart(["a"], [1.0], [0.1], title="t"), caption="fig")
    html = report.render()
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<td>1.23</td>" in html and "<td>&lt;0.001</td>" in html
    assert "a &lt; b" in html and "<svg" in html and "http" not in html.replace("http://www.w3.org/2000/svg", "")

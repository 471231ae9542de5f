"""Charts (matplotlib SVG) and the HTML report: well-formed, escaped, self-contained, deterministic."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from centaurlab.stats import HtmlReport, format_number, format_p, means_chart, violin_chart
from centaurlab.stats._charts import nice_ticks

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


def _ids(root: ET.Element, prefix: str) -> list[str]:
    return sorted(el.get("id", "") for el in root.iter() if el.get("id", "").startswith(prefix))


def test_means_chart_is_valid_svg_with_one_bar_per_mean():
    svg = means_chart(["none", "chat", "<auto>"], [2.0, math.nan, 3.5], [0.5, 0.2, 0.0],
                      title="Tasks & times", y_label="tasks")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("aria-label") == "Tasks & times"
    assert _ids(root, "bar-") == ["bar-0", "bar-2"]  # the NaN mean has no bar
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "n/a" in texts and "<auto>" in texts and "Tasks & times" in texts and "tasks" in texts
    assert "3.50" in texts and "2" in texts
    assert "<metadata" not in svg and "<script" not in svg
    assert svg == means_chart(["none", "chat", "<auto>"], [2.0, math.nan, 3.5], [0.5, 0.2, 0.0],
                              title="Tasks & times", y_label="tasks")  # same data, same bytes


def test_a_label_with_dollar_signs_is_text_not_mathematics():
    root = ET.fromstring(means_chart(["$5", "$10"], [1.0, -2.0], [0.1, 0.1], title="cost in $ per $ spent"))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "$5" in texts and "cost in $ per $ spent" in texts and "-2" in texts


def test_violin_chart_draws_a_violin_per_group_with_values():
    svg = violin_chart("Correctness", {"all-right": [100.0] * 10, "spread": [0, 20, 50, 70, 100], "none": []})
    root = ET.fromstring(svg)
    assert _ids(root, "violin-") == ["violin-0", "violin-1"]
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "all-right" in texts and "n=10" in texts and "n=5" in texts and "none" not in texts
    assert "Correctness" in texts and "100" in texts
    empty = ET.fromstring(violin_chart("Efficiency", {"m": []}))
    assert "not measured" in [t.text for t in empty.iter(f"{SVG}text")] and not _ids(empty, "violin-")


XLINK = "{http://www.w3.org/1999/xlink}href"


def _violin_extents(svg: str) -> list[tuple[float, float]]:
    """Each violin's lowest and highest point in data units, read back from the SVG: the y-axis ticks give
    the map from pixels to values, each violin's path (placed by a <use>) gives its pixels."""
    root = ET.fromstring(svg)
    ticks = {}
    for tick in (g for g in root.iter(f"{SVG}g") if g.get("id", "").startswith("ytick_")):
        label = next(t for t in tick.iter(f"{SVG}text")).text
        ticks[float(label or "nan")] = float(next(u for u in tick.iter(f"{SVG}use")).get("y", "nan"))
    (v0, p0), (v1, p1) = min(ticks.items()), max(ticks.items())
    out = []
    for group in sorted((g for g in root.iter(f"{SVG}g") if g.get("id", "").startswith("violin-")),
                        key=lambda g: g.get("id", "")):
        path = next(group.iter(f"{SVG}path")).get("d", "")
        offset = float(next(group.iter(f"{SVG}use")).get("y", "0"))
        numbers = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", path)]
        pixels = [offset + y for y in numbers[1::2]]
        values = [v0 + (p - p0) * (v1 - v0) / (p1 - p0) for p in pixels]
        out.append((min(values), max(values)))
    return out


def test_violins_are_cut_at_the_lowest_and_highest_value_seen():
    # a kernel density's tails would reach past 50 and below 0; the bodies stop at what was observed
    svg = violin_chart("Correctness", {"spread": [0.0, 10.0, 50.0, 50.0], "narrow": [20.0, 33.3], "flat": [40.0] * 3})
    extents = _violin_extents(svg)
    assert [lo for lo, _ in extents] == pytest.approx([0.0, 20.0, 40.0], abs=0.05)
    assert [hi for _, hi in extents] == pytest.approx([50.0, 33.3, 40.0], abs=0.05)
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "spread\nn=4" in texts or {"spread", "n=4"} <= set(texts)  # n under each violin


def test_report_escapes_and_has_no_scripts():
    report = HtmlReport("Study <script>alert(1)</script>")
    report.heading("Summary").paragraph("a < b")
    report.table(pd.DataFrame({"condition": ["chat"], "mean": [1.23456], "p": [0.0001]}),
                 caption="Means", formats={"p": format_p})
    report.figure(means_chart(["a"], [1.0], [0.1], title="t"), caption="fig")
    html = report.render()
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<td>1.23</td>" in html and "<td>&lt;0.001</td>" in html
    outside = html.replace("http://www.w3.org/2000/svg", "").replace("http://www.w3.org/1999/xlink", "")
    assert "a &lt; b" in html and "<svg" in html and "http" not in outside


def test_charts_drawn_from_several_threads_are_the_same_as_one_at_a_time():
    from concurrent.futures import ThreadPoolExecutor

    def draw(i: int) -> str:
        if i % 2:
            return violin_chart("v", {"a": [10.0, 50.0, 90.0], "b": [40.0, 60.0]})
        return means_chart(["x", "y"], [1.0, 2.0], [0.1, 0.2], title="m")

    alone = [draw(i) for i in range(2)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(draw, range(4)))
    assert together == alone + alone
    assert all("<text" in svg and "glyph" not in svg for svg in together)  # text stayed text everywhere

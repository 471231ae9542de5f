// The grade report: the three scores and the composite as large figures, then the failing tests,
// the efficiency cases (your code against the reference) and the code-health findings.
import type { EfficiencyCase, FailingTest, GradeResponse, QualityFinding, VerdictKind } from "./api";
import { el } from "./dom";
import { ICON, LABEL, plural } from "./verdicts";

type Level = "good" | "fair" | "poor" | "na";

function level(score: number | null): Level {
  if (score === null) return "na";
  return score >= 90 ? "good" : score >= 50 ? "fair" : "poor";
}

function figure(score: number | null): string {
  if (score === null) return "n/a";
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}

function scoreCard(name: string, score: number | null, sub: string, extra = ""): HTMLElement {
  const key = name.toLowerCase();
  return el(
    "div",
    { class: `score score-${level(score)} ${extra}`.trim(), "data-dimension": key, "data-score": score === null ? "n/a" : String(score) },
    el("p", { class: "score-name" }, name),
    el("p", { class: "score-value" }, figure(score), score === null ? null : el("span", { class: "score-max" }, "/100")),
    el("p", { class: "score-sub" }, sub),
  );
}

function scoreCards(grade: GradeResponse): HTMLElement {
  const c = grade.correctness_detail;
  const e = grade.efficiency_detail;
  const q = grade.quality_detail;
  const within = e ? e.cases.filter((x) => x.passed).length : 0;
  return el(
    "div",
    { class: "scores", id: "grade-scores" },
    scoreCard("Correctness", grade.correctness, `${c.passed} of ${plural(c.total, "test")} passed`),
    scoreCard("Efficiency", grade.efficiency, e ? `${within} of ${plural(e.cases.length, "case")} within the limit` : "no efficiency tests"),
    grade.quality_not_rated
      ? scoreCard("Quality", null, `not rated: ${grade.quality_not_rated} (counts 0 in the composite)`)
      : scoreCard("Quality", grade.quality, `code health ${q.score_10.toFixed(2)}/10`),
    scoreCard("Composite", grade.composite, e ? "mean of the three" : "mean of correctness and quality", "score-composite"),
  );
}

function heading(text: string, detail: string, ok: boolean): HTMLElement {
  return el("h3", {}, `${text}: `, el("span", { class: ok ? "count count-ok" : "count count-bad" }, detail));
}

function tagCounts(grade: GradeResponse): HTMLElement {
  const chips = Object.entries(grade.correctness_detail.by_tag).map(([tag, n]) =>
    el("span", { class: n.passed === n.total ? "tag tag-ok" : "tag tag-bad" }, `${tag} ${n.passed}/${n.total}`),
  );
  return el("p", { class: "tags" }, ...chips);
}

/** Failing tests with the same traceback (e.g. code that does not import) are shown once. */
function failingList(failing: FailingTest[]): HTMLElement {
  const groups = new Map<string, FailingTest[]>();
  for (const test of failing) {
    const key = test.message.includes("\n") ? `${test.verdict}\u0000${test.message}` : test.id;
    groups.set(key, [...(groups.get(key) ?? []), test]);
  }
  const items = [...groups.values()].map((tests) => {
    const first = tests[0];
    const kind: VerdictKind = first.verdict in LABEL ? first.verdict : "error";
    const head = el(
      "div",
      { class: "verdict-head" },
      el("span", { class: `badge v-${kind}` }, el("span", { "aria-hidden": "true" }, ICON[kind]), ` ${LABEL[kind]}`),
      ...tests.flatMap((t) => [el("code", { class: "test-id" }, t.id), el("span", { class: "tag" }, t.tag)]),
    );
    const item = el("li", { class: `verdict v-${kind}`, "data-verdict": kind, "data-test-id": first.id }, head);
    if (first.message) item.append(el("pre", { class: "message" }, first.message));
    if (first.output) item.append(el("details", { class: "output" }, el("summary", {}, "Captured output"), el("pre", {}, first.output)));
    return item;
  });
  return el("ol", { class: "verdicts", id: "failing-tests" }, ...items);
}

function correctnessSection(grade: GradeResponse): HTMLElement {
  const c = grade.correctness_detail;
  const ok = c.total > 0 && c.passed === c.total;
  const section = el("section", { class: "report", "aria-label": "Correctness" }, heading("Correctness", `${c.passed}/${c.total} tests passed`, ok), tagCounts(grade));
  section.append(c.failing.length ? failingList(c.failing) : el("p", { class: "all-good" }, `Every test passes.`));
  return section;
}

function amount(value: number | null, unit: string): string {
  if (value === null || value === undefined) return "–";
  if (unit === "instructions") {
    return value >= 1e9 ? `${(value / 1e9).toFixed(2)} G` : value >= 1e6 ? `${(value / 1e6).toFixed(2)} M` : value.toLocaleString();
  }
  if (value < 0.0001) return "< 0.1 ms";
  return value < 1 ? `${(value * 1000).toFixed(1)} ms` : `${value.toFixed(2)} s`;
}

const CASE_RESULT: Record<VerdictKind, [string, string]> = {
  pass: ["fail", "too slow"], // right answer, over the limit (passed cases are handled first)
  fail: ["fail", "wrong answer"],
  error: ["error", "error"],
  timeout: ["timeout", "timed out"],
};

function caseRow(c: EfficiencyCase, unit: string): HTMLTableRowElement {
  const [kind, label] = c.passed ? ["pass", "passed"] : (CASE_RESULT[c.verdict] ?? ["error", c.verdict]);
  const icon = ICON[kind as VerdictKind];
  return el(
    "tr",
    { "data-case": c.id, "data-passed": String(c.passed) },
    el("td", {}, el("code", { class: "test-id" }, c.id)),
    el(
      "td",
      {},
      el("span", { class: `badge v-${kind}` }, el("span", { "aria-hidden": "true" }, icon), ` ${label}`),
      c.message ? el("span", { class: "why" }, c.message) : null,
    ),
    el("td", { class: "num" }, amount(c.candidate, unit)),
    el("td", { class: "num" }, amount(c.reference, unit)),
    el("td", { class: "num" }, c.ratio === null ? "–" : `${c.ratio.toFixed(c.ratio < 10 ? 2 : 1)}×`),
    el("td", { class: "num" }, amount(c.threshold, unit)),
  );
}

function efficiencySection(grade: GradeResponse): HTMLElement {
  const e = grade.efficiency_detail;
  if (!e) {
    return el(
      "section",
      { class: "report", "aria-label": "Efficiency" },
      el("h3", {}, "Efficiency: ", el("span", { class: "count" }, "n/a")),
      el("p", { class: "hint" }, "This task has no efficiency tests, so efficiency is not graded and the composite is the mean of correctness and quality."),
    );
  }
  const within = e.cases.filter((c) => c.passed).length;
  const head = el("tr", {}, ...["Case", "Result", "Yours", "Reference", "Ratio", "Limit"].map((h, i) =>
    el("th", { scope: "col", class: i >= 2 && i <= 5 ? "num" : "" }, h)));
  const table = el(
    "table",
    { class: "cases", id: "efficiency-cases" },
    el("caption", { class: "sr-only" }, "Efficiency cases"),
    el("thead", {}, head),
    el("tbody", {}, ...e.cases.map((c) => caseRow(c, e.unit))),
  );
  const unit = e.measure === "time" ? "CPU time of the measured call, best of 3" : "instructions of the measured call";
  const section = el(
    "section",
    { class: "report", "aria-label": "Efficiency" },
    heading("Efficiency", `${within}/${e.cases.length} cases within the limit`, within === e.cases.length),
    el("p", { class: "hint" }, `${unit}, against the task's reference measured in the same grading.`),
  );
  if (e.problem) section.append(el("pre", { class: "problem", role: "alert" }, e.problem));
  section.append(el("div", { class: "table-wrap" }, table));
  return section;
}

function lines(f: QualityFinding): string {
  return f.start_line === f.end_line ? String(f.start_line) : `${f.start_line}–${f.end_line}`;
}

function qualitySection(grade: GradeResponse): HTMLElement {
  const q = grade.quality_detail;
  const n = q.findings.length;
  if (grade.quality_not_rated) {
    return el(
      "section",
      { class: "report", "aria-label": "Quality" },
      heading("Quality", `not rated: ${grade.quality_not_rated}`, false),
      el("p", { class: "hint" }, "Code that does not define what the task asks for is not rated for code health; its quality counts 0 in the composite."),
    );
  }
  const section = el(
    "section",
    { class: "report", "aria-label": "Quality" },
    heading("Quality", `code health ${q.score_10.toFixed(2)}/10, ${plural(n, "finding")}`, n === 0),
  );
  if (!n) {
    section.append(el("p", { class: "all-good" }, "No code-health findings."));
    return section;
  }
  const rows = q.findings.map((f) =>
    el(
      "tr",
      { "data-category": f.category },
      el("td", {}, f.category),
      el("td", {}, el("code", {}, f.function)),
      el("td", { class: "num" }, lines(f)),
      el("td", { class: "finding-why" }, f.message),
    ),
  );
  const head = el("tr", {}, ...["Category", "Function", "Lines", "Why"].map((h) => el("th", { scope: "col", class: h === "Lines" ? "num" : "" }, h)));
  section.append(
    el("div", { class: "table-wrap" }, el("table", { class: "findings", id: "quality-findings" }, el("caption", { class: "sr-only" }, "Code-health findings"), el("thead", {}, head), el("tbody", {}, ...rows))),
  );
  return section;
}

function placementLine(grade: GradeResponse): HTMLElement | null {
  const p = grade.placement;
  if (!p) return null;
  const line = el("p", { class: "placement" }, `Human-equivalent percentile: ${p.percentile.toFixed(1)} (z = ${p.z.toFixed(2)}, on correctness and efficiency).`);
  if (p.note) line.append(" ", el("span", { class: "placement-note" }, `Caution: ${p.note}.`));
  return line;
}

function recordLine(grade: GradeResponse): string {
  if (grade.reused) return "recorded: this code was graded before with the same settings, and this is that grade";
  return grade.stored ? "recorded" : "not recorded";
}

export function renderGrade(host: HTMLElement, grade: GradeResponse, seconds: number): void {
  const summary = el(
    "p",
    { class: "grade-summary", id: "grade-summary" },
    `Composite ${figure(grade.composite)}/100 · ${grade.reused ? "found" : "graded"} in ${seconds.toFixed(1)} s · ${recordLine(grade)}`,
  );
  host.replaceChildren(
    scoreCards(grade),
    summary,
    ...[placementLine(grade)].filter((x): x is HTMLElement => x !== null),
    correctnessSection(grade),
    efficiencySection(grade),
    qualitySection(grade),
  );
}

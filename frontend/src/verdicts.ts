// The verdict list: one line per example or test, with its message and captured output, and a
// line saying which sandbox ran the code (in red when it does not isolate).
import type { RunResponse, SandboxRun, SuiteReport, TaskData, Verdict, VerdictKind } from "./api";
import { el } from "./dom";

export const LABEL: Record<VerdictKind, string> = {
  pass: "passed",
  fail: "failed",
  error: "error",
  timeout: "timed out",
};
export const ICON: Record<VerdictKind, string> = { pass: "✓", fail: "✗", error: "!", timeout: "⏱" };
const SUITE_NAME = { examples: "Examples", tests: "Tests" } as const;

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function seconds(value: number | null): string {
  if (value === null || value === undefined) return "";
  if (value < 0.0001) return "< 0.1 ms";
  return value < 0.1 ? `${(value * 1000).toFixed(1)} ms` : `${value.toFixed(2)} s`;
}

function exampleCall(task: TaskData, id: string): string {
  const match = /^example_(\d+)$/.exec(id);
  const example = match ? task.examples[Number(match[1]) - 1] : undefined;
  return example ? `${example.call} → ${example.result}` : "";
}

function verdictItem(task: TaskData, v: Verdict): HTMLLIElement {
  const kind: VerdictKind = v.verdict in LABEL ? v.verdict : "error";
  const call = exampleCall(task, v.id);
  const head = el(
    "div",
    { class: "verdict-head" },
    el("span", { class: `badge v-${kind}` }, el("span", { "aria-hidden": "true" }, ICON[kind]), ` ${LABEL[kind]}`),
    el("code", { class: "test-id" }, v.id),
    v.tag && v.tag !== "example" ? el("span", { class: "tag" }, v.tag) : null,
    call ? el("code", { class: "call" }, call) : null,
    v.cpu_seconds !== null ? el("span", { class: "time" }, seconds(v.cpu_seconds)) : null,
  );
  const item = el("li", { class: `verdict v-${kind}`, "data-verdict": kind, "data-test-id": v.id }, head);
  if (v.message) item.append(el("pre", { class: "message" }, v.message));
  if (v.output) {
    item.append(el("details", { class: "output" }, el("summary", {}, "Captured output"), el("pre", {}, v.output)));
  }
  return item;
}

function sandboxLine(run: SandboxRun): HTMLElement {
  const facts = [
    `${run.cpu_seconds.toFixed(2)} s CPU`,
    `${run.wall_seconds.toFixed(2)} s wall`,
    `${Math.round(run.peak_memory_mb)} MB peak`,
  ];
  if (run.status !== "ok") facts.unshift(`status ${run.status}`);
  const what = run.isolated
    ? `Ran in the ${run.backend} sandbox (isolated)`
    : `Ran with the ${run.backend} backend, which does NOT isolate the code`;
  const line = el("p", { class: run.isolated ? "sandbox sandbox-ok" : "sandbox sandbox-unsafe", "data-backend": run.backend });
  line.append(what, " · ", facts.join(" · "));
  return line;
}

function streams(run: SandboxRun): HTMLElement | null {
  const parts: HTMLElement[] = [];
  if (run.stdout.trim()) parts.push(el("details", { class: "output" }, el("summary", {}, "Program output (outside the tests)"), el("pre", {}, run.stdout)));
  if (run.stderr.trim()) parts.push(el("details", { class: "output" }, el("summary", {}, "Standard error"), el("pre", {}, run.stderr)));
  return parts.length ? el("div", { class: "streams" }, ...parts) : null;
}

function reportSection(task: TaskData, report: SuiteReport, withHeading: boolean): HTMLElement {
  const name = SUITE_NAME[report.suite] ?? report.suite;
  const ok = report.all_passed;
  const heading = el(
    "h3",
    {},
    `${name}: `,
    el("span", { class: ok ? "count count-ok" : "count count-bad", "data-passed": String(report.passed), "data-total": String(report.total) },
      `${report.passed}/${report.total} passed`),
  );
  const section = el("section", { class: "report", "data-suite": report.suite, "aria-label": name }, withHeading ? heading : null);
  section.append(sandboxLine(report.run));
  for (const warning of report.run.warnings) section.append(el("p", { class: "sandbox sandbox-unsafe", role: "alert" }, `Warning: ${warning}`));
  if (report.problem) section.append(el("pre", { class: "problem", role: "alert" }, report.problem));
  section.append(el("ol", { class: "verdicts" }, ...report.verdicts.map((v) => verdictItem(task, v))));
  const extra = streams(report.run);
  if (extra) section.append(extra);
  return section;
}

export function renderResults(host: HTMLElement, task: TaskData, response: RunResponse): void {
  const ok = response.all_passed;
  const what = response.suite === "examples" ? "example" : response.suite === "tests" ? "test" : "check";
  const summary = el(
    "p",
    { class: ok ? "summary summary-ok" : "summary summary-bad", id: "run-summary" },
    el("span", { "aria-hidden": "true" }, ok ? "✓ " : "✗ "),
    ok ? `All ${plural(response.total, what)} passed` : `${response.passed} of ${plural(response.total, what)} passed`,
  );
  host.replaceChildren(summary, ...response.reports.map((r) => reportSection(task, r, response.reports.length > 1)));
}

export function renderStatus(host: HTMLElement, text: string): void {
  host.replaceChildren(el("p", { class: "running" }, el("span", { class: "spinner", "aria-hidden": "true" }), text));
}

export function renderError(host: HTMLElement, message: string, what = "The run failed"): void {
  host.replaceChildren(el("p", { class: "notice notice-bad", role: "alert" }, `${what}: ${message}`));
}

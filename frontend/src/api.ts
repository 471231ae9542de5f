// The JSON API the task and grade pages use (see docs/web.md).

export type Suite = "examples" | "tests" | "all";
export type VerdictKind = "pass" | "fail" | "error" | "timeout";

export interface Verdict {
  id: string;
  tag: string;
  verdict: VerdictKind;
  message: string;
  output: string;
  cpu_seconds: number | null;
}

export interface SandboxRun {
  status: string;
  exit_code: number | null;
  stdout: string;
  stderr: string;
  cpu_seconds: number;
  wall_seconds: number;
  peak_memory_mb: number;
  backend: string;
  isolated: boolean;
  warnings: string[];
}

export interface SuiteReport {
  task: string;
  suite: "examples" | "tests";
  passed: number;
  total: number;
  all_passed: boolean;
  problem: string;
  verdicts: Verdict[];
  run: SandboxRun;
}

export interface RunResponse {
  task: string;
  suite: Suite;
  passed: number;
  total: number;
  all_passed: boolean;
  reports: SuiteReport[];
}

/** A failing test of the correctness grade (the test's verdict). */
export interface FailingTest {
  id: string;
  tag: string;
  verdict: VerdictKind;
  message: string;
  output: string;
}

export interface EfficiencyCase {
  id: string;
  passed: boolean;
  verdict: VerdictKind;
  candidate: number | null;
  reference: number | null;
  threshold: number | null;
  ratio: number | null;
  message: string;
}

export interface QualityFinding {
  category: string;
  rule: string;
  function: string;
  start_line: number;
  end_line: number;
  message: string;
}

export interface Placement {
  score: number;
  z: number;
  percentile: number;
  skewed: boolean;
  note: string;
}

/** `Grade.to_dict()` plus `stored` and `reused` (POST /api/tasks/{id}/grade). */
export interface GradeResponse {
  task: string;
  bank: string;
  correctness: number;
  efficiency: number | null;
  /** null when the code is not rated for quality (`quality_not_rated` says why; it counts 0 in the composite) */
  quality: number | null;
  quality_not_rated?: string | null;
  composite: number;
  human_percentile: number | null;
  correctness_detail: {
    score: number;
    passed: number;
    total: number;
    by_tag: Record<string, { passed: number; total: number }>;
    failing: FailingTest[];
  };
  efficiency_detail: {
    score: number;
    measure: string;
    unit: string;
    cases: EfficiencyCase[];
    problem: string;
  } | null;
  quality_detail: {
    score_10: number;
    score_100: number;
    parsed: boolean;
    findings: QualityFinding[];
  };
  placement: Placement | null;
  stored: boolean;
  reused: boolean;
}

/** What the server embeds in the task page (#task-data). */
export interface TaskData {
  id: string;
  title: string;
  starter: string;
  entry_point: string;
  test_count: number;
  example_count: number;
  examples: { call: string; result: string; explanation: string }[];
}

/** What the server embeds in the grade page (#grade-data). */
export interface GradeData {
  id: string;
  title: string;
  starter: string;
  entry_point: string;
  test_count: number;
  efficiency_test_count: number;
}

export class ApiError extends Error {}

function describe(status: number, body: unknown): string {
  if (body && typeof body === "object" && "detail" in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === "string") return detail;
  }
  return `the server answered ${status}`;
}

async function post<T>(path: string, payload: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      signal,
    });
  } catch (err) {
    throw new ApiError(`could not reach the server (${err instanceof Error ? err.message : String(err)})`);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(describe(response.status, body));
  return body as T;
}

export function runCode(taskId: string, code: string, suite: Suite, signal?: AbortSignal): Promise<RunResponse> {
  return post<RunResponse>(`/api/tasks/${encodeURIComponent(taskId)}/run`, { code, suite }, signal);
}

/** Grade on correctness, efficiency (time) and quality: takes seconds (the reference runs too). */
export function gradeCode(taskId: string, code: string, signal?: AbortSignal): Promise<GradeResponse> {
  return post<GradeResponse>(`/api/tasks/${encodeURIComponent(taskId)}/grade`, { code, measure: "time" }, signal);
}

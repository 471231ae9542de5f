// The participant's JSON API (/api/study/{study}/...). The participant token travels in an HttpOnly
// cookie set by the study link, so nothing here handles it.

export interface StudyTask {
  index: number;
  count: number;
  tutorial: boolean;
  /** What the tutorial's page says above the task, for the condition's assistance ("" on other tasks). */
  tutorial_note: string;
  id: string;
  title: string;
  description_html: string;
  starter: string;
  code: string;
  entry_point: string;
  started_ms: number | null;
  attempts: number;
}

/** What the server embeds in the coding page (#study-data) and answers at /state. */
export interface StudyState {
  study_id: string;
  participant_id: string;
  stage: string;
  condition: string | null;
  now_ms: number;
  autocomplete: boolean;
  /** Paired suggestions (Copilot Arena): two models' suggestions at once, the participant picks one. */
  paired?: boolean;
  chat: boolean;
  block_paste: boolean;
  suggestion_delay_ms: number;
  snapshot_ms: number;
  skip_after_ms: number;
  session_ends_ms: number | null;
  instructions_html: string;
  task: StudyTask | null;
  /** The chat so far (chat conditions, in the page only): answers with their rendered HTML. */
  chat_history?: { role: "user" | "assistant"; content: string; html?: string; response_id?: string }[];
}

export interface RunAnswer {
  output: string;
  status: string;
  /** Verdicts of the visible examples; null when Run runs the file as a script (the default). */
  passed: number | null;
  total: number | null;
}

export interface SubmitAnswer {
  passed: number;
  total: number;
  completed: boolean;
  /** why the participant's own code would not load (syntax or import error, with its line), else null */
  error: string | null;
  /** hidden tests the code did not answer within test_seconds each (an endless loop, or too slow) */
  timeouts: number;
  test_seconds: number;
  state: StudyState;
}

export interface Suggestion {
  request_id: string;
  suggestion_id: string | null;
  suggestion: string;
  latency_ms: number;
  /** Paired conditions: the pair and its two suggestions, in the order to show them. */
  pair_id?: string;
  suggestions?: { suggestion_id: string; suggestion: string; position: number }[];
}

export interface ChatAnswer {
  message_id: string;
  response_id: string;
  text: string;
  html: string;
  latency_ms: number;
}

export class StudyApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** A random UUID (v4); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class StudyApi {
  constructor(readonly studyId: string) {}

  url(path: string): string {
    return `/api/study/${encodeURIComponent(this.studyId)}/${path}`;
  }

  async call<T>(path: string, payload?: unknown, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.url(path), {
        method: payload === undefined ? "GET" : "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        credentials: "same-origin",
        signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      throw new StudyApiError(`could not reach the server (${err instanceof Error ? err.message : String(err)})`, 0);
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      const detail = body && typeof body === "object" && "detail" in body ? (body as { detail: unknown }).detail : null;
      throw new StudyApiError(typeof detail === "string" ? detail : `the server answered ${response.status}`,
        response.status);
    }
    return body as T;
  }

  state(): Promise<StudyState> {
    return this.call<StudyState>("state");
  }

  run(taskIndex: number, code: string): Promise<RunAnswer> {
    return this.call<RunAnswer>("run", { event_id: uuid(), client_ms: Date.now(), task_index: taskIndex, code });
  }

  submit(taskIndex: number, code: string): Promise<SubmitAnswer> {
    return this.call<SubmitAnswer>("submit", { event_id: uuid(), client_ms: Date.now(), task_index: taskIndex, code });
  }

  skip(taskIndex: number): Promise<StudyState> {
    return this.call<StudyState>("skip", { event_id: uuid(), client_ms: Date.now(), task_index: taskIndex });
  }

  suggest(body: { request_id: string; trigger: "auto" | "manual"; prefix: string; suffix: string; task_index: number },
    signal?: AbortSignal): Promise<Suggestion> {
    return this.call<Suggestion>("suggest", { ...body, client_ms: Date.now() }, signal);
  }

  chat(body: { message_id: string; text: string; history: { role: string; content: string }[]; task_index: number;
    code: string }, signal?: AbortSignal): Promise<ChatAnswer> {
    return this.call<ChatAnswer>("chat", { ...body, client_ms: Date.now() }, signal);
  }
}

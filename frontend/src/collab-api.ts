// The collaboration workspace's JSON endpoints (routes/collab.py). The participant's token travels in
// the path, as in their personal link (/collab/p/{token}); the server logs what it decides (turns,
// file versions, submissions), the page adds only what the browser alone sees (time on task).
import { uuid } from "./study-api";

/** What the server embeds in the workspace page (#collab-data). */
export interface CollabWorkspaceData {
  token: string;
  /** The task's index in the participant's plan. */
  index: number;
  /** The id of the last event the page shows; the live chat asks for the ones after it. */
  last_event: number;
}

/** A row of the session's event log, as GET .../events answers it. */
export interface CollabEvent {
  id: number;
  kind: string;
  t_ms: number;
  payload: Record<string, unknown>;
  /** The chat's HTML for the event (escaped by the server; empty for events the chat does not show). */
  html?: string;
}

/** The browser's own events the server accepts (routes/collab.py, BrowserEvent). */
export type BrowserEventKind = "time_on_task" | "preview" | "download";

export class CollabApi {
  constructor(readonly token: string, readonly index: number) {}

  /** A path of this task's pages and endpoints (`events`, `chat`, `files/NAME`, ...). */
  task(path: string): string {
    return `/collab/p/${encodeURIComponent(this.token)}/t/${this.index}/${path}`;
  }

  /** The session's events after `after`, or null when the server refuses (then the next poll asks again). */
  async events(after: number): Promise<CollabEvent[] | null> {
    try {
      const response = await fetch(`${this.task("events")}?after=${after}`, { headers: { Accept: "application/json" } });
      return response.ok ? ((await response.json()) as CollabEvent[]) : null;
    } catch {
      return null;
    }
  }

  /** Send the chat form's fields (message and client id) and wait for the agent's whole turn. */
  async chat(fields: URLSearchParams): Promise<void> {
    await fetch(this.task("chat"), { method: "POST", body: fields, headers: { Accept: "application/json" } });
  }

  /** A workspace file's text, or null when there is no such file yet (a deliverable not written) or the
   * server refuses. */
  async file(name: string): Promise<string | null> {
    try {
      const path = name.split("/").map(encodeURIComponent).join("/");
      const response = await fetch(this.task(`files/${path}`));
      return response.ok ? await response.text() : null;
    } catch {
      return null;
    }
  }

  /** Log a browser event; each call is a new event (its client id is made here). Best effort. */
  log(kind: BrowserEventKind, payload: Record<string, unknown>): void {
    void fetch(`/collab/api/p/${encodeURIComponent(this.token)}/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: uuid(), kind, index: this.index, payload }),
    }).catch(() => undefined);
  }
}

// Telemetry: every event is kept in localStorage until the server has acknowledged it, and sent in
// batches with retries (exponential backoff). Each event carries a UUID made here, which the server
// uses as its idempotency key: a batch sent twice (a lost answer, a server restart, two tabs) is
// stored once. Closing the tab loses nothing either: the queue is sent on the next visit.

import { uuid } from "./study-api";

export interface TelemetryEvent {
  event_id: string;
  type: string;
  task_index: number | null;
  client_ms: number;
  payload: Record<string, unknown>;
}

const BATCH = 100;
const FLUSH_DELAY_MS = 1000;
const MAX_BACKOFF_MS = 15_000;

export class Telemetry {
  private queue: TelemetryEvent[];
  private sending = false;
  private inflight: Promise<boolean> | null = null;
  private timer: number | undefined;
  private failures = 0;
  private readonly key: string;

  constructor(private readonly endpoint: string, owner: string) {
    this.key = `centaur-telemetry:${owner}`;
    this.queue = this.load();
    window.addEventListener("online", () => this.flushSoon(0));
    window.addEventListener("pagehide", () => this.beacon());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.beacon();
    });
    this.flushSoon(0);
  }

  /** Events waiting for the server's acknowledgement. */
  get pending(): number {
    return this.queue.length;
  }

  log(type: string, payload: Record<string, unknown>, taskIndex: number | null): string {
    const event: TelemetryEvent = { event_id: uuid(), type, task_index: taskIndex, client_ms: Date.now(), payload };
    this.queue.push(event);
    this.save();
    document.body.dataset.telemetryPending = String(this.queue.length);
    this.flushSoon(FLUSH_DELAY_MS);
    return event.event_id;
  }

  private load(): TelemetryEvent[] {
    try {
      const raw = localStorage.getItem(this.key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as TelemetryEvent[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      localStorage.setItem(this.key, JSON.stringify(this.queue));
    } catch {
      // storage full or disabled: the events stay in memory and are still retried
    }
  }

  private flushSoon(delay: number): void {
    if (this.timer !== undefined || this.sending) return;
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
  }

  /** Send what is queued, batch after batch, until the queue is empty or a batch fails (then retried later). */
  async flush(): Promise<void> {
    while (this.inflight) await this.inflight;
    while (this.queue.length) {
      this.inflight = this.sendBatch();
      const ok = await this.inflight;
      this.inflight = null;
      if (!ok) return;
    }
  }

  private async sendBatch(): Promise<boolean> {
    this.sending = true;
    const batch = this.queue.slice(0, BATCH);
    let ok = false;
    try {
      const response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ events: batch }),
        credentials: "same-origin",
      });
      // malformed events never become valid: drop them rather than block the rest (422)
      ok = response.ok || response.status === 422;
    } catch {
      ok = false;
    }
    this.sending = false;
    if (ok) {
      const sent = new Set(batch.map((e) => e.event_id));
      this.queue = this.queue.filter((e) => !sent.has(e.event_id));
      this.save();
      this.failures = 0;
    } else {
      this.failures += 1;
      this.flushSoon(Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(this.failures, 5)));
    }
    document.body.dataset.telemetryPending = String(this.queue.length);
    return ok;
  }

  /** Best effort on leaving the page; the events stay queued until a normal flush is acknowledged. */
  private beacon(): void {
    if (!this.queue.length || !navigator.sendBeacon) return;
    const blob = new Blob([JSON.stringify({ events: this.queue.slice(0, BATCH) })], { type: "application/json" });
    navigator.sendBeacon(this.endpoint, blob);
  }
}

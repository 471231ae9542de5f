// The collaboration study's workspace page (web/collab_pages.py renders it; its forms work without
// JavaScript). This script adds four things, each set up on its own so that more fit beside them:
// - the live agent chat: the message is sent without leaving the page (it leaves the box, which stays
//   disabled with a working indicator beside it while the agent works) and the session's events are
//   polled, so the agent's tool calls and file changes show as they happen; the page reloads when
//   the turn ends (the reloaded page shows the turn as the server renders it, with the new files);
// - Monaco in place of the text box of the deliverables' editor: choosing a file loads it (what was
//   typed in another file is kept until the page is left), Save posts the editor's text with the form;
// - the countdown of the task's time: at zero the task is over, the forms are disabled and the page
//   reloads, which finds the server has closed the task and moved the participant on (the server's
//   clock decides; the count runs on the page's own clock from the time left when it was served);
// - time on task, reported every 30 s while the page is visible.
import { CollabApi, type CollabWorkspaceData } from "./collab-api";
import { eventNodes } from "./collab-chat";
import { formatClock } from "./clock";

const POLL_MS = 400;
const REPORT_MS = 30_000;
const LOW_MS = 5 * 60_000;

export function mountCollabWorkspace(data: CollabWorkspaceData): void {
  const root = document.querySelector<HTMLElement>(".collab-workspace");
  if (!root) throw new Error("the workspace page lacks its .collab-workspace");
  const api = new CollabApi(data.token, data.index);
  const form = document.getElementById("chat-form");
  if (form instanceof HTMLFormElement) liveChat(api, form, data.last_event);
  void deliverableEditor(api).catch((err: unknown) => {
    // the text box stays: the form saves what it holds
    const reason = err instanceof Error ? err.message : String(err);
    const status = document.getElementById("edit-status");
    if (status) status.textContent = `The editor could not start (${reason}); the text box still saves.`;
  });
  const countdown = document.getElementById("countdown");
  if (countdown) countDown(countdown, root);
  reportTimeOnTask(api);
}

function liveChat(api: CollabApi, form: HTMLFormElement, lastShown: number): void {
  const log = document.getElementById("chat-log");
  const status = document.getElementById("chat-status");
  const working = document.getElementById("chat-working");
  const box = form.querySelector("textarea");
  let last = lastShown;
  let busy = false;
  const seen = new Set<number>();
  const toLatest = (): void => {
    if (log) log.scrollTop = log.scrollHeight; // the latest turn in view, on load and as the turn goes on
  };
  toLatest();
  const poll = async (): Promise<void> => {
    if (busy) return; // one request at a time, or a slow server would get the same events twice
    busy = true;
    try {
      for (const ev of (await api.events(last)) ?? []) {
        last = Math.max(last, ev.id);
        if (seen.has(ev.id)) continue;
        seen.add(ev.id);
        log?.append(...eventNodes(ev));
        toLatest();
      }
    } finally {
      busy = false;
    }
  };
  const send = async (): Promise<void> => {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
    const button = form.querySelector("button");
    if (button) button.disabled = true;
    if (box) {
      box.value = ""; // sent: the message shows in the log (its prompt event), not in the box
      box.disabled = true;
    }
    if (working) working.hidden = false;
    if (status) status.textContent = "";
    const polling = window.setInterval(() => void poll(), POLL_MS);
    try {
      await api.chat(fields);
    } catch {
      // the reloaded page shows what the server kept of the turn
    } finally {
      window.clearInterval(polling);
      window.location.reload();
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void send();
  });
}

/** Monaco in place of the editor form's text box; the form posts the editor's text of the chosen file. */
async function deliverableEditor(api: CollabApi): Promise<void> {
  const form = document.getElementById("edit-form");
  const select = document.getElementById("edit-name");
  const text = document.getElementById("edit-text");
  const host = document.getElementById("deliverable-editor");
  const status = document.getElementById("edit-status");
  if (!(form instanceof HTMLFormElement && select instanceof HTMLSelectElement && text instanceof HTMLTextAreaElement
    && host)) return;
  const { createEditor, showFile } = await import("./editor");
  const language = (name: string): string =>
    Array.from(select.options).find((o) => o.value === name)?.dataset.language || "plaintext";
  const saved = new Map<string, string>([[select.value, text.value]]); // as the server holds each file
  const typed = new Map<string, string>(); // unsaved text of the files switched away from
  let current = select.value;
  host.hidden = false;
  text.hidden = true;
  const editor = createEditor(host, text.value, { language: language(current), ariaLabel: "Content of the file",
    wrap: true });
  const mark = (): void => {
    if (status) status.textContent = editor.getValue() === saved.get(current) ? "" : "unsaved changes";
  };
  editor.onDidChangeModelContent(mark);
  select.addEventListener("change", () => {
    typed.set(current, editor.getValue());
    const name = select.value;
    current = name;
    // read-only until the chosen file is shown: what is typed meanwhile would land in the file left
    editor.updateOptions({ readOnly: true });
    delete host.dataset.file;
    void (async () => {
      if (!saved.has(name)) saved.set(name, (await api.file(name)) ?? "");
      if (current !== name) return; // another file was chosen meanwhile
      showFile(editor, typed.get(name) ?? saved.get(name) ?? "", language(name));
      editor.updateOptions({ readOnly: false });
      host.dataset.file = name;
      mark();
    })();
  });
  form.addEventListener("submit", () => {
    text.value = editor.getValue();
  });
  host.dataset.file = current;
  host.dataset.ready = "true";
}

/** Counts down from the time left the server wrote in the element (it shows it without JavaScript too). */
function countDown(countdown: HTMLElement, root: HTMLElement): void {
  const ends = performance.now() + Number(countdown.dataset.remainingMs ?? 0);
  const text = document.getElementById("countdown-text");
  let ended = false;
  const tick = (): void => {
    const left = Math.max(0, Math.ceil((ends - performance.now()) / 1000)) * 1000; // whole seconds, as shown
    if (text) text.textContent = formatClock(left);
    countdown.dataset.low = String(left < LOW_MS);
    if (left > 0 || ended) return;
    ended = true;
    countdown.textContent = "Time is up: this task is over.";
    for (const b of Array.from(root.querySelectorAll("button"))) b.disabled = true;
    window.setTimeout(() => window.location.reload(), 1000); // past the server's deadline too
  };
  tick();
  window.setInterval(tick, 1000);
}

function reportTimeOnTask(api: CollabApi): void {
  let shown = Date.now();
  const report = (): void => {
    const ms = Date.now() - shown;
    shown = Date.now();
    if (ms > 0) api.log("time_on_task", { ms });
  };
  window.setInterval(() => {
    if (document.visibilityState === "visible") report();
  }, REPORT_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") report();
    else shown = Date.now(); // hidden time is not time on task
  });
}

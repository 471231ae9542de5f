// The chat assistant's side panel: the conversation (answers rendered from Markdown by the server),
// a Copy button on every code block, thumbs up/down, Clear, and Cancel for a pending answer. The
// server logs each message with the history sent and each answer; copies (button or selection),
// feedback, clearing and cancelling are logged here.
import { el } from "./dom";
import { thumbIcon } from "./icons";
import { StudyApi, StudyApiError, uuid } from "./study-api";
import type { Telemetry } from "./telemetry";

interface Turn {
  role: "user" | "assistant";
  content: string;
}

export interface ChatOptions {
  /** The conversation so far (after a reload). */
  history: { role: "user" | "assistant"; content: string; html?: string; response_id?: string }[];
  taskIndex: () => number;
  code: () => string;
  /** Text copied inside the page, so a paste of it into the editor counts as internal. */
  copied: (text: string) => void;
}

export interface ChatPanel {
  clear: (log: boolean) => void;
}

export function mountChat(host: HTMLElement, api: StudyApi, telemetry: Telemetry, options: ChatOptions): ChatPanel {
  let history: Turn[] = [];
  let pending: { controller: AbortController; messageId: string } | null = null;

  const log = el("div", { class: "chat-log", id: "chat-log", role: "log", "aria-live": "polite" });
  const input = el("textarea", { id: "chat-input", rows: "3", placeholder: "Ask the assistant… (Enter sends, Shift+Enter: new line)",
    "aria-label": "Message to the assistant" });
  const send = el("button", { type: "button", class: "btn btn-primary", id: "chat-send" }, "Send");
  const cancel = el("button", { type: "button", class: "btn btn-quiet", id: "chat-cancel", hidden: "" }, "Cancel");
  const clear = el("button", { type: "button", class: "btn btn-quiet", id: "chat-clear" }, "Clear");
  host.replaceChildren(
    el("h2", { class: "chat-title" }, "AI assistant"), log,
    el("div", { class: "chat-input" }, input, el("div", { class: "chat-actions" }, send, cancel, clear)),
  );

  const setPending = (on: boolean): void => {
    send.disabled = on;
    cancel.hidden = !on;
    host.setAttribute("aria-busy", String(on));
  };

  const copyButtons = (body: HTMLElement, responseId: string): void => {
    for (const pre of Array.from(body.querySelectorAll("pre"))) {
      const button = el("button", { type: "button", class: "btn btn-small copy-code" }, "Copy");
      button.addEventListener("click", () => {
        const text = pre.querySelector("code")?.textContent ?? pre.textContent ?? "";
        options.copied(text);
        void navigator.clipboard?.writeText(text).catch(() => undefined);
        telemetry.log("chat_copy", { response_id: responseId, text, via: "button" }, options.taskIndex());
        button.textContent = "Copied";
        window.setTimeout(() => (button.textContent = "Copy"), 1500);
      });
      pre.before(el("div", { class: "code-tools" }, button));
    }
  };

  const answerItem = (responseId: string, html: string): HTMLElement => {
    const body = el("div", { class: "markdown chat-answer" });
    body.innerHTML = html; // rendered by the server from Markdown with raw HTML disabled
    copyButtons(body, responseId);
    body.addEventListener("copy", () => {
      const text = window.getSelection()?.toString() ?? "";
      if (!text) return;
      options.copied(text);
      telemetry.log("chat_copy", { response_id: responseId, text, via: "selection" }, options.taskIndex());
    });
    const thumbs = el("div", { class: "chat-feedback" });
    for (const [value, direction, name] of [[1, "up", "Helpful"], [-1, "down", "Not helpful"]] as const) {
      const b = el("button", { type: "button", class: "btn btn-small btn-icon", "aria-label": name, title: name,
        "aria-pressed": "false", "data-feedback": String(value) }, thumbIcon(direction));
      b.addEventListener("click", () => {
        for (const other of Array.from(thumbs.querySelectorAll("button"))) other.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-pressed", "true");
        telemetry.log("chat_feedback", { response_id: responseId, value }, options.taskIndex());
      });
      thumbs.append(b);
    }
    return el("div", { class: "chat-turn assistant", "data-response-id": responseId }, body, thumbs);
  };

  const ask = async (): Promise<void> => {
    const text = input.value.trim();
    if (!text || pending) return;
    const messageId = uuid();
    const controller = new AbortController();
    pending = { controller, messageId };
    setPending(true);
    input.value = "";
    log.append(el("div", { class: "chat-turn user" }, el("p", {}, text)));
    const waiting = el("div", { class: "chat-turn waiting" }, el("span", { class: "spinner" }), " Thinking…");
    log.append(waiting);
    log.scrollTop = log.scrollHeight;
    try {
      const answer = await api.chat({ message_id: messageId, text, history, task_index: options.taskIndex(),
        code: options.code() }, controller.signal);
      history = [...history, { role: "user", content: text }, { role: "assistant", content: answer.text }];
      waiting.replaceWith(answerItem(answer.response_id, answer.html));
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") {
        waiting.replaceWith(el("div", { class: "chat-turn note" }, "Cancelled."));
      } else {
        const message = err instanceof StudyApiError || err instanceof Error ? err.message : String(err);
        waiting.replaceWith(el("div", { class: "chat-turn note", role: "alert" }, `No answer: ${message}`));
      }
    } finally {
      pending = null;
      setPending(false);
      log.scrollTop = log.scrollHeight;
    }
  };

  for (const turn of options.history) {
    if (turn.role === "user") log.append(el("div", { class: "chat-turn user" }, el("p", {}, turn.content)));
    else log.append(answerItem(turn.response_id ?? "", turn.html ?? ""));
    history.push({ role: turn.role, content: turn.content });
  }
  log.scrollTop = log.scrollHeight;

  send.addEventListener("click", () => void ask());
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      void ask();
    }
  });
  cancel.addEventListener("click", () => {
    if (!pending) return;
    telemetry.log("chat_cancel", { message_id: pending.messageId }, options.taskIndex());
    pending.controller.abort();
  });
  const doClear = (logIt: boolean): void => {
    pending?.controller.abort();
    history = [];
    log.replaceChildren();
    if (logIt) telemetry.log("chat_clear", {}, options.taskIndex());
  };
  clear.addEventListener("click", () => doClear(true));
  return { clear: doClear };
}

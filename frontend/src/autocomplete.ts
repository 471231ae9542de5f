// Inline autocomplete: ghost text through Monaco's inline completions. A suggestion is requested
// after a pause in typing (the study's delay) or on Ctrl/Cmd+Enter; the server asks the condition's
// model (fill-in-the-middle) and logs the request and the suggestion it served. Here we log what only
// the browser sees: the editor displayed the ghost text (suggestion_shown, once per suggestion: the
// denominator of the acceptance rate); Tab accepts (suggestion_accepted); Esc, typing on, moving the
// cursor or leaving the editor rejects (suggestion_rejected with the reason). A suggestion dropped
// before it was ever displayed is rejected with reason "not_shown".
import * as monaco from "monaco-editor/editor/editor.api";
import "monaco-editor/features/inlineCompletions/register";

import { VIEW_ZONE_CLICK, type Editor } from "./editor";
import { StudyApi, StudyApiError, uuid } from "./study-api";
import type { Telemetry } from "./telemetry";

type Reason = "esc" | "typing" | "cursor" | "blur" | "not_shown";

interface Offer {
  suggestionId: string;
  text: string;
  position: monaco.Position;
  version: number;
  taskIndex: number;
  decided: boolean;
  shown: boolean;
}

export interface AutocompleteOptions {
  delayMs: number;
  taskIndex: () => number;
  spinner: HTMLElement | null;
  onError: (message: string) => void;
}

export interface Autocomplete {
  /** Forget the current suggestion (the task changed). */
  reset: () => void;
  request: (trigger: "auto" | "manual") => void;
}

export function setupAutocomplete(editor: Editor, api: StudyApi, telemetry: Telemetry,
  options: AutocompleteOptions): Autocomplete {
  let offer: Offer | null = null;
  let timer: number | undefined;
  let inflight: AbortController | null = null;
  let applying = false; // our own acceptance edit is not "typing on"

  editor.updateOptions({ inlineSuggest: { enabled: true } });
  const spinner = (on: boolean): void => {
    if (options.spinner) options.spinner.hidden = !on;
    document.body.dataset.suggestionPending = String(on);
  };

  const decide = (accepted: boolean, reason?: Reason): void => {
    if (!offer || offer.decided) return;
    offer.decided = true;
    document.body.dataset.suggestionVisible = "false";
    if (!accepted && !offer.shown) reason = "not_shown";
    if (accepted) telemetry.log("suggestion_accepted", { suggestion_id: offer.suggestionId }, offer.taskIndex);
    else telemetry.log("suggestion_rejected", { suggestion_id: offer.suggestionId, reason }, offer.taskIndex);
  };

  monaco.languages.registerInlineCompletionsProvider("python", {
    provideInlineCompletions(model, position) {
      const current = offer;
      if (!current || current.decided || model !== editor.getModel()) return { items: [] };
      if (!position.equals(current.position) || model.getAlternativeVersionId() !== current.version) {
        return { items: [] };
      }
      const range = new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column);
      return { items: [{ insertText: current.text, range }] };
    },
    handleItemDidShow() {
      if (!offer || offer.decided) return;
      document.body.dataset.suggestionVisible = "true";
      if (!offer.shown) {
        offer.shown = true;
        telemetry.log("suggestion_shown", { suggestion_id: offer.suggestionId }, offer.taskIndex);
      }
    },
    disposeInlineCompletions() {},
  });

  const request = (trigger: "auto" | "manual"): void => {
    window.clearTimeout(timer);
    inflight?.abort();
    decide(false, "typing");
    const model = editor.getModel();
    const position = editor.getPosition();
    if (!model || !position) return;
    const full = model.getFullModelRange();
    const prefix = model.getValueInRange(new monaco.Range(1, 1, position.lineNumber, position.column));
    const suffix = model.getValueInRange(
      new monaco.Range(position.lineNumber, position.column, full.endLineNumber, full.endColumn));
    const version = model.getAlternativeVersionId();
    const taskIndex = options.taskIndex();
    const controller = new AbortController();
    inflight = controller;
    spinner(true);
    api.suggest({ request_id: uuid(), trigger, prefix, suffix, task_index: taskIndex }, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted || !answer.suggestion_id || !answer.suggestion) return;
        offer = { suggestionId: answer.suggestion_id, text: answer.suggestion, position, version, taskIndex,
          decided: false, shown: false };
        const now = editor.getPosition();
        if (model.getAlternativeVersionId() !== version || !now || !now.equals(position)) {
          decide(false, "typing"); // the participant moved on while the model was thinking
          return;
        }
        editor.trigger("study", "editor.action.inlineSuggest.trigger", {});
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === "AbortError") return;
        options.onError(err instanceof StudyApiError || err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        if (inflight === controller) {
          inflight = null;
          spinner(false);
        }
      });
  };

  editor.onDidChangeModelContent((event) => {
    if (applying) return;
    const current = offer;
    if (current && !current.decided) {
      const change = event.changes.length === 1 ? event.changes[0] : null;
      const atOffer = change !== null && change.range.startLineNumber === current.position.lineNumber
        && change.range.startColumn === current.position.column;
      if (atOffer && change.text === current.text) decide(true);
      else decide(false, "typing");
    }
    window.clearTimeout(timer);
    if (event.isFlush) return; // setValue: a new task or Reset, not typing
    timer = window.setTimeout(() => request("auto"), options.delayMs);
  });
  editor.onKeyDown((e) => {
    if (e.keyCode === monaco.KeyCode.Escape && offer && !offer.decided) decide(false, "esc");
  });
  editor.onDidChangeCursorPosition((e) => {
    const moved = e.reason === monaco.editor.CursorChangeReason.Explicit || e.source === VIEW_ZONE_CLICK;
    if (moved && offer && !offer.decided
      && !e.position.equals(offer.position)) decide(false, "cursor");
  });
  editor.onDidBlurEditorText(() => {
    window.clearTimeout(timer);
    if (offer && !offer.decided && document.body.dataset.suggestionVisible === "true") decide(false, "blur");
  });
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => request("manual"));

  return {
    reset: () => {
      window.clearTimeout(timer);
      inflight?.abort();
      applying = true;
      decide(false, "cursor");
      applying = false;
      offer = null;
    },
    request,
  };
}

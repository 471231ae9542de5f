// Paired suggestions (Copilot Arena): each request gets two suggestions from two models of the study's
// pool, shown together, one above the other, under the cursor's line and as wide as the editor, in an
// order the server drew at random. The participant picks one with the arrow keys (or Alt+1 / Alt+2) and
// accepts it with Tab, or dismisses both with Esc or by typing on. The models stay hidden. We log what only the browser sees: both displayed
// (suggestion_shown), the one accepted (suggestion_accepted) and the other rejected as "other_chosen",
// or both rejected with the reason.
import * as monaco from "monaco-editor/editor/editor.api";

import type { AutocompleteOptions, Autocomplete } from "./autocomplete";
import type { Editor } from "./editor";
import { StudyApi, StudyApiError, uuid } from "./study-api";
import type { Telemetry } from "./telemetry";

interface Choice { suggestionId: string; text: string }

interface Pair {
  pairId: string;
  choices: Choice[];
  position: monaco.Position;
  version: number;
  taskIndex: number;
  selected: number;
  shown: boolean;
  decided: boolean;
}

export function setupPaired(editor: Editor, api: StudyApi, telemetry: Telemetry,
  options: AutocompleteOptions): Autocomplete {
  let pair: Pair | null = null;
  let timer: number | undefined;
  let inflight: AbortController | null = null;
  let applying = false;
  const visible = editor.createContextKey<boolean>("pairedSuggestionsVisible", false);

  const node = document.createElement("div");
  node.className = "paired-suggestions";
  node.setAttribute("role", "listbox");
  node.setAttribute("aria-label", "Two suggestions: arrows choose, Tab accepts, Esc dismisses");
  // Anchored at the start of the cursor's line and as wide as the text area: two suggestions of several
  // lines read like the code they would become, not squeezed into the room right of the cursor.
  const widget: monaco.editor.IContentWidget = {
    getId: () => "centaur.paired-suggestions",
    getDomNode: () => node,
    getPosition: () => pair && !pair.decided
      ? { position: { lineNumber: pair.position.lineNumber, column: 1 },
        preference: [monaco.editor.ContentWidgetPositionPreference.BELOW,
          monaco.editor.ContentWidgetPositionPreference.ABOVE] }
      : null,
  };
  const fitWidth = (): void => {
    node.style.width = `${Math.max(240, editor.getLayoutInfo().contentWidth)}px`;
  };
  fitWidth();
  editor.addContentWidget(widget);
  editor.onDidLayoutChange(() => {
    fitWidth();
    editor.layoutContentWidget(widget);
  });

  const spinner = (on: boolean): void => {
    if (options.spinner) options.spinner.hidden = !on;
    document.body.dataset.suggestionPending = String(on);
  };

  const render = (): void => {
    node.replaceChildren();
    if (!pair || pair.decided) {
      node.hidden = true;
      visible.set(false);
      document.body.dataset.pairedVisible = "false";
      document.body.dataset.suggestionVisible = "false";
      editor.layoutContentWidget(widget);
      return;
    }
    pair.choices.forEach((choice, i) => {
      const option = document.createElement("div");
      option.className = "paired-option";
      option.setAttribute("role", "option");
      option.dataset.position = String(i);
      option.setAttribute("aria-selected", String(i === pair!.selected));
      const label = document.createElement("span");
      label.className = "paired-label";
      label.textContent = `${i + 1}`;
      const code = document.createElement("pre");
      code.textContent = choice.text || "(no suggestion)";
      option.append(label, code);
      option.addEventListener("mousedown", (e) => { e.preventDefault(); select(i); });
      node.append(option);
    });
    node.hidden = false;
    visible.set(true);
    document.body.dataset.pairedVisible = "true";
    document.body.dataset.suggestionVisible = "true";
    document.body.dataset.pairedSelected = String(pair.selected);
    editor.layoutContentWidget(widget);
    if (!pair.shown) {
      pair.shown = true;
      for (const choice of pair.choices) {
        telemetry.log("suggestion_shown", { suggestion_id: choice.suggestionId, pair_id: pair.pairId }, pair.taskIndex);
      }
    }
  };

  const select = (i: number): void => {
    if (!pair || pair.decided) return;
    pair.selected = Math.max(0, Math.min(pair.choices.length - 1, i));
    render();
  };

  const dismiss = (reason: string): void => {
    const current = pair;
    if (!current || current.decided) return;
    current.decided = true;
    for (const choice of current.choices) {
      telemetry.log("suggestion_rejected", { suggestion_id: choice.suggestionId, pair_id: current.pairId,
        reason: current.shown ? reason : "not_shown" }, current.taskIndex);
    }
    render();
  };

  const accept = (): void => {
    const current = pair;
    if (!current || current.decided) return;
    const chosen = current.choices[current.selected];
    current.decided = true;
    telemetry.log("suggestion_accepted", { suggestion_id: chosen.suggestionId, pair_id: current.pairId },
      current.taskIndex);
    current.choices.forEach((choice, i) => {
      if (i !== current.selected) {
        telemetry.log("suggestion_rejected", { suggestion_id: choice.suggestionId, pair_id: current.pairId,
          reason: "other_chosen" }, current.taskIndex);
      }
    });
    render();
    if (chosen.text) {
      applying = true;
      const at = current.position;
      editor.executeEdits("paired-suggestion", [{ range: new monaco.Range(at.lineNumber, at.column, at.lineNumber,
        at.column), text: chosen.text, forceMoveMarkers: true }]);
      applying = false;
      editor.focus();
    }
  };

  editor.addCommand(monaco.KeyCode.Tab, accept, "pairedSuggestionsVisible");
  editor.addCommand(monaco.KeyCode.Escape, () => dismiss("esc"), "pairedSuggestionsVisible");
  editor.addCommand(monaco.KeyCode.DownArrow, () => select((pair?.selected ?? 0) + 1), "pairedSuggestionsVisible");
  editor.addCommand(monaco.KeyCode.UpArrow, () => select((pair?.selected ?? 0) - 1), "pairedSuggestionsVisible");
  editor.addCommand(monaco.KeyMod.Alt | monaco.KeyCode.Digit1, () => select(0), "pairedSuggestionsVisible");
  editor.addCommand(monaco.KeyMod.Alt | monaco.KeyCode.Digit2, () => select(1), "pairedSuggestionsVisible");

  const request = (trigger: "auto" | "manual"): void => {
    window.clearTimeout(timer);
    inflight?.abort();
    dismiss("typing");
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
        if (controller.signal.aborted || !answer.pair_id || !answer.suggestions) return;
        const choices = [...answer.suggestions].sort((a, b) => a.position - b.position)
          .map((s) => ({ suggestionId: s.suggestion_id, text: s.suggestion }));
        if (!choices.some((c) => c.text)) return;
        pair = { pairId: answer.pair_id, choices, position, version, taskIndex, selected: 0, shown: false,
          decided: false };
        const now = editor.getPosition();
        if (model.getAlternativeVersionId() !== version || !now || !now.equals(position)) {
          dismiss("typing"); // the participant moved on while the models were thinking: never shown
          return;
        }
        render();
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
    dismiss("typing");
    window.clearTimeout(timer);
    if (event.isFlush) return;
    timer = window.setTimeout(() => request("auto"), options.delayMs);
  });
  editor.onDidChangeCursorPosition((e) => {
    if (applying) return;
    if (e.reason === monaco.editor.CursorChangeReason.Explicit && pair && !pair.decided
      && !e.position.equals(pair.position)) dismiss("cursor");
  });
  editor.onDidBlurEditorText(() => {
    window.clearTimeout(timer);
    if (pair && !pair.decided && pair.shown) dismiss("blur");
  });
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => request("manual"));

  return {
    reset: () => {
      window.clearTimeout(timer);
      inflight?.abort();
      dismiss("cursor");
      pair = null;
      render();
    },
    request,
  };
}

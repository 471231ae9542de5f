// The task page: Monaco with the starter code (or the code last typed here), Run examples,
// Run tests, Grade (a link to the grade page), Reset code, and the verdicts.
import { ApiError, runCode, type Suite, type TaskData } from "./api";
import { button } from "./dom";
import { createEditor, onCtrlEnter } from "./editor";
import { saveCode, savedCode } from "./saved-code";
import { renderError, renderResults, renderStatus } from "./verdicts";

const saved = (task: TaskData): string | null => savedCode(task.id);
const save = (task: TaskData, code: string): void => saveCode(task.id, task.starter, code);

export function mountTaskPage(task: TaskData): void {
  const host = document.getElementById("editor");
  const results = document.getElementById("results");
  const status = document.getElementById("run-status");
  if (!host || !results) throw new Error("the task page lacks #editor or #results");
  const announce = (text: string): void => {
    if (status) status.textContent = text;
  };
  const runExamples = button("run-examples");
  const runTests = button("run-tests");
  const reset = button("reset-code");

  const editor = createEditor(host, saved(task) ?? task.starter);
  let saveTimer: number | undefined;
  editor.onDidChangeModelContent(() => {
    window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(() => save(task, editor.getValue()), 400);
  });

  let running = false;
  const setBusy = (busy: boolean): void => {
    running = busy;
    for (const b of [runExamples, runTests, reset]) b.disabled = busy;
    results.setAttribute("aria-busy", String(busy));
  };

  const run = async (suite: Suite): Promise<void> => {
    if (running) return;
    setBusy(true);
    const what = suite === "examples" ? "the examples" : "the tests";
    renderStatus(results, `Running ${what} in the sandbox…`);
    announce(`Running ${what}…`);
    try {
      const code = editor.getValue();
      save(task, code);
      renderResults(results, task, await runCode(task.id, code, suite));
      announce(document.getElementById("run-summary")?.textContent?.replace(/^[✓✗]\s*/, "") ?? "Done");
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
      renderError(results, message);
      announce(`The run failed: ${message}`);
    } finally {
      setBusy(false);
    }
  };

  // the grade page opens on the code saved here: save it now, not after the debounce
  document.getElementById("grade-link")?.addEventListener("click", () => save(task, editor.getValue()));
  runExamples.addEventListener("click", () => void run("examples"));
  runTests.addEventListener("click", () => void run("tests"));
  onCtrlEnter(editor, () => void run("tests"));
  reset.addEventListener("click", () => {
    if (editor.getValue() !== task.starter && !window.confirm("Replace your code with the starter code?")) return;
    editor.setValue(task.starter);
    save(task, task.starter);
    editor.focus();
  });
  setBusy(false);
  document.body.dataset.editorReady = "true";
}

// The grade page: Monaco with the code being written for the task (shared with the task page),
// Upload .py file, Grade, and the grade report.
import { ApiError, gradeCode, type GradeData } from "./api";
import { button } from "./dom";
import { createEditor, onCtrlEnter, type Editor } from "./editor";
import { renderGrade } from "./grade-report";
import { saveCode, savedCode } from "./saved-code";
import { renderError, renderStatus } from "./verdicts";

const MAX_CODE_CHARS = 200_000; // the API's limit

/** Replace the editor's text as one edit, so that Ctrl+Z brings the previous code back. */
function replaceAll(editor: Editor, text: string): void {
  const model = editor.getModel();
  if (!model) return;
  editor.pushUndoStop();
  editor.executeEdits("upload", [{ range: model.getFullModelRange(), text }]);
  editor.pushUndoStop();
  editor.setPosition({ lineNumber: 1, column: 1 });
  editor.revealLine(1);
}

function setupUpload(editor: Editor, say: (text: string, bad?: boolean) => void): HTMLInputElement {
  const input = document.getElementById("upload");
  if (!(input instanceof HTMLInputElement)) throw new Error("the grade page lacks #upload");
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = ""; // choosing the same file again loads it again
    if (!file) return;
    file.text().then(
      (text) => {
        if (text.length > MAX_CODE_CHARS) {
          say(`${file.name} is too long to grade (${text.length.toLocaleString()} characters; at most ${MAX_CODE_CHARS.toLocaleString()})`, true);
          return;
        }
        replaceAll(editor, text);
        say(`Loaded ${file.name} (Ctrl+Z undoes it)`);
        editor.focus();
      },
      (err: unknown) => say(`Could not read ${file.name}: ${err instanceof Error ? err.message : String(err)}`, true),
    );
  });
  return input;
}

export function mountGradePage(task: GradeData): void {
  const host = document.getElementById("editor");
  const report = document.getElementById("report");
  const status = document.getElementById("run-status");
  const fileName = document.getElementById("upload-name");
  if (!host || !report) throw new Error("the grade page lacks #editor or #report");
  const announce = (text: string): void => {
    if (status) status.textContent = text;
  };
  const say = (text: string, bad = false): void => {
    if (!fileName) return;
    fileName.textContent = text;
    fileName.classList.toggle("file-name-bad", bad);
  };
  const grade = button("grade");

  const editor = createEditor(host, savedCode(task.id) ?? task.starter);
  let saveTimer: number | undefined;
  editor.onDidChangeModelContent(() => {
    window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(() => saveCode(task.id, task.starter, editor.getValue()), 400);
  });
  const upload = setupUpload(editor, say);

  let running = false;
  const setBusy = (busy: boolean): void => {
    running = busy;
    grade.disabled = busy;
    upload.disabled = busy;
    report.setAttribute("aria-busy", String(busy));
  };

  const run = async (): Promise<void> => {
    if (running) return;
    setBusy(true);
    const what = task.efficiency_test_count ? "runs the tests, then the reference and your code on the efficiency tests" : "runs the tests";
    renderStatus(report, `Grading… (${what}; takes a few seconds)`);
    announce("Grading…");
    const started = performance.now();
    try {
      const code = editor.getValue();
      saveCode(task.id, task.starter, code);
      const result = await gradeCode(task.id, code);
      renderGrade(report, result, (performance.now() - started) / 1000);
      announce(document.getElementById("grade-summary")?.textContent ?? "Graded");
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
      renderError(report, message, "Grading failed");
      announce(`Grading failed: ${message}`);
    } finally {
      setBusy(false);
    }
  };

  grade.addEventListener("click", () => void run());
  onCtrlEnter(editor, () => void run());
  setBusy(false);
  document.body.dataset.editorReady = "true";
}

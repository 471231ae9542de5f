// The participant's coding page: the task, Monaco with their code, Run (the visible examples, output
// in the console), Submit (the hidden tests; on a pass the next task loads), Skip (after the study's
// time on a task), Reset, the countdown and progress, the instructions; and, by condition, inline
// autocomplete or the chat panel. The server keeps where the participant is, so a reload resumes;
// the code typed since the last snapshot is kept in localStorage as well. Each task starts with an empty
// console (the verdict on the previous task is said once, in the bar above); when the session's time is up a
// dialog says so before the exit survey.
import { setupAutocomplete, type Autocomplete } from "./autocomplete";
import { setupPaired } from "./paired";
import { mountChat } from "./chat-panel";
import { formatClock } from "./clock";
import { button } from "./dom";
import { createEditor } from "./editor";
import { StudyApi, StudyApiError, type StudyState, type StudyTask } from "./study-api";
import { Telemetry } from "./telemetry";

const codeKey = (s: StudyState, index: number): string => `centaur-study-code:${s.participant_id}:${index}`;

function localCode(s: StudyState, task: StudyTask): string | null {
  try {
    return localStorage.getItem(codeKey(s, task.index));
  } catch {
    return null;
  }
}

function keepLocal(s: StudyState, index: number, code: string): void {
  try {
    localStorage.setItem(codeKey(s, index), code);
  } catch {
    // storage full or disabled: the server's snapshots still hold the code
  }
}

// Monaco cancels its own pending inline-completion requests when a newer one starts; the promise it
// drops rejects with a "Canceled" error that nothing needs to handle.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof Error && reason.name === "Canceled") event.preventDefault();
});

export function mountStudyPage(initial: StudyState): void {
  let state = initial;
  const api = new StudyApi(state.study_id);
  const telemetry = new Telemetry(api.url("events"), `${state.study_id}:${state.participant_id}`);
  const offset = state.now_ms - Date.now(); // server clock minus ours
  const host = document.getElementById("editor");
  const consoleBox = document.getElementById("console");
  const status = document.getElementById("run-status");
  if (!host || !consoleBox) throw new Error("the coding page lacks #editor or #console");
  const run = button("run");
  const submit = button("submit");
  const skip = button("skip");
  const reset = button("reset-code");
  const announce = (text: string): void => {
    if (status) status.textContent = text;
  };
  const show = (text: string, kind: string): void => {
    consoleBox.textContent = text;
    consoleBox.dataset.status = kind;
  };
  const taskNotice = document.getElementById("task-notice");
  const notice = (text: string, kind = ""): void => {
    if (!taskNotice) return;
    taskNotice.textContent = text;
    taskNotice.dataset.status = kind;
  };
  const taskIndex = (): number => state.task?.index ?? 0;
  const goToStage = (): void => {
    // send what is queued before leaving (the next page has no telemetry of its own); at most 3 s
    const leave = (): void => window.location.assign(`/s/${encodeURIComponent(state.study_id)}/go`);
    void Promise.race([telemetry.flush(), new Promise((r) => window.setTimeout(r, 3000))]).finally(leave);
  };
  const timeIsUp = (s: StudyState): boolean => s.session_ends_ms !== null && Date.now() + offset >= s.session_ends_ms;
  /** Leave for the next stage; when the clock ended the session, after a dialog that says so. */
  const leaveCoding = (next: StudyState): void => {
    const dialog = document.getElementById("time-up-dialog");
    if (!timeIsUp(next) || !(dialog instanceof HTMLDialogElement)) {
      goToStage();
      return;
    }
    for (const b of [run, submit, skip, reset]) b.disabled = true;
    document.getElementById("time-up-continue")?.addEventListener("click", goToStage, { once: true });
    dialog.addEventListener("cancel", (event) => event.preventDefault()); // Esc does not return to the task
    if (!dialog.open) dialog.showModal();
  };

  const first = state.task;
  if (!first) {
    goToStage();
    return;
  }
  const editor = createEditor(host, localCode(state, first) ?? first.code);
  let lastSnapshot = editor.getValue();
  const internalCopies = new Set<string>();
  const copied = (text: string): void => {
    internalCopies.add(text.trim());
  };

  const showTask = (task: StudyTask, code: string): void => {
    document.getElementById("task-title")!.textContent = task.tutorial ? `Tutorial: ${task.title}` : task.title;
    document.getElementById("task-description")!.innerHTML = task.description_html; // server-rendered, no raw HTML
    document.getElementById("progress")!.textContent = task.tutorial ? "Tutorial" : `Task ${task.index} / ${task.count}`;
    const note = document.getElementById("tutorial-note");
    if (note) {
      note.textContent = task.tutorial_note;
      note.hidden = !task.tutorial_note;
    }
    document.body.dataset.taskIndex = String(task.index);
    document.body.dataset.taskId = task.id;
    show("", "");  // a task starts with an empty console: no verdict of the task before stays under this one
    if (editor.getValue() !== code) editor.setValue(code);
    lastSnapshot = editor.getValue();
    skip.hidden = true;
  };
  showTask(first, editor.getValue());

  let autocomplete: Autocomplete | null = null;
  const onAssistantError = (message: string): void => show(`The assistant is unavailable: ${message}`, "error");
  if (state.autocomplete) {
    const setup = state.paired ? setupPaired : setupAutocomplete;
    autocomplete = setup(editor, api, telemetry, { delayMs: state.suggestion_delay_ms, taskIndex,
      spinner: document.getElementById("suggest-spinner"), onError: onAssistantError });
  }
  const chatHost = document.getElementById("chat-panel");
  if (state.chat && chatHost) {
    mountChat(chatHost, api, telemetry, { history: state.chat_history ?? [], taskIndex,
      code: () => editor.getValue(), copied });
  }

  // --- code: local copy on every change, snapshots to the server every few seconds when changed
  let localTimer: number | undefined;
  editor.onDidChangeModelContent(() => {
    window.clearTimeout(localTimer);
    const index = taskIndex();
    localTimer = window.setTimeout(() => keepLocal(state, index, editor.getValue()), 300);
  });
  const snapshot = (): void => {
    const code = editor.getValue();
    if (code === lastSnapshot || !state.task) return;
    lastSnapshot = code;
    telemetry.log("code_snapshot", { code }, taskIndex());
  };
  window.setInterval(snapshot, state.snapshot_ms);
  window.addEventListener("pagehide", snapshot);

  // --- copy and paste: pastes are logged; from outside the page they can be refused (no-AI condition)
  document.addEventListener("copy", () => {
    const text = window.getSelection()?.toString();
    if (text) copied(text);
  });
  editor.onDidPaste?.((e) => {
    const text = editor.getModel()?.getValueInRange(e.range) ?? "";
    telemetry.log("paste", { text, external: !internalCopies.has(text.trim()) }, taskIndex());
  });
  host.addEventListener("paste", (e) => {
    const text = e.clipboardData?.getData("text/plain") ?? "";
    const selected = editor.getModel()?.getValueInRange(editor.getSelection()!) ?? "";
    if (!state.block_paste || internalCopies.has(text.trim()) || text === selected) return;
    e.preventDefault();
    e.stopPropagation();
    telemetry.log("paste", { text, external: true, blocked: true }, taskIndex());
    show("Pasting from outside this page is turned off in this study.", "error");
  }, true);
  host.addEventListener("copy", () => copied(editor.getModel()?.getValueInRange(editor.getSelection()!) ?? ""), true);

  // --- clocks: countdown of the session, Skip after the study's time on a task
  const countdown = document.getElementById("countdown")!;
  let endingSession = false; // asking the server whether the session has ended, once at a time
  const tick = (): void => {
    const now = Date.now() + offset;
    if (state.session_ends_ms === null) {
      countdown.textContent = "The clock starts after the tutorial";
    } else {
      const left = state.session_ends_ms - now;
      countdown.textContent = `${formatClock(left)} left`;
      countdown.dataset.low = String(left < 5 * 60_000);
      if (left <= 0 && !endingSession) {
        endingSession = true;
        snapshot();
        editor.updateOptions({ readOnly: true });
        void telemetry.flush().finally(() => api.state()
          .then((s) => (s.stage !== "coding" ? leaveCoding(s) : editor.updateOptions({ readOnly: false })))
          .finally(() => (endingSession = false)));
      }
    }
    const started = state.task?.started_ms;
    if (started !== null && started !== undefined && skip.hidden && now - started >= state.skip_after_ms) skip.hidden = false;
  };
  window.setInterval(tick, 1000);
  tick();

  // --- actions
  let busy = false;
  const setBusy = (on: boolean): void => {
    busy = on;
    for (const b of [run, submit, skip, reset]) b.disabled = on;
    consoleBox.setAttribute("aria-busy", String(on));
  };
  const failed = (err: unknown): void => {
    const message = err instanceof StudyApiError || err instanceof Error ? err.message : String(err);
    show(message, "error");
    announce(message);
    if (err instanceof StudyApiError && err.status === 409) void api.state().then(apply);
  };
  const apply = (next: StudyState): void => {
    const changed = next.task?.index !== state.task?.index;
    state = next;
    if (next.stage !== "coding" || !next.task) {
      leaveCoding(next);
      return;
    }
    if (changed) {
      autocomplete?.reset();
      showTask(next.task, localCode(next, next.task) ?? next.task.code);
    }
  };

  run.addEventListener("click", async () => {
    if (busy) return;
    setBusy(true);
    notice("");
    show("Running your code…", "running");
    try {
      const answer = await api.run(taskIndex(), editor.getValue());
      show(answer.output, answer.status);
      announce(answer.total === null ? `Run finished: ${answer.status}`
        : `${answer.passed} of ${answer.total} examples passed`);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  });
  submit.addEventListener("click", async () => {
    if (busy) return;
    setBusy(true);
    notice("");
    show("Checking your solution against the hidden tests…", "running");
    try {
      const answer = await api.submit(taskIndex(), editor.getValue());
      if (answer.completed) {
        notice(`✓ All ${answer.total} tests passed. The next task is loaded.`, "pass");
        announce("Solved; the next task is loaded");
      } else if (answer.error) {
        show(`✗ Your code could not be loaded, so no hidden test could run:\n${answer.error}`, "error");
        announce(`Your code could not be loaded: ${answer.error}`);
      } else if (answer.timeouts > 0) {
        show(`✗ ${answer.passed} of ${answer.total} hidden tests passed; ${answer.timeouts} ran out of time ` +
          `(${answer.test_seconds} s each): look for an endless loop, or a way that is fast on large inputs.`, "fail");
        announce(`${answer.passed} of ${answer.total} tests passed, ${answer.timeouts} ran out of time`);
      } else {
        show(`✗ ${answer.passed} of ${answer.total} hidden tests passed. Keep going!`, "fail");
        announce(`${answer.passed} of ${answer.total} tests passed`);
      }
      apply(answer.state);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  });
  skip.addEventListener("click", async () => {
    if (busy || !window.confirm("Skip this task? You cannot come back to it.")) return;
    setBusy(true);
    try {
      snapshot();
      apply(await api.skip(taskIndex()));
      notice("Task skipped. The next task is loaded.");
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  });
  reset.addEventListener("click", () => {
    const task = state.task;
    if (!task || (editor.getValue() !== task.starter && !window.confirm("Replace your code with the starter code?"))) {
      return;
    }
    autocomplete?.reset();
    editor.setValue(task.starter);
    telemetry.log("reset", { code: task.starter }, task.index);
    lastSnapshot = task.starter;
    keepLocal(state, task.index, task.starter);
    editor.focus();
  });
  const dialog = document.getElementById("instructions-dialog");
  document.getElementById("show-instructions")?.addEventListener("click", () => {
    if (dialog instanceof HTMLDialogElement) dialog.showModal();
  });

  setBusy(false);
  document.body.dataset.editorReady = "true";
}

// Every page: style and the theme switch. The task and grade pages also load the editor (separate
// chunks, so the bank pages stay light).
import "./style.css";
import type { GradeData, TaskData } from "./api";
import type { StudyState } from "./study-api";
import { setupThemeToggle } from "./theme";

setupThemeToggle();

function pageData<T>(id: string): T | null {
  const node = document.getElementById(id);
  return node?.textContent ? (JSON.parse(node.textContent) as T) : null;
}

function editorFailed(hostId: string, err: unknown): void {
  const host = document.getElementById(hostId);
  if (!host) return;
  const p = document.createElement("p");
  p.className = "notice notice-bad";
  p.setAttribute("role", "alert");
  p.textContent = `The editor could not start: ${err instanceof Error ? err.message : String(err)}`;
  host.replaceChildren(p);
}

const task = pageData<TaskData>("task-data");
if (task) {
  import("./task-page")
    .then(({ mountTaskPage }) => mountTaskPage(task))
    .catch((err: unknown) => editorFailed("results", err));
}

const grade = pageData<GradeData>("grade-data");
if (grade) {
  import("./grade-page")
    .then(({ mountGradePage }) => mountGradePage(grade))
    .catch((err: unknown) => editorFailed("report", err));
}

const study = pageData<StudyState>("study-data");
if (study) {
  import("./study-page")
    .then(({ mountStudyPage }) => mountStudyPage(study))
    .catch((err: unknown) => editorFailed("console", err));
}

// The thank-you page sends the participant back to the recruitment platform after a few seconds.
const completion = document.getElementById("completion-link");
if (completion instanceof HTMLAnchorElement && completion.dataset.redirectSeconds) {
  window.setTimeout(() => window.location.assign(completion.href), Number(completion.dataset.redirectSeconds) * 1000);
}

// Dashboard pages marked live reload themselves, so progress stays current on a screen left open.
const live = document.querySelector<HTMLElement>("[data-live-seconds]");
if (live) window.setTimeout(() => window.location.reload(), Number(live.dataset.liveSeconds) * 1000);

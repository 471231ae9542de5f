// Every page: style and the theme switch. The task, grade and study pages also load the editor, the
// collaboration workspace its live chat, editor and countdown (separate chunks, so the bank pages stay light).
import "./style.css";
import "./study.css"; // the participant's survey pages have no script of their own
import "./collab.css";
import type { GradeData, TaskData } from "./api";
import type { CollabWorkspaceData } from "./collab-api";
import { el } from "./dom";
import type { StudyState } from "./study-api";
import { setupThemeToggle } from "./theme";

setupThemeToggle();

function pageData<T>(id: string): T | null {
  const node = document.getElementById(id);
  return node?.textContent ? (JSON.parse(node.textContent) as T) : null;
}

/** The alert a page shows when its script could not start. */
function failure(what: string, err: unknown, then = ""): HTMLParagraphElement {
  const reason = err instanceof Error ? err.message : String(err);
  return el("p", { class: "notice notice-bad", role: "alert" }, `${what} could not start: ${reason}${then}`);
}

function editorFailed(hostId: string, err: unknown): void {
  document.getElementById(hostId)?.replaceChildren(failure("The editor", err));
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

// The collaboration workspace: its forms work without the script, so a failure to start it is said above them.
const collab = pageData<CollabWorkspaceData>("collab-data");
if (collab) {
  import("./collab-workspace")
    .then(({ mountCollabWorkspace }) => mountCollabWorkspace(collab))
    .catch((err: unknown) => {
      const then = " (the forms still work; a reload shows the agent's work)";
      document.querySelector(".collab-workspace")?.before(failure("The live chat, the editor and the countdown", err,
        then));
    });
}

// The thank-you page sends the participant back to the recruitment platform after a few seconds.
const completion = document.getElementById("completion-link");
if (completion instanceof HTMLAnchorElement && completion.dataset.redirectSeconds) {
  window.setTimeout(() => window.location.assign(completion.href), Number(completion.dataset.redirectSeconds) * 1000);
}

// Dashboard pages marked live reload themselves, so progress stays current on a screen left open.
const live = document.querySelector<HTMLElement>("[data-live-seconds]");
if (live) window.setTimeout(() => window.location.reload(), Number(live.dataset.liveSeconds) * 1000);

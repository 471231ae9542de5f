// Every page: style and the theme switch. The task and grade pages also load the editor (separate
// chunks, so the bank pages stay light).
import "./style.css";
import type { GradeData, TaskData } from "./api";
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

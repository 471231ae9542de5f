// The code typed for a task, kept in the browser's local storage until the starter is put back.
// The task page and the grade page share it: Grade opens on the code being written.

const key = (taskId: string): string => `centaur-code:${taskId}`;

export function savedCode(taskId: string): string | null {
  try {
    return localStorage.getItem(key(taskId));
  } catch {
    return null;
  }
}

export function saveCode(taskId: string, starter: string, code: string): void {
  try {
    if (code === starter) localStorage.removeItem(key(taskId));
    else localStorage.setItem(key(taskId), code);
  } catch {
    // storage disabled or full: the code stays in the editor
  }
}

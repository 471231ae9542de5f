// Light/dark theme: saved in localStorage, applied before paint by public/theme-init.js.

export type Theme = "light" | "dark";

const KEY = "centaur-theme";
export const THEME_EVENT = "centaur:theme";

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  document.dispatchEvent(new CustomEvent<Theme>(THEME_EVENT, { detail: theme }));
}

export function setupThemeToggle(): void {
  const button = document.getElementById("theme-toggle");
  if (!(button instanceof HTMLButtonElement)) return;
  const label = (): void => {
    const next = currentTheme() === "dark" ? "light" : "dark";
    button.textContent = next === "dark" ? "☾ Dark" : "☀ Light";
    button.setAttribute("aria-label", `Switch to the ${next} theme`);
    button.title = `Switch to the ${next} theme`;
  };
  button.addEventListener("click", () => {
    setTheme(currentTheme() === "dark" ? "light" : "dark");
    label();
  });
  label();
  button.hidden = false;
}

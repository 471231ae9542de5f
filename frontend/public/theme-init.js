// Loaded before the page paints: apply the saved (or the system's) light/dark theme.
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem("centaur-theme");
  } catch (e) {
    /* storage may be disabled */
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.setAttribute("data-theme", theme);
})();

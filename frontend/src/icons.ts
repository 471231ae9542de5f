// Small inline SVG icons, drawn with paths: emoji need an emoji font, which many Linux browsers
// (Debian's chromium without fonts-noto-color-emoji) do not have, and then show an empty box.

const SVG_NS = "http://www.w3.org/2000/svg";

// A thumb raised from a cuff on the left, in a 24 x 24 box; the "down" icon is the same turned over.
const THUMB = [
  "M7 10.5V21H3.5V10.5Z",
  "M7 10.5 10.6 3c1.6 0 2.9 1.3 2.9 2.9V9h5.4c1.3 0 2.2 1.2 2 2.4l-1.5 7.8c-.2 1-1 1.8-2 1.8H7",
];

function svg(paths: readonly string[], transform?: string): SVGSVGElement {
  const root = document.createElementNS(SVG_NS, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 24 24", width: "16", height: "16", fill: "none", stroke: "currentColor",
    "stroke-width": "2", "stroke-linejoin": "round", "stroke-linecap": "round", "aria-hidden": "true",
    focusable: "false", class: "icon",
  })) root.setAttribute(name, value);
  const group = document.createElementNS(SVG_NS, "g");
  if (transform) group.setAttribute("transform", transform);
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    group.append(path);
  }
  root.append(group);
  return root;
}

export function thumbIcon(direction: "up" | "down"): SVGSVGElement {
  return svg(THUMB, direction === "down" ? "rotate(180 12 12)" : undefined);
}

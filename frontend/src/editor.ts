// Monaco, bundled locally: the editor core, a few everyday contributions, Python highlighting (the
// coding pages), Markdown highlighting (the collaboration workspace's text deliverables) and the editor
// worker. No other languages and no language services, to keep the bundle lean.
import * as monaco from "monaco-editor/editor/editor.api";
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/indentation/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
import "monaco-editor/languages/definitions/markdown/register";
import "monaco-editor/languages/definitions/python/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

import { THEME_EVENT, currentTheme, type Theme } from "./theme";

self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

const monacoTheme = (theme: Theme): string => (theme === "dark" ? "vs-dark" : "vs");

export type Editor = monaco.editor.IStandaloneCodeEditor;

/** What differs between the editors of the pages: the code pages' Python, the workspace's deliverables. */
export interface EditorOptions {
  /** A registered language ("python", "markdown"), or "plaintext". */
  language?: string;
  ariaLabel?: string;
  /** Wrap long lines (prose); code scrolls sideways. */
  wrap?: boolean;
}

export function createEditor(host: HTMLElement, value: string, options: EditorOptions = {}): Editor {
  host.replaceChildren();
  const editor = monaco.editor.create(host, {
    value,
    language: options.language ?? "python",
    theme: monacoTheme(currentTheme()),
    ariaLabel: options.ariaLabel ?? "Solution code (Python)",
    wordWrap: options.wrap ? "on" : "off",
    automaticLayout: true,
    fontSize: 14,
    lineHeight: 21,
    tabSize: 4,
    insertSpaces: true,
    detectIndentation: false,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    padding: { top: 10, bottom: 10 },
    renderLineHighlight: "line",
    quickSuggestions: false,
    wordBasedSuggestions: "off",
    fixedOverflowWidgets: true,
    stickyScroll: { enabled: false },
  });
  document.addEventListener(THEME_EVENT, (event) => {
    monaco.editor.setTheme(monacoTheme((event as CustomEvent<Theme>).detail));
  });
  keepFocusOnViewZones(editor);
  return editor;
}

/** The `source` of a cursor move made by a click on a view zone (see below). */
export const VIEW_ZONE_CLICK = "mouse";

/**
 * A click on a view zone (the lines between the lines: a multi-line inline suggestion's grey text after
 * its first line) would otherwise take the focus out of the editor, since Monaco leaves such a mouse
 * down to the browser: the suggestion was dropped for `blur` and the next keystrokes went nowhere. Here
 * the click places the cursor at the end of the line the zone follows (where a suggestion starts, so
 * it stays shown and Tab still accepts it) and the focus stays in the editor.
 */
function keepFocusOnViewZones(editor: Editor): void {
  editor.onMouseDown((e) => {
    if (e.target.type !== monaco.editor.MouseTargetType.CONTENT_VIEW_ZONE || !e.event.leftButton) return;
    e.event.preventDefault();
    const position = e.target.detail.positionBefore ?? e.target.position;
    if (position && !position.equals(editor.getPosition() ?? position)) editor.setPosition(position, VIEW_ZONE_CLICK);
    editor.focus();
  });
}

/** Show `value` in `language` (a new model, so that undo does not reach back into another file). */
export function showFile(editor: Editor, value: string, language: string): void {
  const old = editor.getModel();
  editor.setModel(monaco.editor.createModel(value, language));
  old?.dispose();
}

/** Ctrl+Enter (Cmd+Enter on a Mac) inside the editor. */
export function onCtrlEnter(editor: Editor, action: () => void): void {
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, action);
}

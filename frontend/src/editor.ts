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
  return editor;
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

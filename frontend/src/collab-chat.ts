// The live chat's lines for the session's events. The server renders each event's HTML
// (web/collab_chat.py: the agent's words, one line per tool call folding out to its arguments,
// "view diff" and "undo", a proposed overwrite with Accept / Decline) and sends it with the event, so
// the live chat shows exactly what the reloaded page shows; the text is escaped there.
import type { CollabEvent } from "./collab-api";

/** The nodes the chat shows for an event (none for events it does not show). */
export function eventNodes(ev: CollabEvent): Node[] {
  if (!ev.html) return [];
  const template = document.createElement("template");
  template.innerHTML = ev.html;
  return Array.from(template.content.childNodes);
}

// What the CLI prints is never able to drive the terminal (issue 33, security review
// M3): a record's text (a `played` value, an unknown scheme's name, a field name, a
// file name) can hold escape sequences that clear the screen, recolour it, set the
// window title, write the clipboard (OSC 52) or reorder a line (bidi overrides). Every
// such character is shown as a visible escape instead, in the human text and in JSON.

// C0 but the line break, DEL, C1; zero-width and direction marks, embeddings and
// overrides; line and paragraph separators; the byte-order mark.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_TERMINAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\ufeff]/g;
// The direction isolates too, except in a right-to-left language, whose sentences use
// them around left-to-right text (www/render/words.js ltrText); an isolate cannot
// reorder anything outside the text it isolates.
const ISOLATES = /[\u2066-\u2069]/g;

const hex4 = (c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/** `text` for a terminal: every unsafe character as ⟨U+XXXX⟩. */
export function terminalText(text, rtl = false) {
  const s = String(text).replace(UNSAFE_TERMINAL, (c) => `⟨U+${hex4(c)}⟩`);
  return rtl ? s : s.replace(ISOLATES, (c) => `⟨U+${hex4(c)}⟩`);
}

// JSON.stringify escapes C0 already; these it leaves as they are.
const UNSAFE_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** JSON text (already serialised) with every character a terminal could act on
 *  written as \uXXXX: the same JSON value. */
export const jsonEscape = (text) => String(text).replace(UNSAFE_JSON, (c) => `\\u${hex4(c).toLowerCase()}`);

/** `value` as JSON text, escaped as jsonEscape does. */
export const jsonText = (value, indent) => jsonEscape(JSON.stringify(value, null, indent));

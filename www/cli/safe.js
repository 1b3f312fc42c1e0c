// What the CLI prints is never able to drive the terminal (issue 33, security review
// M3): a record's text (a `played` value, an unknown scheme's name, a field name, a
// file name) can hold escape sequences that clear the screen, recolour it, set the
// window title, write the clipboard (OSC 52) or reorder a line (bidi overrides). Every
// such character is shown as a visible escape instead, in the human text and in JSON.
// Nor can it add a line (issue 43, turn-5 review finding 4): a line break inside a
// record's text would let a record print "✓ Verified…" on a line of its own. Every
// line the human output prints is one line of the renderer's (`oneLine`), its line
// breaks shown as ⟨U+000A⟩ like the rest.

// Every control (Cc: C0, DEL, C1 — but the line break, which `oneLine` handles) and
// format character (Cf: zero-width and direction marks, embeddings and overrides, the
// soft hyphen, the byte-order mark, tags…), the line and paragraph separators, and a
// lone surrogate.
const UNSAFE_TERMINAL = /(?![\n\u2066-\u2069])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
// The direction isolates too, except in a right-to-left language, whose sentences use
// them around left-to-right text (www/render/words.js ltrText); an isolate cannot
// reorder anything outside the text it isolates.
const ISOLATES = /[\u2066-\u2069]/g;
// What ends a line in a terminal or an editor: every one of them inside a line is
// shown (the ones besides \n are UNSAFE_TERMINAL's already).
const BREAKS = /[\n\v\f\r\u0085\u2028\u2029]/g;

const hex = (c) => c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0');
const shown = (c) => `⟨U+${hex(c)}⟩`;

/** `text` for a terminal: every unsafe character as ⟨U+XXXX⟩; its line breaks kept
 *  (text made of the renderer's lines: see `oneLine`). */
export function terminalText(text, rtl = false) {
  const s = String(text).replace(UNSAFE_TERMINAL, shown);
  return rtl ? s.replace(ISOLATED, bare) : s.replace(ISOLATES, shown);
}

// A token isolated left to right (www/render/words.js ltrText) that reads in order
// without its marks: letters and digits of left-to-right scripts only (a seed, a
// hash, a letter), or such a token that starts with a letter and has `-_.` inside.
// In a terminal its marks would be copied with it (a double click takes them as
// part of the word) and the copy would bring the same slip back (turn-8 reading ar
// 1); the bidi algorithm keeps such a token in order on its own, and what surrounds
// it (a quote, a space, a colon) is never part of a word a double click selects.
// A card code ("K♠": its suit is neutral) keeps its marks.
const ISOLATED = /\u2066([^\u2066-\u2069]*)\u2069/g;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const READS_IN_ORDER = /^(?:[\p{L}\p{N}]+|\p{L}[\p{L}\p{N}._-]*[\p{L}\p{N}])$/u;
const bare = (/** @type {string} */ whole, /** @type {string} */ inner) => (READS_IN_ORDER.test(inner) && !RTL_LETTER.test(inner) ? inner : whole);

/** One line of output: any line break inside it (from a record's text, a file name)
 *  shown as ⟨U+000A⟩, so it prints as the one line it is. */
export const oneLine = (line) => String(line).replace(BREAKS, shown);

/** `lines` (the renderer's, each one line) for a terminal. */
export const terminalLines = (lines, rtl = false) => lines.map((l) => terminalText(oneLine(l), rtl)).join('\n');

// JSON.stringify escapes C0 and lone surrogates already; these it leaves as they are.
const UNSAFE_JSON = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A code point as JSON's \uXXXX escape (two, a surrogate pair, above U+FFFF). */
const jsonUnit = (c) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** JSON text (already serialised) with every character a terminal could act on
 *  written as \uXXXX: the same JSON value. */
export const jsonEscape = (text) => String(text).replace(UNSAFE_JSON, jsonUnit);

/** `value` as JSON text, escaped as jsonEscape does. */
export const jsonText = (value, indent) => jsonEscape(JSON.stringify(value, null, indent));

// An evidence file's "run it" script is never believed (issue 43, turn-5 security
// review finding 6): the record in the file is verified again, and so is its script.
// The script the file shows is compared with the one this verifier writes for that
// record (the core's recipe, its comments in any of the catalogs' languages); a file
// whose script differs, sits elsewhere than where this verifier puts it, or holds
// markup is said to carry a script that is not this verifier's: do not run it.
// The page (www/page/input.js) and the CLI (www/cli/cli.js) ask the same question.
//
// Where the script is: the one element whose id is `recipe` (and the one whose id is
// `recipe-command`), found as a browser finds ids: in every start tag, its attributes
// read by the tokenizer's rules (quoted or not, in any order, in any letter case), the
// value's character references decoded (`r&#101;cipe`, `&#x72;ecipe`, `&#114ecipe`).
// Text is never searched: a record's strings that name the id (a seed, a match id)
// are text in the file the page writes (`<` and `>` written `&lt;` `&gt;`), so they
// cannot make the genuine script look doubled (turn-8 attack A3). A start tag that a
// browser would not see (inside a comment) still counts: one more means "do not run".
// What no check can catch: a script shown in an element with no such id (the file is
// the operator's to write); the warning speaks of the file's "run it" script only.

const RECIPE = '<pre dir="ltr" id="recipe">';
const COMMAND = '<pre dir="ltr" id="recipe-command">';
const NAMES = new Set(['recipe', 'recipe-command']);
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };

/** The text of the one `open` element of `html` up to its </pre>, unescaped as the
 *  evidence writer escaped it (outerHTML); null when it holds markup or any other
 *  character reference. */
function preText(html, open) {
  const at = html.indexOf(open);
  if (at < 0 || html.indexOf(open, at + 1) >= 0) return null;
  const start = at + open.length;
  const end = html.indexOf('</pre>', start);
  if (end < 0) return null;
  const raw = html.slice(start, end);
  if (raw.includes('<') || /&(?!(?:amp|lt|gt|quot|nbsp);)/.test(raw)) return null;
  return raw.replace(/&(amp|lt|gt|quot|nbsp);/g, (_, n) => ENTITIES[n]);
}

/** An attribute value with its numeric character references decoded (with or
 *  without `;`, as a browser decodes them). Named references give no ASCII letter or
 *  hyphen, so an id that still holds one is not `recipe`. */
const decodeRefs = (v) => v.replace(/&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));?/g, (_, hex, dec) => {
  const n = hex !== undefined ? parseInt(hex, 16) : parseInt(dec, 10);
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
});

/** How many start tags of `html` give an element the id `recipe` or `recipe-command`
 *  (any letter case), their attributes read as the HTML tokenizer reads them. */
function namedCount(html) {
  const space = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
  let count = 0;
  let i = 0;
  while ((i = html.indexOf('<', i)) >= 0) {
    i += 1;
    if (!/[A-Za-z]/.test(html[i] || '')) continue;
    // The tag's name, then its attributes, up to the `>` outside a quoted value.
    while (i < html.length && !space(html[i]) && html[i] !== '/' && html[i] !== '>') i += 1;
    while (i < html.length && html[i] !== '>') {
      if (space(html[i]) || html[i] === '/') { i += 1; continue; }
      const start = i;
      i += 1; // a name may start with `=`
      while (i < html.length && !space(html[i]) && !'/>='.includes(html[i])) i += 1;
      const name = html.slice(start, i).toLowerCase();
      while (i < html.length && space(html[i])) i += 1;
      let value = null;
      if (html[i] === '=') {
        i += 1;
        while (i < html.length && space(html[i])) i += 1;
        const q = html[i];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, i + 1);
          value = html.slice(i + 1, end < 0 ? html.length : end);
          i = end < 0 ? html.length : end + 1;
        } else {
          const from = i;
          while (i < html.length && !space(html[i]) && html[i] !== '>') i += 1;
          value = html.slice(from, i);
        }
      }
      if (name === 'id' && value !== null && NAMES.has(decodeRefs(value).toLowerCase())) count += 1;
    }
  }
  return count;
}

/** The script an evidence file's text carries for running: null when it is no
 *  evidence file or carries none; {odd: true} when it is not as this verifier writes
 *  it (two, markup inside, a command without a script); else {command, text}. */
export function evidenceScript(html) {
  if (typeof html !== 'string' || !html.includes('id="fairverify-record"')) return null;
  const named = namedCount(html);
  if (named === 0) return null;
  const command = preText(html, COMMAND);
  const text = preText(html, RECIPE);
  if (named !== 2 || command === null || text === null) return { odd: true };
  return { command, text };
}

/** Whether `found` (evidenceScript's) is not a script `recipes` (the core's
 *  {file, command, text} for the file's record, one per language; failed ones null)
 *  holds: true when the file's script must not be run. */
export function scriptDiffers(found, recipes) {
  if (!found) return false;
  if (found.odd) return true;
  return !recipes.some((r) => r && r.text === found.text && `${r.file}: ${r.command}` === found.command);
}

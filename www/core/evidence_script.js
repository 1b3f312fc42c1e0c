// An evidence file's "run it" script is never believed (issue 43, turn-5 security
// review finding 6): the record in the file is verified again, and so is its script.
// The script the file shows is compared with the one this verifier writes for that
// record (the core's recipe, its comments in any of the catalogs' languages); a file
// whose script differs, sits elsewhere than where this verifier puts it, or holds
// markup is said to carry a script that is not this verifier's: do not run it.
// The page (www/page/input.js) and the CLI (www/cli/cli.js) ask the same question.

const RECIPE = '<pre dir="ltr" id="recipe">';
const COMMAND = '<pre dir="ltr" id="recipe-command">';
// Any element named recipe or recipe-command, however its attribute is spelled.
const NAMED = /\bid\s*=\s*(["']?)recipe(?:-command)?\1(?=[\s/>])/gi;
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

/** The script an evidence file's text carries for running: null when it is no
 *  evidence file or carries none; {odd: true} when it is not as this verifier writes
 *  it (two, markup inside, a command without a script); else {command, text}. */
export function evidenceScript(html) {
  if (typeof html !== 'string' || !html.includes('id="fairverify-record"')) return null;
  const named = (html.match(NAMED) || []).length;
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

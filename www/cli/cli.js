// The command-line interface of verifier.js (Node): `node verifier.js --help`.
// `api` is the FairVerifier object (version, wasmSha256, wasmBytes, selfTest).
// Records are read as bytes and parsed only by the core (./core.js).
import { parseArgs } from './args.js';
import * as core from './core.js';
import { readRecord } from './read.js';
import { runJsonl } from './jsonl.js';
import { helpText } from './help.js';
import { renderHuman } from './human.js';
import { useLanguage } from './i18n.js';
import { terminalLines, jsonText } from './safe.js';
import { direction } from '../i18n/i18n.js';
import { runHistory } from './history.js';
import { runRecipe } from './recipe.js';
import { evidenceScript, scriptDiffers } from '../core/evidence_script.js';
import { recipeWords } from '../i18n/recipe.js';
import { CATALOGS } from '../i18n/catalogs.js';
import { t } from '../i18n/i18n.js';

const out = (s) => process.stdout.write(s + '\n');

// SPEC's exit status for input that could not be checked (a bad command line, an
// internal error); a verdict's status comes from the core (`summary().exit`).
const INVALID = 2;

// A closed output pipe (`| head -1`) ends the run quietly: no stack trace, no more work.
function quietOnClosedPipe() {
  process.stdout.on('error', (/** @type {NodeJS.ErrnoException} */ e) => {
    if (e && (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED')) process.exit(process.exitCode || 0);
    process.stderr.write(`fairverify: cannot write the output: ${e && e.message}\n`);
    process.exit(INVALID);
  });
}

/** An evidence file whose "run it" script is not the one this verifier writes for its
 *  record (in any catalog's language): true when it must not be run. */
function foreignScript(api, bytes) {
  let found;
  try {
    found = evidenceScript(new TextDecoder('utf-8').decode(bytes));
  } catch (e) {
    return false;
  }
  if (!found) return false;
  // A file whose record the core refuses (not evidence as this verifier writes it) is
  // refused whole, and its refusal says what to do: nothing is said of its script, as
  // on the page (www/page/input.js), and nothing in it is vouched for.
  let text = null;
  try { text = api.decodeFile(bytes); } catch (e) { return false; }
  const recipes = Object.keys(CATALOGS).map((lang) => {
    try { return api.recipe(text, recipeWords(lang)); } catch (e) { return null; }
  });
  return scriptDiffers(found, recipes);
}

async function checkFiles(files, format, api) {
  const several = files.length > 1;
  const human = format === 'human';
  const all = core.batch();
  for (const file of files) {
    const read = await readRecord(file, core);
    if (read.error) all.unreadable();
    const res = read.error ? { error: read.error } : all.verify(read.bytes);
    // An evidence file's script is checked as its record is (issue 43): said plainly
    // under the verdict, or on standard error beside JSON.
    const foreign = !read.error && foreignScript(api, read.bytes);
    let text;
    if (human) {
      const lines = renderHuman(res, several ? file : null);
      if (foreign) lines.splice(several ? 2 : 1, 0, `⚠ ${t('evidence.scriptDiffers')}`);
      text = terminalLines(lines, direction() === 'rtl');
    } else {
      if (foreign) process.stderr.write(`fairverify: ${terminalLines([file])}: ${t('evidence.scriptDiffers')}\n`);
      const result = res.error ? { error: res.error } : res.report;
      text = several ? jsonText({ file, result }) : jsonText(result, 2);
    }
    if (!process.stdout.write(text + '\n')) await new Promise((r) => process.stdout.once('drain', r));
  }
  // One file: its verdict; several: the batch's, by the same rule as --jsonl and the page.
  return all.summary().exit;
}

export async function cli(argv, api) {
  quietOnClosedPipe();
  try {
    await run(argv, api);
  } catch (e) {
    // Never expected (the core answers every input with a report or an error): no
    // stack trace, and no exit status that could be read as a verdict.
    process.stderr.write(`fairverify: internal error (${terminalLines([`${e && e.code ? e.code + ': ' : ''}${e && e.message}`])}); nothing was verified\n`);
    process.exitCode = INVALID;
  }
}

async function run(argv, api) {
  const a = parseArgs(argv);
  if (a.error) {
    process.stderr.write(`fairverify: ${terminalLines([a.error])}\n`);
    process.exitCode = INVALID;
    return;
  }
  if (a.mode === 'help' || a.mode === 'usage') {
    useLanguage(a.lang);
    out(helpText(api.version, core.maxRecordBytes()));
    process.exitCode = a.mode === 'usage' ? INVALID : 0;
    return;
  }
  if (a.mode === 'version') {
    out(`fairverify ${api.version}\nwasm sha256 ${api.wasmSha256} (${api.wasmBytes} bytes)`);
    return;
  }
  if (a.mode === 'selfTest') {
    const r = api.selfTest ? api.selfTest() : { passed: 0, failed: 1, failures: ['no self-test built in'] };
    for (const f of r.failures) out('FAIL ' + f);
    out(`self-test: ${r.passed} passed, ${r.failed} failed`);
    out(r.failed === 0 ? 'self-test passed' : 'SELF-TEST FAILED: do not trust results from this verifier');
    process.exitCode = r.failed === 0 ? 0 : 1;
    return;
  }
  if (a.mode === 'jsonl') {
    const { summary } = await runJsonl(core);
    process.exitCode = summary.exit;
    return;
  }
  if (a.recipe) {
    process.exitCode = await runRecipe(api, a.files[0], a.format || 'human', useLanguage(a.lang));
    return;
  }
  const format = a.format || (process.stdout.isTTY ? 'human' : 'json');
  if (format === 'human') useLanguage(a.lang);
  process.exitCode = a.history ? await runHistory(api, a.files[0], format) : await checkFiles(a.files, format, api);
}

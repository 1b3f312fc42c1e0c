// Assembles the self-contained bundles in pkg/ from wasm-bindgen's output:
//   node tools/bundle.mjs GLUE.js MODULE.wasm OUT_DIR
// pkg/verifier.js: the wasm inlined as base64, instantiated synchronously, plus the
// CLI; pkg/verifier.html: the page with the verifier, JS and CSS inlined;
// pkg/widget.js: the <fair-verify> element with the verifier inside.
// Output depends only on the inputs (no dates, no paths): builds are reproducible.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const [glueFile, wasmFile, outDir] = process.argv.slice(2);
const read = (p) => fs.readFileSync(path.resolve(root, p), 'utf8');

const cargo = read('Cargo.toml');
const version = /^version\s*=\s*"([^"]+)"/m.exec(cargo)[1];
const glue = fs.readFileSync(glueFile, 'utf8');
const wasm = fs.readFileSync(wasmFile);

// Self-test: one golden case per scheme (and per match_seed_v2 game), straight from
// the reference implementations' vectors.
function goldenCases() {
  const dir = path.join(root, 'tests/vectors');
  const picked = [];
  const seen = new Set();
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line);
      const key = (c.record.scheme || f) + '/' + (c.record.game || '') + '/' + (c.expect.error === true);
      if (seen.has(key)) continue;
      if (c.record.maxSteps === undefined && c.record.terminal !== undefined) continue;
      seen.add(key);
      picked.push(c);
    }
  }
  return picked;
}

const selfTest = `
  const GOLDEN = ${JSON.stringify(goldenCases())};
  function deepEqual(a, b) {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  /** Runs the embedded golden cases; {passed, failed, failures}. */
  api.selfTest = function selfTest() {
    let passed = 0;
    const failures = [];
    for (const c of GOLDEN) {
      let ok;
      try {
        const r = verify(c.record);
        ok = c.expect.error !== true && Object.keys(c.expect).every((k) => deepEqual(r[k], c.expect[k]));
      } catch (e) {
        ok = c.expect.error === true && e.name === 'VerifyError' && e.code !== 'internal';
      }
      if (ok) passed++; else failures.push(c.name);
    }
    return { passed, failed: failures.length, failures };
  };`;

const sha = read('www/sha256.js');
// The CLI (www/cli/cli.js, an ES module) bundled by esbuild into a local `fvCli`.
const cliJs = (await esbuild.build({
  entryPoints: ['www/cli/cli.js'], absWorkingDir: root, bundle: true, write: false,
  format: 'iife', globalName: 'fvCli', platform: 'node', charset: 'utf8', legalComments: 'inline',
})).outputFiles[0].text;
function shell({ gzipped, withSelfTest }) {
  const payload = gzipped ? zlib.gzipSync(wasm, { level: 9 }) : wasm;
  return read('www/verifier-shell.js')
    .replace("'@@VERSION@@'", JSON.stringify(version))
    .replace('@@WASM_GZIPPED@@', gzipped ? 'yes' : 'no')
    .replace('@@WASM_BASE64@@', () => payload.toString('base64'))
    .replace('/*@@SHA256@@*/', () => sha)
    .replace('/*@@GLUE@@*/', () => glue)
    .replace('/*@@SELFTEST@@*/', () => (withSelfTest ? selfTest : ''))
    .replace('/*@@CLI@@*/', () => cliJs);
}
const verifierJs = shell({ gzipped: false, withSelfTest: true });

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'verifier.js'), verifierJs);
// The widget carries its own copy of the verifier, gzipped and without the golden
// cases: one small file for a host page to include.
fs.writeFileSync(path.join(outDir, 'widget.js'), shell({ gzipped: true, withSelfTest: false }) + '\n' + read('www/widget.js'));

// The page and the widget are assembled only once their sources exist.
const pageSrc = path.join(root, 'www/index.html');
if (fs.existsSync(pageSrc)) {
  const { buildPage } = await import('./page.mjs');
  buildPage({ root, outDir, verifierJs });
}

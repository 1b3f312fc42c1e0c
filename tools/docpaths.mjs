// Every repository path a document or comment names must exist (issue 45): a doc
// that names a moved or deleted file misleads the next reader. `namedPaths` finds
// paths under the repository's folders in a text; `missingPaths` checks them
// against the files git knows (tracked or not ignored). A name may hold a glob
// (`*`) or a placeholder (`<game>`, `{lang}`, `${x}`, `…`): then at least one file
// must match. A `:line` or `:from-to` suffix is dropped. Built output (`pkg/`,
// `target/`, `tests/artifacts/`) is not checked: it exists only after a build or a
// test run. Documents are read whole; source files only in their comments.
//   node tools/docpaths.mjs      prints the missing ones, exit 1 if any
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOTS = ['src', 'www', 'tests', 'tools', 'docs', '.ci', 'fuzz', 'benches', 'examples'];

const ROOT_ALT = ROOTS.map((r) => r.replace('.', '\\.')).join('|');
// A path: a root folder, a slash, then path characters (placeholders included).
const PATH = new RegExp(`(?<![\\w./-])(?:\\.\\./)?(?:${ROOT_ALT})/(?:[\\w.*…<>{}$/-]|\\.\\.\\.)*`, 'g');

/** The repository paths `text` names (each once, in order), without `:line`
 *  suffixes or trailing punctuation. */
export function namedPaths(text) {
  const out = [];
  for (const m of text.matchAll(PATH)) {
    let p = m[0];
    if (p.startsWith('../')) continue; // beside the checkout (../shared), not in it
    p = p.replace(/[.…]+$/u, (x) => (x === '...' || x === '…' ? x : '')).replace(/[.,;)]+$/u, '');
    if (!p.includes('/') || p.endsWith('/.')) continue;
    if (!out.includes(p)) out.push(p);
  }
  return out;
}

/** A named path as a RegExp over repository-relative file names. */
export function pattern(p) {
  const dir = p.endsWith('/');
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    const rest = p.slice(i);
    if (rest.startsWith('${')) { i = p.indexOf('}', i); if (i < 0) i = p.length; re += '[^/]*'; }
    else if (c === '<') { i = p.indexOf('>', i); if (i < 0) i = p.length; re += '[^/]*'; }
    else if (c === '{') { i = p.indexOf('}', i); if (i < 0) i = p.length; re += '[^/]*'; }
    else if (rest.startsWith('...')) { i += 2; re += '.*'; }
    else if (c === '…') re += '.*';
    else if (rest.startsWith('**')) { i += 1; re += '.*'; }
    else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  // A folder (with or without its slash) is named by any file under it.
  return new RegExp(`^${re.replace(/\/$/, '')}${dir ? '/' : '(?:/|$)'}`);
}

/** The named paths no file of `files` (repository-relative) matches. */
export function missingPaths(named, files) {
  return named.filter((p) => !/^(?:pkg|target|tests\/artifacts)(?:\/|$)/.test(p)).filter((p) => {
    const re = pattern(p);
    return !files.some((f) => re.test(f));
  });
}

/** The files git knows under `root` (tracked, or new and not ignored). */
export function repoFiles(root) {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString().split('\0').filter(Boolean).filter((f) => fs.existsSync(path.join(root, f)));
}

/** The documents: README.md and docs/**.md. */
export function documents(files) {
  return files.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
}

/** The source files whose comments are checked: the page's, the core's, the tools'
 *  and the tests' code. */
export function sources(files) {
  return files.filter((f) => /^(?:src|www|tools|tests)\/.*\.(?:rs|js|mjs|cjs)$/.test(f) && !f.startsWith('tests/vectors/'));
}

/** The comments of a Rust or JavaScript source, one per line (`//`, `///`, `//!`,
 *  and the lines of block comments): strings and code are left out. */
export function comments(src) {
  const out = [];
  let block = false;
  for (const line of src.split('\n')) {
    const t = line.trim();
    if (block) {
      out.push(t);
      if (t.includes('*/')) block = false;
    } else if (t.startsWith('/*')) {
      out.push(t);
      block = !t.includes('*/');
    } else {
      const i = line.indexOf('//');
      if (t.startsWith('//')) out.push(t);
      else if (i > 0 && /\s\/\/\s/.test(line.slice(i - 1, i + 3))) out.push(line.slice(i));
    }
  }
  return out.join('\n');
}

/** `{file, path}` for every missing path the documents (whole) and sources (their
 *  comments) name. */
export function check(root, docs, code) {
  const files = repoFiles(root);
  const out = [];
  const all = [...(docs ?? documents(files)), ...(code ?? sources(files))];
  for (const d of all) {
    const raw = fs.readFileSync(path.join(root, d), 'utf8');
    const text = /\.md$/.test(d) ? raw : comments(raw);
    for (const p of missingPaths(namedPaths(text), files)) out.push({ file: d, path: p });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const missing = check(root);
  for (const m of missing) console.log(`${m.file}: ${m.path}`);
  process.exitCode = missing.length ? 1 : 0;
}

// The import graph of the sources, and its cycles (issue 35: no import cycles in src/
// or www/). tests/node/imports.test.mjs fails on any; `node tools/imports.mjs` prints them.
//
// JavaScript (www/**/*.js): static `import … from './x.js'`, `import './x.js'` and
// `export … from './x.js'`, relative paths only (`fv:` build values and packages are
// not files of www/; a dynamic `import()` is not a static edge).
// Rust (src/**/*.rs): every path that starts with `crate::` or `super::` (in `use`
// trees, braces expanded, and in code), resolved to the file of the longest module
// prefix that exists. A file's edges to its own descendants are left out: a parent
// declares its children (`mod x;`), and lib.rs or a mod.rs naming them (`pub use`,
// a registry of `x::SCHEME`) is the module tree itself, not an import back. A child
// that imports its parent (`super::Options`) does count. Comments and test modules
// (`#[cfg(test)] mod … { … }`: fixtures from the registry) are left out.
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir` (relative to `root`) whose name ends with `ext`, sorted. */
export function listFiles(root, dir, ext) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = path.posix.join(d, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(ext)) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

/** Comments out of JavaScript or Rust text (strings kept: an import's path is one).
 *  `quotes`: the string delimiters (Rust's `'` starts a lifetime or a char). */
function stripComments(text, quotes = '"\'`') {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const n = text[i + 1];
    if (c === '/' && n === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && n === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (quotes.includes(c)) {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** JavaScript: `{file: [imported files]}` for `files` (paths relative to the root, posix). */
export function jsGraph(sources) {
  const graph = {};
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (const [file, text] of Object.entries(sources)) {
    const deps = new Set();
    for (const m of stripComments(text).matchAll(re)) deps.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2])));
    graph[file] = [...deps].filter((d) => d !== file).sort();
  }
  return graph;
}

/** The module path of a Rust file under `src/` (`a/mod.rs` and `a.rs` under it: `['a']`). */
function rustModule(file) {
  const parts = file.replace(/^src\//, '').replace(/\.rs$/, '').split('/');
  const last = parts[parts.length - 1];
  if (last === 'mod' || (parts.length === 1 && last === 'lib')) parts.pop();
  return parts;
}

/** `use` trees expanded: `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`. */
function expandUse(tree) {
  tree = tree.replace(/\s+/g, '');
  const open = tree.indexOf('{');
  if (open < 0) return [tree];
  const prefix = tree.slice(0, open);
  const inner = tree.slice(open + 1, tree.lastIndexOf('}'));
  const items = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if ((c === ',' || i === inner.length) && depth === 0) {
      if (inner.slice(start, i)) items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  return items.flatMap((it) => expandUse(it).map((p) => prefix + p));
}

/** Rust text without its `#[cfg(test)] mod name { … }` blocks (braces matched; the
 *  text has no comments, and braces in strings are balanced in this code base). */
function stripTestModules(text) {
  const re = /#\[cfg\(test\)\]\s*mod\s+\w+\s*\{/g;
  let out = '';
  let from = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let depth = 1;
    let i = m.index + m[0].length;
    while (i < text.length && depth > 0) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      i++;
    }
    out += text.slice(from, m.index);
    from = i;
    re.lastIndex = i;
  }
  return out + text.slice(from);
}

/** Rust: `{file: [files it imports]}`; `sources` maps `src/…rs` paths to their text. */
export function rustGraph(sources) {
  const byModule = new Map(Object.keys(sources).map((f) => [rustModule(f).join('::'), f]));
  const graph = {};
  for (const [file, raw] of Object.entries(sources)) {
    const text = stripTestModules(stripComments(raw.replace(/'(?:\\.|[^\\'\n])'/g, "' '"), '"').replace(/"(?:[^"\\]|\\.)*"/g, '""'));
    const here = rustModule(file);
    const paths = [];
    for (const m of text.matchAll(/\buse\s+([^;]+);/g)) paths.push(...expandUse(m[1]));
    for (const m of text.matchAll(/(?<![\w:])(?:crate|super)(?:::[A-Za-z_]\w*)+/g)) paths.push(m[0]);
    const deps = new Set();
    for (const p of paths) {
      const segs = p.split('::');
      let mod;
      if (segs[0] === 'crate') mod = segs.slice(1);
      else if (segs[0] === 'super') {
        let base = here.slice();
        let k = 0;
        while (segs[k] === 'super') {
          base = base.slice(0, -1);
          k++;
        }
        mod = [...base, ...segs.slice(k)];
      } else continue;
      for (let n = mod.length; n >= 0; n--) {
        const target = byModule.get(mod.slice(0, n).join('::'));
        if (target === undefined) continue;
        const t = rustModule(target);
        const descendant = t.length > here.length && here.every((s, i) => t[i] === s);
        if (target !== file && !descendant) deps.add(target);
        break;
      }
    }
    graph[file] = [...deps].sort();
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of two files or more
 *  (Tarjan), each sorted, in file order. */
export function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph[v] || []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of Object.keys(graph).sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The cycles of the project at `root`: JavaScript under www/, Rust under src/. */
export function projectCycles(root) {
  const read = (files) => Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
  return [...cycles(jsGraph(read(listFiles(root, 'www', '.js')))), ...cycles(rustGraph(read(listFiles(root, 'src', '.rs'))))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = projectCycles(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'));
  for (const c of found) console.log(c.join(' <-> '));
  if (!found.length) console.log('no import cycles');
}

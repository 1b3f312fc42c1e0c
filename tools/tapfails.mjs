// The failing tests of a `node --test --test-reporter=tap` log, one line each:
// "<file>:<line> <test name>: <the error's first line>" (a test that failed only
// because one of its subtests did is not listed again). Used by ./build.sh flaky.
//   node tools/tapfails.mjs <log.tap>
import fs from 'node:fs';
import path from 'node:path';

const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n');
const out = [];
for (let i = 0; i < lines.length; i++) {
  const m = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i]);
  if (!m) continue;
  const indent = m[1].length;
  const info = { location: '', failureType: '', error: '' };
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j];
    if (l.trim() === '...' && l.length - l.trimStart().length === indent + 2) break;
    const f = /^\s*(location|failureType|error): (.*)$/.exec(l);
    if (f && !info[f[1]]) {
      let v = f[2].replace(/^'(.*)'$/, '$1');
      // A block value ("|-"): its first line.
      if (v === '|-' || v === '>-') v = (lines[j + 1] || '').trim();
      info[f[1]] = v;
    }
  }
  if (info.failureType === 'subtestsFailed') continue;
  const where = info.location ? path.relative(process.cwd(), info.location.replace(/:\d+$/, '')) : '';
  out.push(`${where ? `${where} ` : ''}${m[2]}: ${info.error || info.failureType}`);
}
if (out.length) console.log(out.join('\n'));

// The page's fragment reader (www/ui/fragment.js): one value a name, the first, as
// URLSearchParams.get reads it (turn-9 attack, finding 5: `#record=A&record=B` was B
// on the page and A in the standard reading).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFragment } from '../../www/ui/fragment.js';

test('a name given twice in the fragment keeps its first value, as URLSearchParams.get', () => {
  for (const hash of ['#record=A&record=B', '#lang=ro&record=B&lang=it&record=A', '#record=&record=A', '#__proto__=x&record=A']) {
    const std = new URLSearchParams(hash.slice(1));
    const got = readFragment(hash);
    for (const name of ['record', 'lang']) assert.equal(got[name], std.get(name) ?? undefined, `${hash}: ${name}`);
  }
});

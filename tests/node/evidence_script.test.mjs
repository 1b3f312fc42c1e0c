// Where an evidence file's "run it" script is (www/core/evidence_script.js): the one
// element whose id is `recipe`, found in start tags as a browser's tokenizer reads
// them (character references decoded, quoted `>` skipped), never in text. A second
// one however spelled means "do not run it"; a record's strings that name the id are
// text in the file the page writes, and change nothing (turn-8 attack A3, for the
// script as for the record).
import test from 'node:test';
import assert from 'node:assert/strict';
import { evidenceScript } from '../../www/core/evidence_script.js';

/** An evidence file as the page writes it, whose record's match id (and so the
 *  script's) holds `id` (its text as the record, the shown record and the script
 *  carry it), with `extra` at the end of its body. */
const make = (id) => (extra = '') => `<!DOCTYPE html>\n<html lang="en" dir="ltr" id="fairverify-evidence"><head><meta charset="utf-8"><script type="application/json" id="fairverify-record">{"matchId":"${id.replace(/"/g, '\\"').replace(/</g, '\\u003c')}"}</script></head><body>`
  + `<pre dir="ltr" id="record">{"matchId":"${id.replace(/"/g, '\\"').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"}</pre>`
  + `<pre dir="ltr" id="recipe-command">recipe.py: python3 recipe.py</pre><pre dir="ltr" id="recipe">seed = "${id.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}" &amp; 1</pre>${extra}</body></html>\n`;
const HOSTILE = 'id="recipe" id=\'recipe\' <pre id=recipe>';
const file = make(HOSTILE);
// The same with a plain match id: its script is found by the rules before this one too.
const plain = make('m-42');

test('the genuine script is found, whatever the record\'s strings say', () => {
  assert.deepEqual(evidenceScript(file()), { command: 'recipe.py: python3 recipe.py', text: `seed = "${HOSTILE}" & 1` });
  assert.deepEqual(evidenceScript(plain()), { command: 'recipe.py: python3 recipe.py', text: 'seed = "m-42" & 1' });
  // An id that is not `recipe` to a browser: no second script.
  for (const extra of ['<pre id=recipe/>x</pre>', '<pre data-id="recipe">x</pre>', '<p>id="recipe"</p>', '<pre id="recipes">x</pre>']) {
    assert.ok(!evidenceScript(file(extra)).odd, extra);
  }
});

test('a second script, however its id is spelled: odd (do not run it)', () => {
  assert.ok(!evidenceScript(plain()).odd, plain());
  for (const extra of [
    '<pre id="recipe">echo hi</pre>',
    '<pre id="r&#101;cipe">echo hi</pre>',
    '<pre id="&#x72;ecipe">echo hi</pre>',
    '<pre id=&#114ecipe>echo hi</pre>',
    '<pre id="recipe&#x2D;command">echo hi</pre>',
    '<PRE ID=RECIPE>echo hi</PRE>',
    '<pre title=">" id="recipe">echo hi</pre>',
    '<pre title=\'">\' id=recipe>echo hi</pre>',
    '<pre dir=ltr\nid\n=\n\'recipe\'>echo hi</pre>',
    '<pre class="x"id="recipe">echo hi</pre>',
    '<!x <pre id="recipe">echo hi</pre>',
  ]) {
    assert.deepEqual(evidenceScript(plain(extra)), { odd: true }, extra);
    assert.deepEqual(evidenceScript(file(extra)), { odd: true }, extra);
  }
});

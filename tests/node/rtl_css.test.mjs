// Right to left (issue 13): the page's and the widget's styles use logical properties
// (inline-start/end), so Arabic mirrors them; a physical left/right margin, padding,
// border, alignment, float or position is refused. The widget's popover is placed in
// viewport coordinates by script (left/top of a fixed box), which is not a text side.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.mjs';

const PHYSICAL = /(?:^|[\s{;])((?:margin|padding|border)-(?:left|right)(?:-\w+)?|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)|clear\s*:\s*(?:left|right)|(?:left|right)\s*:)/g;

export function physical(css) {
  const out = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(PHYSICAL)) out.push(m[1].replace(/\s+/g, ' '));
  return out;
}

test('www/style.css has no physical left/right property', () => {
  assert.deepEqual(physical(fs.readFileSync(path.join(ROOT, 'www/style.css'), 'utf8')), []);
});

test("the widget's styles have no physical left/right property but the popover's position", () => {
  const src = fs.readFileSync(path.join(ROOT, 'www/widget/style.js'), 'utf8');
  const found = physical(src).filter((p) => !/^left\s*:$/.test(p));
  assert.deepEqual(found, []);
});

test('the check finds physical properties', () => {
  assert.deepEqual(physical('a { margin-left: 2px; text-align: right; } b{left: 0} c { border-right-color: red }'),
    ['margin-left', 'text-align: right', 'left:', 'border-right-color']);
  assert.deepEqual(physical('a { margin-inline-start: 2px; inset-inline-start: 0; text-align: start }'), []);
});

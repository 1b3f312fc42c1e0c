// The history's charts at 360 px (issue 36: "1 000×" and "10 000×" collided): in
// Chromium, www/render/chart.js (bundled here on its own) draws share charts for
// chains whose rounds reach 10² … 10⁷ and bar charts of 6 … 40 bars, with the
// x labels each language's numbers give, in a page styled by www/style.css at
// 360 px; the boxes the browser lays the labels out in (measured, not estimated)
// stay apart by at least half an em and inside the chart.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { launch, shot } from './browser.mjs';
import { ROOT } from '../node/helpers.mjs';

const LANGS = ['en', 'ro', 'it', 'ru', 'ar', 'zh'];

test('360 px: the charts\' x labels never overlap and stay inside the chart, in every language', { timeout: 120000 }, async () => {
  const js = (await esbuild.build({
    entryPoints: [path.join(ROOT, 'www/render/chart.js')], bundle: true, write: false, format: 'iife', globalName: 'FVChart',
  })).outputFiles[0].text;
  const css = fs.readFileSync(path.join(ROOT, 'www/style.css'), 'utf8');
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.setContent(`<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style></head><body><main></main></body></html>`);
    await page.addScriptTag({ content: js });
    const problems = await page.evaluate((langs) => {
      const out = [];
      const main = document.querySelector('main');
      /** The x labels' boxes (text.tick below the plot), left to right. */
      const check = (root, what) => {
        const box = root.getBoundingClientRect();
        // Apart by at least half the labels' font size (a space, about), as drawn.
        const gap = 0.5 * 14 * (box.width / 400);
        const y = Math.max(...[...root.querySelectorAll('text.tick')].map((t) => Number(t.getAttribute('y'))));
        const ticks = [...root.querySelectorAll('text.tick')].filter((t) => Number(t.getAttribute('y')) === y)
          .map((t) => ({ s: t.textContent, r: t.getBoundingClientRect() })).sort((a, b) => a.r.left - b.r.left);
        if (ticks.length < 2) out.push(`${what}: ${ticks.length} x labels`);
        for (let i = 0; i < ticks.length; i++) {
          const { s, r } = ticks[i];
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(`${what}: "${s}" outside the chart`);
          if (i && ticks[i - 1].r.right > r.left - gap) out.push(`${what}: "${ticks[i - 1].s}" (to ${ticks[i - 1].r.right.toFixed(1)}) meets "${s}" (from ${r.left.toFixed(1)})`);
        }
      };
      for (const lang of langs) {
        document.documentElement.lang = lang;
        document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
        const nf = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-latn' : lang);
        const fmtX = (x) => `${nf.format(x)}×`;
        const pf = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-latn' : lang, { maximumFractionDigits: 8 });
        const fmtY = (v) => `${pf.format(v * 100)}\u00a0%`;
        for (let top = 2; top <= 7; top++) for (const rounds of [1000, 10000, 10 ** (top + 1)]) {
          const xs = [];
          for (let e = 0; e <= top; e++) for (const k of [1.01, 2, 5]) if (k * 10 ** e <= 10 ** top) xs.push(k * 10 ** e);
          const points = xs.filter((x) => x > 1).map((x) => ({ x, observed: 0.99 / x, expected: 0.99 / x }));
          const root = window.FVChart.shareChart({
            points, rounds, title: 't', xLabel: 'x', yLabel: 'y', counted: 'c', expected: 'e', fmtX, fmtY, dir: document.documentElement.dir,
          });
          const fig = document.createElement('figure');
          fig.className = 'chartbox';
          fig.append(root);
          main.replaceChildren(fig);
          check(root, `${lang} share chart to 10^${top}, ${rounds} rounds`);
        }
        for (const n of [6, 11, 12, 16, 40]) {
          const bars = Array.from({ length: n }, (_, i) => ({ label: nf.format((i + 1) * (n > 12 ? 1000 : 1)), observed: 1 / n, expected: 1 / n }));
          const root = window.FVChart.barChart({ bars, title: 't', xLabel: 'x', yLabel: 'y', counted: 'c', expected: 'e', fmtY, dir: document.documentElement.dir });
          const fig = document.createElement('figure');
          fig.className = 'chartbox';
          fig.append(root);
          main.replaceChildren(fig);
          check(root, `${lang} bar chart of ${n}`);
        }
      }
      return out;
    }, LANGS);
    // The last one drawn, to look at.
    await shot(page, 'chart-360-labels', { fullPage: false });
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await browser.close();
  }
});

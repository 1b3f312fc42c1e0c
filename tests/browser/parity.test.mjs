// One verifier: every vector, and every vector with `played` (equal, and with one
// value changed), through pkg/verifier.js in Node and through the page (a #record=
// link, the page's own flow, chain walks in its worker) give the same report, key by
// key; error vectors give the same error code and field.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE_URL, b64url } from './browser.mjs';
import { VERIFIER, loadCases, deepEqual } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const META = new Set(['scheme', 'verdict', 'checks', 'maxSteps', 'leafClimbs', 'differences', 'fingerprint',
  'differenceCount', 'hints', 'missing']);

/** The record with `played` = everything it recomputes; `change` alters one number. */
function withPlayed(record, report, change) {
  const played = {};
  for (const [k, v] of Object.entries(report)) {
    if (!META.has(k) && !k.endsWith('Ok')) played[k] = JSON.parse(JSON.stringify(v));
  }
  if (change) {
    // The first number found, depth first, is changed.
    const bump = (v) => {
      if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) { if (typeof v[i] === 'number') { v[i] += 1; return true; } if (bump(v[i])) return true; } }
      else if (v && typeof v === 'object') { for (const k of Object.keys(v)) { if (typeof v[k] === 'number') { v[k] += 1; return true; } if (bump(v[k])) return true; } }
      return false;
    };
    if (!bump(played)) return null;
  }
  return { ...record, played };
}

function expected(record) {
  try {
    return { report: fv.verify(record) };
  } catch (e) {
    return { error: { code: e.code, field: e.field } };
  }
}

test('the page and verifier.js give the same report for every vector and played case', async () => {
  const cases = [];
  for (const c of loadCases()) {
    cases.push({ name: c.name, record: c.record });
    if (c.expect.error === true) continue;
    const rep = fv.verify(c.record);
    cases.push({ name: `${c.name} + played`, record: withPlayed(c.record, rep, false) });
    const changed = withPlayed(c.record, rep, true);
    if (changed) cases.push({ name: `${c.name} + one played value changed`, record: changed });
  }
  // The chain record with played.round: refused nowhere, passes in both.
  const chain = loadCases().find((c) => c.record.scheme === 'hash_chain' && c.expect.chainOk === true && c.record.maxSteps);
  assert.ok(chain, 'a hash_chain vector that reaches its terminal');
  cases.push({ name: 'hash_chain with played.round', record: { ...chain.record, played: { round: chain.expect.round } } });

  const browser = await launch();
  try {
    const { page, errors, blocked } = await openPage(browser);
    // One warm worker serves every verification: a record verified again before the
    // last answer came (two hash changes at once, a double tap) drops that answer,
    // it does not make a new worker (each one compiles the wasm again).
    let workers = 0;
    page.on('worker', () => { workers++; });
    await page.goto(PAGE_URL);
    await page.waitForSelector('#result');
    let compared = 0;
    const failures = [];
    for (const c of cases) {
      const want = expected(c.record);
      const got = await page.evaluate(async (frag) => {
        const result = document.querySelector('#result');
        result.fvReport = null;
        result.replaceChildren();
        location.hash = '';
        location.hash = frag;
        const t0 = Date.now();
        while (Date.now() - t0 < 60000) {
          const r = result.fvReport;
          if (r && r.verdict !== 'checking') return { report: r };
          const err = document.querySelector('#result .errmsg[data-code]');
          const v = document.querySelector('#verdict');
          if (err && v && (v.dataset.verdict === 'error' || v.dataset.verdict === 'unsupported')) {
            return { error: { code: err.getAttribute('data-code'), field: err.getAttribute('data-field') || '' }, banner: v.dataset.verdict };
          }
          await new Promise((res) => setTimeout(res, 5));
        }
        return { timeout: true };
      }, '#record=' + b64url(c.record));
      compared++;
      // The page walks from rounds it proved earlier in this visit (many vectors share
      // a chain), which the chain check's params say (`rememberedRound`, `links`): how
      // the walk went, not what it found. Everything else must be the CLI's.
      if (got.report && Array.isArray(got.report.checks)) {
        for (const ch of got.report.checks) if (ch.params) { delete ch.params.rememberedRound; delete ch.params.links; }
      }
      if (want.report) {
        if (!got.report || !deepEqual(got.report, want.report)) {
          const keys = got.report ? Object.keys(want.report).filter((k) => !deepEqual(got.report[k], want.report[k])) : ['(no report)'];
          failures.push(`${c.name}: differs at ${keys.join(', ')}${got.error ? ` (page error ${got.error.code})` : ''}`);
        }
      } else if (!got.error || got.error.code !== want.error.code) {
        failures.push(`${c.name}: page ${JSON.stringify(got.error || got.report && got.report.verdict)}, verifier.js ${JSON.stringify(want.error)}`);
      } else if (got.banner !== (want.error.code === 'unsupported_scheme' ? 'unsupported' : 'error')) {
        // A scheme nobody can recompute is not the player's mistake: its own neutral banner.
        failures.push(`${c.name}: banner ${got.banner} for ${want.error.code}`);
      }
    }
    console.log(`parity: ${compared - failures.length} of ${compared} cases give the same report in the page and verifier.js; ${workers} worker(s)`);
    assert.ok(workers <= 2, `${workers} workers made for ${compared} verifications`);
    assert.deepEqual(failures.slice(0, 20), []);
    assert.deepEqual(blocked, []);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

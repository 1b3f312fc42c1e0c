// Stored state is input, and input is hostile (issue 33, security review H1): a page
// of the verifier's origin (an operator's lobby over http; on file://, any local HTML
// file) writes every key a verifier ever stored, claiming that a forged round is
// round 4242 of the Crash chain and that a real round of the player's own chain is
// round 5. The page never shows pass for the forged round, gives the real round its
// true number, and keeps positions only for this visit: walks this page ran itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, openPage, PAGE_URL, b64url, ARTIFACTS, nextVerdict } from './browser.mjs';
import { ROOT } from '../node/helpers.mjs';

const CRASH = 'c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6';
const sha = (s) => createHash('sha256').update(s).digest('hex');
const links = (h, n) => { let x = h; for (let i = 0; i < n; i++) x = sha(x); return x; };

const forged = sha('a forged round');
const newer = sha('the player round');          // round 3,010 of the player's own chain
const start = links(newer, 10);                 // round 3,000
const terminal = links(start, 3000);

/** Every key a verifier has kept positions or fingerprints under, all poisoned. */
function poisonScript() {
  const now = Date.now();
  const store = { v: 1, terminals: {
    [CRASH]: { used: now, entries: [[forged, 4242]] },
    [terminal]: { used: now, entries: [[links(start, 10), 5]] },
  } };
  return `<!doctype html><meta charset="utf-8"><title>lobby</title><script>
for (const k of ['fairverify.chainMemory.v1', 'fairverify.visit', 'fair-verify:chain'])
  localStorage.setItem(k, ${JSON.stringify(JSON.stringify(store))});
document.title = 'poisoned';
</script>`;
}

let browser;
let server;
let origin;
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-trust-'));
before(async () => {
  browser = await launch();
  fs.cpSync(path.join(ROOT, 'pkg'), TMP, { recursive: true });
  fs.writeFileSync(path.join(TMP, 'lobby.html'), poisonScript());
  server = spawn('python3', [path.join(ROOT, 'tools/serve.py'), '0', TMP], { stdio: ['ignore', 'pipe', 'ignore'] });
  origin = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (b) => { out += b; const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out); if (m) resolve(m[0]); });
    server.once('exit', (code) => reject(new Error(`tools/serve.py exited (${code})`)));
  });
});
after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  fs.rmSync(TMP, { recursive: true, force: true });
});

/** Sets the fragment to `rec` and resolves with the final verdict drawn. */
async function check(page, rec) {
  await nextVerdict(page, () => page.evaluate((h) => { location.hash = h; }, '#record=' + b64url(rec)));
  return page.evaluate(() => {
    const r = document.querySelector('#result');
    // The round as the core found it (a hash_chain report draws no round number).
    const out = { verdict: document.querySelector('#verdict').dataset.verdict, linksWalked: Number(r.dataset.linksWalked),
      viaMemory: r.dataset.viaMemory, round: r.fvReport && r.fvReport.round !== undefined ? r.fvReport.round : null };
    r.removeAttribute('data-links-walked');
    return out;
  });
}

async function attack(lobbyUrl, verifierUrl, allowed) {
  const { page, errors, context } = await openPage(browser, { allowed });
  await page.goto(lobbyUrl);
  assert.equal(await page.title(), 'poisoned');
  await page.goto(verifierUrl);
  // The forged round, walked 5,000 links (beyond the forged 4242): if the stored
  // position were believed this would pass as round 4242.
  const f = await check(page, { scheme: 'crash', hash: forged, terminal: CRASH, maxSteps: 5000 });
  assert.notEqual(f.verdict, 'pass');
  assert.deepEqual([f.verdict, f.linksWalked, f.viaMemory], ['unchecked', 5000, 'false']);
  // The player's real round keeps its true number (the store says round 5). The chain
  // is the test's own: as hash_chain its given terminal counts (a crash round of it
  // would be unchecked, terminal_unpublished).
  const real = await check(page, { scheme: 'hash_chain', hash: start, terminal });
  assert.deepEqual([real.verdict, real.round, real.linksWalked, real.viaMemory], ['pass', 3000, 3000, 'false']);
  // Proven in this visit: the next round of the same chain walks 10 links.
  const next = await check(page, { scheme: 'hash_chain', hash: newer, terminal });
  assert.deepEqual([next.verdict, next.round, next.linksWalked, next.viaMemory], ['pass', 3010, 10, 'true']);
  // Nothing of it was written to the device; a new visit starts from nothing.
  const stored = await page.evaluate(() => Object.keys(localStorage).sort());
  assert.deepEqual(stored, ['fair-verify:chain', 'fairverify.chainMemory.v1', 'fairverify.visit']);
  await page.goto(lobbyUrl);
  await page.goto(verifierUrl);
  const again = await check(page, { scheme: 'hash_chain', hash: newer, terminal });
  assert.deepEqual([again.verdict, again.round, again.viaMemory], ['pass', 3010, 'false']);
  assert.deepEqual(errors, []);
  await context.close();
}

test('over http: a lobby page of the same origin writes the stores; a forged round never passes', async () => {
  // Every file of the site may be asked for (the service worker, its manifest, icons).
  const files = fs.readdirSync(TMP).map((f) => `${origin}/${f}`);
  await attack(`${origin}/lobby.html`, `${origin}/verifier.html`, files);
});

test('on file://: another local HTML file writes the stores; a forged round never passes', async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const lobby = path.join(ARTIFACTS, 'trust-lobby.html');
  fs.writeFileSync(lobby, poisonScript());
  await attack('file://' + lobby, PAGE_URL, ['file://' + lobby, PAGE_URL]);
});

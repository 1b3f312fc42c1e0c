// The installable verifier (issue 24): what pkg/ needs beside verifier.html so a
// phone can install it and run it offline.
//   manifest.webmanifest        English, start_url verifier.html (the page then takes
//                               the browser's language)
//   manifest.<lang>.webmanifest one per catalog, in that language, start_url
//                               verifier.html#lang=<lang> (the page links the one of
//                               the language it shows, so the app opens in it). No
//                               `id`: the identity is start_url without its fragment,
//                               one app whatever the language
//   icon-192.png, icon-512.png, icon-maskable-512.png   (tools/icons.mjs)
//   sw.js                       the service worker (www/sw/sw.js, bundled)
// All of it is plain text or PNG made from the sources only: reproducible.
import fs from 'node:fs';
import path from 'node:path';
import { iconPng } from './icons.mjs';

export const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** The page's background (www/style.css --bg): the splash screen and the bars. */
const COLOUR = '#f6f4ef';
const RTL = ['ar', 'he', 'fa', 'ur'];

function manifest(cat, lang, startUrl) {
  return {
    name: cat['app.name'],
    short_name: cat['app.shortName'],
    description: cat['page.tagline'],
    lang: lang === 'zh' ? 'zh-Hans' : lang, // Simplified Chinese glyphs (the catalog stays zh.json)
    dir: RTL.includes(lang) ? 'rtl' : 'ltr',
    start_url: startUrl,
    scope: './',
    display: 'standalone',
    theme_color: COLOUR,
    background_color: COLOUR,
    categories: ['utilities'],
    icons: ICONS.map((i) => ({ src: i.file, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
    // Text shared to the app (Android) opens the page with ?text=…&url=…&title=…:
    // it lands in the paste box (www/page/install.js).
    share_target: {
      action: 'verifier.html',
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    },
    // A record file opened from the file manager (where supported) comes to the page
    // through window.launchQueue, into the same flow as the file input.
    file_handlers: [{
      action: 'verifier.html',
      accept: { 'application/json': ['.json'], 'application/jsonl': ['.jsonl'], 'text/plain': ['.txt'] },
    }],
  };
}

export function buildPwa({ root, outDir, swJs }) {
  const dir = path.join(root, 'www/i18n');
  const langs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  const cats = Object.fromEntries(langs.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8'))]));
  const write = (f, text) => fs.writeFileSync(path.join(outDir, f), text);
  write('manifest.webmanifest', JSON.stringify(manifest(cats.en, 'en', 'verifier.html'), null, 2) + '\n');
  for (const l of langs) {
    write(`manifest.${l}.webmanifest`, JSON.stringify(manifest(cats[l], l, `verifier.html#lang=${l}`), null, 2) + '\n');
  }
  for (const i of ICONS) fs.writeFileSync(path.join(outDir, i.file), iconPng(i.size, { maskable: i.purpose === 'maskable' }));
  write('sw.js', swJs);
}

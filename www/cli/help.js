// The --help text, in the language of the run (--lang, else LC_ALL/LC_MESSAGES/LANG):
// the sentences are the catalogs' `cli.help.*` keys; the command, option names, JSON
// keys, codes and numbers stay as they are typed, whatever the language.
import { t } from '../i18n/i18n.js';

const WIDTH = 100;

// Columns a character takes at a terminal: East Asian wide characters take two.
const wide = (c) => /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(c);
const columns = (s) => [...s].reduce((n, c) => n + (wide(c) ? 2 : 1), 0);

/** `text` broken into lines of at most `width` columns: at spaces, and anywhere
 *  between wide characters (Chinese has no spaces between words). */
export function wrap(text, width) {
  const lines = [];
  let line = '';
  const push = () => { if (line.trim()) lines.push(line.trimEnd()); line = ''; };
  for (const word of text.split(/(\s+)/)) {
    if (/^\s+$/.test(word)) { if (line) line += ' '; continue; }
    if (columns(line + word) <= width) { line += word; continue; }
    if (line && columns(word) <= width) { push(); line = word; continue; }
    for (const c of word) {
      if (columns(line + c) > width) push();
      line += c;
    }
  }
  push();
  return lines.length ? lines : [''];
}

/** `first` then `text` wrapped to the right of it, in a column `indent` wide. */
function item(first, text, indent) {
  const lines = wrap(text, WIDTH - indent);
  const pad = ' '.repeat(indent);
  return lines.map((l, i) => (i === 0 ? (first + pad).slice(0, Math.max(indent, first.length + 1)) : pad) + l).join('\n');
}

const para = (text) => wrap(text, WIDTH).join('\n');

export const helpText = (version, maxBytes) => [
  `fairverify ${version}: ${t('cli.help.title')}`,
  '',
  t('cli.help.usage'),
  item('  node verifier.js FILE...', t('cli.help.files'), 35),
  item('  node verifier.js --jsonl', t('cli.help.jsonl'), 35),
  item('  node verifier.js --history FILE', t('cli.help.history'), 35),
  item('  node verifier.js --recipe FILE', t('cli.help.recipe'), 35),
  item('  node verifier.js --self-test', t('cli.help.selfTest'), 35),
  item('  node verifier.js --version', t('cli.help.version'), 35),
  item('  node verifier.js --help', t('cli.help.help'), 35),
  '',
  t('cli.help.options'),
  item('  --json', t('cli.help.json'), 17),
  item('  --human', t('cli.help.human'), 17),
  item('  --lang CODE', t('cli.help.lang'), 17),
  '',
  para(t('cli.help.input', { maxBytes: String(maxBytes) })),
  '',
  para(t('cli.help.exit')),
  para(t('cli.help.worst')),
  `  ${t('cli.help.order')}`,
  para(t('cli.help.jsonlExit')),
  '',
  para(t('cli.help.browser', { script: '<script src="verifier.js"></script>', call: 'FairVerifier.verify(record)' })),
].join('\n');

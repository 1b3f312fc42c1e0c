// Links: `#record=` (base64url of the record's JSON) beside `#lang=`; Copy link.
// Nothing is stored: the link is the only memory.
import { $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { status } from '../ui/notices.js';
import { textToBase64url, base64urlToText } from '../core/base64.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { readForm, showFieldError } from './form.js';
import { withBetsRead } from './betsui.js';
import { chosenLanguage } from './language.js';
import { errorValue } from '../core/errors.js';
import { readFragment } from '../ui/fragment.js';

/** A link to this page that opens `record` (and keeps the chosen language). */
export function linkTo(record) {
  return linkToText(JSON.stringify(record));
}

/** The same for a record's text as it is (issue 46: the text that was verified, not
 *  a copy parsed and written again, which would round an integer past 2^53). The
 *  record and the language are in the fragment only, never in the query. */
export function linkToText(text) {
  const lang = chosenLanguage() || readFragment().lang;
  const params = (lang ? `lang=${lang}&` : '') + 'record=' + textToBase64url(text);
  return location.href.split('#')[0] + '#' + params;
}

export async function copyLink() {
  let record;
  try { record = await withBetsRead(readForm(false)); } catch (e) { showFieldError(e, e && e.text ? e.text : render.errorText(e)); return; }
  if (!record) return;
  const url = linkTo(record);
  const out = $('#link-out');
  out.value = url;
  out.hidden = false;
  out.select();
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(url).then(() => status('#link-status', 'page.link.copied'), () => status('#link-status', 'page.link.select'));
  } else {
    status('#link-status', 'page.link.select');
  }
}

/** Opens the fragment's record, if any, with `load(record, text)`; true when there was one. */
export function openFragment(load) {
  const { record } = readFragment();
  if (!record) return false;
  let value;
  let text;
  try {
    text = base64urlToText(record);
    value = JSON.parse(text);
  } catch (e) {
    showResult(render.error(errorValue('bad_json', '', `${t('err.badLink')} (${e.message})`)));
    return true;
  }
  // The record's own text goes to the core (the parsed copy only fills the form).
  load(value, text);
  return true;
}

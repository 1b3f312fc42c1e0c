// @ts-check
// A record the verifier refused: what is wrong, exactly, in the page's language,
// from the error's code and params (the core's English `message` is only a folded
// developer detail). Never a verdict of pass or fail: the banner says "invalid".
import { el, code as codeEl } from '../ui/dom.js';
import { t, has, language } from '../i18n/i18n.js';
import { fieldLabel } from './fields.js';
import { verdictView } from './verdict.js';
import { keyWords } from './keys.js';

/** @param {any[]} xs @param {Intl.ListFormatType} [type] */
const list = (xs, type = 'conjunction') => new Intl.ListFormat(language(), { type }).format(xs.map(String));

/** The sentence for an error (VerifyError-like {code, field, params, message}). */
/** @param {import('./types').ErrorLike} e */
export function errorText(e) {
  const c = (e && e.code) || 'internal';
  const p = (e && e.params) || {};
  const field = fieldLabel(e && e.field);
  const base = { field };
  let key = `render.err.${c}`;
  /** @type {{[name: string]: any}} */
  let params = { ...base };
  switch (c) {
    case 'bad_hex':
      key = `render.err.bad_hex.${has(`render.err.bad_hex.${p.reason}`) ? p.reason : 'other'}`;
      params = { ...base, length: Number(p.length) || 0 };
      break;
    case 'wrong_type':
      params = { ...base, want: t(`render.type.${p.want}`), got: t(`render.type.${p.got}`) };
      break;
    case 'out_of_range':
      if (p.maxItems !== undefined) { key = 'render.err.out_of_range.items'; params = { ...base, max: p.maxItems }; }
      else if (p.allowed !== undefined) { key = 'render.err.out_of_range.allowed'; params = { ...base, allowed: list([].concat(p.allowed), 'disjunction') }; }
      else if (p.min !== undefined && p.max !== undefined) { key = 'render.err.out_of_range.range'; params = { ...base, min: p.min, max: p.max }; }
      break;
    case 'game_rule':
      key = has(`render.rule.${p.rule}`) ? `render.rule.${p.rule}` : 'render.err.game_rule';
      // The sum as a number (written in the player's digits), rounded past float noise:
      // 99.97999999999999 is shown as 99.98.
      params = { ...base, sum: typeof p.sum === 'number' ? Number(p.sum.toFixed(6)) : (p.sum !== undefined ? String(p.sum) : '') };
      break;
    case 'missing_field':
      // A count left empty with nothing to count it from: said as an empty field and
      // what fills it ("enter the count, or the rolls you were shown"), never "missing".
      if (e && has(`render.err.missing_field.${e.field}`)) key = `render.err.missing_field.${e.field}`;
      break;
    case 'bad_json':
      // A key written twice: which value is meant is not said (src/duplicates.rs).
      // Both values it was given, when the core could say them (issue 44: "keep one" of
      // what?), in quotes and with no direction marks (they may be copied).
      if (p.duplicate === true) {
        key = e && e.field ? 'render.err.bad_json.duplicate' : 'render.err.bad_json.duplicateAny';
        if (e && e.field && Array.isArray(p.values) && p.values.length === 2) {
          key = 'render.err.bad_json.duplicate.values';
          params = { ...base, first: String(p.values[0]), second: String(p.values[1]) };
        }
        break;
      }
      // An HTML file not written as this verifier writes evidence (src/input.rs): its
      // record is not read, and the record it shows can be checked on its own.
      if (p.evidence === 'layout') { key = 'render.err.bad_json.evidence'; break; }
      if (p.line !== undefined) { key = 'render.err.bad_json.at'; params = { line: p.line, column: p.column || 0 }; }
      break;
    case 'bad_played':
      // What the game shows there (a card, a roll, a multiplier…): said how to write it.
      if (has(`render.err.bad_played.${p.want}`)) key = `render.err.bad_played.${p.want}`;
      // More entries than the count recomputes: that count, never "cannot be read".
      // The count is the record's field of the same name ("Number of rolls" for
      // played.rolls[31]), named as the form names it.
      if (p.want === 'count') {
        const list = /^played\.([A-Za-z_][A-Za-z0-9_]*)\[/.exec(String((e && e.field) || ''));
        params = { ...base, count: Number(p.count) || 0, countField: fieldLabel(list ? list[1] : '') };
      }
      break;
    case 'unknown_field':
      // A record's key that misspells one of its fields (`Played`): which one it resembles.
      if (typeof p.like === 'string') { key = 'render.err.unknown_field.like'; params = { ...base, like: fieldLabel(p.like) }; break; }
      // What the game recomputes, in words ("the die, win or loss"), not its JSON keys.
      params = { ...base, known: list([].concat(p.known || []).map(keyWords)) };
      break;
    case 'too_large':
      params = { limit: p.limit || 0, size: p.size || 0 };
      break;
    case 'bad_utf8':
      params = { offset: p.offset || 0 };
      break;
    case 'bad_seat_count':
      params = { ...base, players: p.players !== undefined ? p.players : (p.exactly !== undefined ? p.exactly : '') };
      // How many were given against how many the game needs (a trailing empty seed
      // typed as an empty last line is dropped by the form: say how to write it).
      if (p.players !== undefined && p.count !== undefined) { key = 'render.err.bad_seat_count.count'; params.count = p.count; }
      break;
    default:
      break;
  }
  if (!has(key)) key = has(`err.${c}`) ? `err.${c}` : 'err.invalid';
  let text = t(key, params);
  if (p.hint && has(`render.errhint.${p.hint}`)) text = t('render.join.sentence', { first: text, then: t(`render.errhint.${p.hint}`) });
  return text;
}

/** A refused record that only lacks a field: "not checked yet", never "invalid"
 *  (the page's banner here, the CLI's first line: www/cli/human.js).
 * @param {import('./types').ErrorLike | null | undefined} e */
export const incomplete = (e) => !!e && e.code === 'missing_field';

/** The whole view of a refused record: the neutral banner, the sentence, a folded detail. */
/** @param {import('./types').ErrorLike} e */
export function errorView(e) {
  const out = el('div', { class: 'report error' });
  // A scheme with no published derivation is nobody's mistake: its own neutral banner.
  // A field left empty is no fault of the record's: "not checked yet, something is
  // missing", never "invalid record" (phone tour, turn 6, P8: a form with one empty
  // count read as an accusation of the record).
  out.append(verdictView(e && e.code === 'unsupported_scheme' ? 'unsupported' : 'error', undefined, incomplete(e) ? { kind: 'incomplete' } : {}));
  out.append(el('p', { class: 'errmsg', 'data-code': (e && e.code) || 'internal', 'data-field': (e && e.field) || '', text: errorText(e) }));
  if (e && e.message) {
    out.append(el('details', { class: 'devdetail' }, el('summary', { text: t('render.details.developer') }),
      el('p', {}, codeEl(`${e.code || 'internal'}${e.field ? ` @ ${e.field}` : ''}: ${e.message}`))));
  }
  return out;
}

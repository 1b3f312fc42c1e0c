// "My position: I don't know" (issue 41): a hold'em player is rarely told how the
// site numbers the players, and a hand entered under the wrong number failed with
// "contact support" while the page listed it under another player. A hand entered
// without a position is sent as position 0's, once, before the verification the
// page shows; the core's diagnosis (`shown_elsewhere`, SPEC "When what was shown
// differs") says whose hand it is, the entry puts it there (the record stays honest:
// the other positions are not entered, `null`), and the record is verified as it
// then reads, with a note under the verdict that says where the hand was found. The
// page reads no card itself: the core compares and finds. A hand that is nobody's
// is compared as position 0's, and the note says that it is no player's.
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { client } from './client.js';
import { recordText } from './fields.js';
import { scheme } from './schemes.js';
import { positionsUnknown, placePositions } from './seen.js';
import { seatName } from '../render/seats.js';

/** The record to verify: `record` with each hand of unknown position put where the
 *  core finds it, and what was found ([{key, step, at}], or null: nothing unknown). */
export async function findPositions(record) {
  if (!positionsUnknown() || !record || !record.played) return { record, found: null };
  client.cancel();
  const res = await client.verify({ text: recordText(record) });
  // An input error (or a cancel): verified as it is, and the error is said then.
  if (!res || !res.report) return { record, found: null };
  const found = placePositions(res.report);
  const box = /** @type {HTMLInputElement | null} */ (document.getElementById('f-played'));
  let played = record.played;
  try { played = box && box.value.trim() ? JSON.parse(box.value) : played; } catch (e) { /* kept as it was */ }
  return { record: { ...record, played }, found };
}

/** Under the verdict: where each hand of unknown position was found, or that it is
 *  no position's. Marks the result (`data-position`: the positions found, "none"). */
export function showPositions(record, found) {
  const result = $('#result');
  if (!found || !found.length || !result) return;
  const desc = scheme(record.scheme);
  const game = record.game || (desc ? desc.games[0].id : '');
  const who = (f, at) => (f.step === 'seat' ? seatName(desc, game, at) : t('draw.player', { n: at + 1 }));
  const lines = found.map((f) => el('p', { class: 'note position-found', 'data-key': f.key, 'data-at': f.at === null ? 'none' : String(f.at) },
    f.at === null ? t('seen.position.none', { who: who(f, 0) }) : t('seen.position.found', { who: who(f, f.at) })));
  const v = $('#verdict');
  if (v) v.after(...lines); else result.append(...lines);
  result.setAttribute('data-position', found.map((f) => (f.at === null ? 'none' : String(f.at))).join(','));
}

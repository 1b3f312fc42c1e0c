// @ts-check
// Mahjong tiles (SPEC §2): kind = t / 4 for t < 136; 136–143 flowers and seasons.
// Drawn as text (number or letter over the suit), not Unicode mahjong glyphs or CJK
// characters: the page brings no font and many phones have none for them. The West
// wind is "W" and the White dragon "Wh", so the two never look alike.
import { el } from '../ui/dom.js';
import { t as tr } from '../i18n/i18n.js';

const SUITS = ['dots', 'bamboo', 'characters'];
const HONOUR_CLASS = ['east-wind', 'south-wind', 'west-wind', 'north-wind', 'red-dragon', 'green-dragon', 'white-dragon'];

/** @param {number} t */
export function tileInfo(t) {
  if (t >= 140) return { name: tr('tile.seasonName', { n: t - 139 }), top: `${t - 139}`, bottom: tr('tile.season'), cls: 'bonus' };
  if (t >= 136) return { name: tr('tile.flowerName', { n: t - 135 }), top: `${t - 135}`, bottom: tr('tile.flower'), cls: 'bonus' };
  const kind = Math.floor(t / 4);
  if (kind < 27) {
    const suit = SUITS[Math.floor(kind / 9)];
    const n = (kind % 9) + 1;
    return { name: tr('tile.suited', { n, suit: tr(`tile.suit.${suit}`) }), top: `${n}`, bottom: tr(`tile.short.${suit}`), cls: suit };
  }
  const h = kind - 27;
  return {
    name: tr(`tile.honour.${h}`), top: tr(`tile.honourShort.${h}`), bottom: tr(h < 4 ? 'tile.wind' : 'tile.dragon'),
    cls: `honour ${HONOUR_CLASS[h]}`,
  };
}

/** A tile's name for a sentence ("west wind"). */
export const tileName = (/** @type {unknown} */ t) => (typeof t === 'number' && Number.isInteger(t) && t >= 0 && t < 144 ? tileInfo(t).name : String(t));

/** @param {number} t @param {string} path */
export function tile(t, path) {
  const info = tileInfo(t);
  const label = tr('tile.label', { name: info.name, id: t });
  // A catalog's short honour name may be a whole word (Arabic "شمال"): smaller type.
  return el('span', {
    class: `tile ${info.cls}`, 'data-tile': t, 'data-path': path, role: 'img', 'aria-label': label, title: label,
  }, el('span', { class: [...info.top].length > 2 ? 'glyph long' : 'glyph', text: info.top, 'aria-hidden': 'true' }),
  el('span', { class: 'short', text: info.bottom, 'aria-hidden': 'true' }));
}

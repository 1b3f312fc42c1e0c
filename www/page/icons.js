// Small pictures of the games for the game picker: SVG drawn here (no images, no
// emoji, no fonts), coloured by CSS classes (no style attributes). `ln`: a line in
// the text colour; `fl`: filled in the text colour; `rd`: filled red; `lt`: light fill.

const NS = 'http://www.w3.org/2000/svg';

function shape([tag, attrs, ...kids]) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const k of kids) e.append(shape(k));
  return e;
}

const card = (suit, cls) => [
  ['rect', { x: 6, y: 2, width: 20, height: 28, rx: 3, class: 'ln lt' }],
  ['g', { transform: 'translate(6 6) scale(.625)', class: cls }, suit],
];
// Suits drawn in a 32 × 32 box.
const SPADE = ['path', { d: 'M16 3C11 10 5 13 5 18.5a5 5 0 0 0 9 3L12.5 28h7L18 21.5a5 5 0 0 0 9-3C27 13 21 10 16 3z' }];
const HEART = ['path', { d: 'M16 28C7 20 4 16 4 11.5a6 6 0 0 1 12-1.5 6 6 0 0 1 12 1.5C28 16 25 20 16 28z' }];
const DIAMOND = ['path', { d: 'M16 2 27 16 16 30 5 16z' }];
const CLUB = ['path', { d: 'M16 3a5.5 5.5 0 0 0-4.6 8.5A5.5 5.5 0 1 0 14 21l-1.5 7h7L18 21a5.5 5.5 0 1 0 2.6-9.5A5.5 5.5 0 0 0 16 3z' }];

const pips = (points) => points.map(([cx, cy]) => ['circle', { cx, cy, r: 2.2, class: 'fl' }]);

const ICONS = {
  table: [
    ['rect', { x: 2, y: 4, width: 28, height: 24, rx: 2, class: 'ln lt' }],
    ['path', { d: 'M4 6l2.5 9L9 6zM11 6l2.5 9L16 6zM18 6l2.5 9L23 6zM25 6l2.5 9L28 6z', class: 'rd' }],
    ['path', { d: 'M4 26l2.5-9L9 26zM11 26l2.5-9L16 26zM18 26l2.5-9L23 26zM25 26l2.5-9L28 26z', class: 'fl' }],
  ],
  dame: [
    ['ellipse', { cx: 16, cy: 21, rx: 11, ry: 5, class: 'fl' }],
    ['rect', { x: 5, y: 16, width: 22, height: 5, class: 'fl' }],
    ['ellipse', { cx: 16, cy: 16, rx: 11, ry: 5, class: 'ln lt' }],
    ['ellipse', { cx: 16, cy: 16, rx: 6, ry: 2.5, class: 'ln' }],
    ['ellipse', { cx: 16, cy: 11, rx: 11, ry: 5, class: 'rd' }],
  ],
  xiangqi: [
    ['circle', { cx: 16, cy: 16, r: 13, class: 'ln lt' }],
    ['circle', { cx: 16, cy: 16, r: 9.5, class: 'ln rdline' }],
    ['path', { d: 'M12 10v12M20 10v12M10 13h12M10 19h12M16 9v14', class: 'ln rdline' }],
  ],
  tarneeb: card(HEART, 'rd'),
  trix: card(DIAMOND, 'rd'),
  bridge: card(SPADE, 'fl'),
  baloot: card(CLUB, 'fl'),
  mahjong: [
    ['rect', { x: 6, y: 2, width: 20, height: 28, rx: 3, class: 'ln lt' }],
    ['path', { d: 'M6 25h20', class: 'ln' }],
    ['circle', { cx: 11, cy: 8, r: 3, class: 'bl' }],
    ['circle', { cx: 16, cy: 14, r: 3, class: 'rd' }],
    ['circle', { cx: 21, cy: 20, r: 3, class: 'gr' }],
  ],
  poker: [
    ['circle', { cx: 16, cy: 16, r: 13, class: 'rd' }],
    ['path', { d: 'M16 3v6M16 23v6M3 16h6M23 16h6', class: 'ln wl' }],
    ['circle', { cx: 16, cy: 16, r: 7, class: 'ln lt' }],
  ],
  chess: [
    ['circle', { cx: 16, cy: 7, r: 4, class: 'fl' }],
    ['path', { d: 'M12 12h8l-2 3 2 8h-8l2-8z', class: 'fl' }],
    ['rect', { x: 8, y: 24, width: 16, height: 5, rx: 1.5, class: 'fl' }],
  ],
  crash: [
    ['path', { d: 'M3 3v26h26', class: 'ln' }],
    ['path', { d: 'M5 26C14 25 21 20 26 7', class: 'ln gnline' }],
    ['path', { d: 'M21 8l5.5-2 0 6', class: 'ln gnline' }],
  ],
  platforms: [
    ['rect', { x: 2, y: 24, width: 8, height: 5, class: 'fl' }],
    ['rect', { x: 12, y: 17, width: 8, height: 5, class: 'fl' }],
    ['rect', { x: 22, y: 10, width: 8, height: 5, class: 'rd' }],
    ['circle', { cx: 26, cy: 5, r: 3, class: 'fl' }],
  ],
  battle: [
    ['circle', { cx: 16, cy: 16, r: 13, class: 'ln lt' }],
    ['path', { d: 'M16 16V3a13 13 0 0 1 11.3 19.4z', class: 'bl' }],
    ['path', { d: 'M16 16l11.3 6.4A13 13 0 0 1 5 23z', class: 'gr' }],
    ['path', { d: 'M16 1v7', class: 'ln' }],
  ],
  hash_chain: [
    ['rect', { x: 2, y: 11, width: 16, height: 10, rx: 5, class: 'ln' }],
    ['rect', { x: 14, y: 11, width: 16, height: 10, rx: 5, class: 'ln' }],
  ],
  dice: [
    ['rect', { x: 3, y: 3, width: 26, height: 26, rx: 5, class: 'ln lt' }],
    ...pips([[9.5, 9.5], [22.5, 9.5], [16, 16], [9.5, 22.5], [22.5, 22.5]]),
  ],
  mines: [
    ['path', { d: 'M16 3v26M3 16h26M7 7l18 18M25 7 7 25', class: 'ln' }],
    ['circle', { cx: 16, cy: 16, r: 8, class: 'fl' }],
    ['circle', { cx: 13, cy: 13, r: 2, class: 'lt' }],
  ],
};

/** The picture of a game (by its picker key), or a plain square for an unknown one. */
export function gameIcon(key) {
  const shapes = ICONS[key] || [['rect', { x: 4, y: 4, width: 24, height: 24, rx: 4, class: 'ln' }]];
  return shape(['svg', { viewBox: '0 0 32 32', width: 32, height: 32, class: 'gameicon', 'aria-hidden': 'true', focusable: 'false' }, ...shapes]);
}

// What the badge reads of the scheme descriptors, carried in widget.js as data
// (issue 25): tools/bundle.mjs writes this projection of the built core's own
// schemes() into the bundle (the `fv:schemes` module), so the badge's start never
// asks its wasm for them (the core builds them value by value: a task of 45 ms at 4x
// CPU throttling, a phone). tests/browser/load.test.mjs holds the carried ones equal
// to this projection of what the badge's core says when it runs.

/** The fields the badge reads (www/render/words.js stepLimit: a walk cut by a lowered
 *  step limit is said as such). */
const FIELDS = ['maxSteps'];

/** Each descriptor's id, cards order (cards are drawn as rank and suit) and the
 *  fields above, as the core gives them. */
export function badgeDescriptors(list) {
  return list.map((d) => ({
    id: d.id,
    ...(d.cards !== undefined ? { cards: d.cards } : {}),
    fields: (d.fields || []).filter((f) => FIELDS.includes(f.name)),
  }));
}

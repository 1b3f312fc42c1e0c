// Questions the page and the widget ask of a scheme descriptor (from the core's
// FairVerifier.schemes()); nothing here names a scheme.

/** The descriptor with this id, or undefined. */
export const findScheme = (list, id) => list.find((d) => d.id === id);

/** The fields that apply to a game (fields without `games` apply to all). */
export function fieldsFor(desc, game) {
  const g = game || desc.games[0].id;
  return desc.fields.filter((f) => !f.games || f.games.includes(g));
}

/** The commitment a badge shows before the game (role commitment, primary). */
export function primaryCommitment(desc) {
  return desc.fields.find((f) => f.role === 'commitment' && f.primary) ||
    desc.fields.find((f) => f.role === 'commitment') || null;
}

/** The descriptors: api.schemes() (the core's own list). */
export const describe = (api) => api.schemes();

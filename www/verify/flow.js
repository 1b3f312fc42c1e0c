// @ts-check
// One verification, whatever asks for it (the page's worker, the page without
// workers, the badge): the core's report with the chain walk pending; when the
// report asks for a walk (`report.walk`), the positions remembered for its
// terminal, the walk itself (`walk`, supplied by the caller: in this thread, in a
// worker), and the core's final report from the walk's outcome. Round histories
// go the same way. Nothing here reads a record or decides a check: the core's
// reports say what to walk and what it proved.

/** @typedef {import('./types').Api} Api */
/** @typedef {import('./types').Walked} Walked */
/** `steps(record, options)`: the record's report made in steps (verifyInSteps), for
 *  a record given as an object or text (bytes go to verifyBytes in one call).
 *  @typedef {{walk: (request: import('./types').WalkRequest, memory: import('./types').Positions | null) => Promise<Walked | null>,
 *  steps?: ((record: object | string, options: import('./types').VerifyOptions) => Promise<import('./types').Report>) | null,
 *  recall?: ((terminal: string) => Promise<import('./types').Positions | null>) | null,
 *  onPending?: (report: any) => void}} FlowSteps */
/** What a flow resolves to: the core's answer (a record's `report`, a round
 *  history's `data`), the walk asked for and its answer.
 *  @typedef {{report?: import('./types').Report, data?: any, request?: import('./types').WalkRequest, walked?: Walked}} FlowResult */
/** A flow's result as toRemember reads it (the client's: the walk as the worker showed it).
 *  @typedef {{report?: import('./types').Report, data?: any, request?: import('./types').WalkRequest,
 *  walked?: {checkpoints: import('./types').Positions | null} | null}} Remembering */

/** The core's report of `input` ({record} | {text} | {bytes}).
 *  @param {Api} api @param {import('./types').Input} input @param {import('./types').VerifyOptions} options */
function run(api, input, options) {
  if (input.bytes !== undefined) return api.verifyBytes(input.bytes, options);
  return api.verify(input.record !== undefined ? input.record : /** @type {string} */ (input.text), options);
}

/**
 * `options`: the core's options besides the walk (`{shown}`). `walk(request,
 * memory)`: resolves to walkChain's answer, or null when cancelled. `recall(terminal)`:
 * the remembered positions (or null; not given: none). `onPending(report)`: the
 * report while the walk runs (verdict `checking`).
 * Resolves to {report, request?, walked?} (the walk asked for and its answer), or
 * null when cancelled.
 * @param {Api} api
 * @param {import('./types').Input} input
 * @param {FlowSteps & {options?: import('./types').VerifyOptions}} steps
 * @returns {Promise<FlowResult | null>}
 */
export async function verifyFlow(api, input, { options, walk, recall, onPending, steps } = /** @type {FlowSteps} */ ({})) {
  const base = options || {};
  const pending = steps && input.bytes === undefined
    ? await steps(input.record !== undefined ? input.record : /** @type {string} */ (input.text), { ...base, walk: 'pending' })
    : run(api, input, { ...base, walk: 'pending' });
  if (!pending.walk) return { report: pending };
  if (onPending) onPending(pending);
  const memory = recall ? await recall(pending.walk.terminal) : null;
  const walked = await walk(pending.walk, memory);
  if (!walked) return null;
  return { report: run(api, input, { ...base, walk: walked.outcome }), request: pending.walk, walked };
}

/** A round history ({game, text, terminal?}) as verifyFlow does a record: resolves
 *  to {data, request?, walked?} (data: the core's answer), or null when cancelled.
 *  @param {Api} api
 *  @param {{game: string, text: string, terminal?: string}} history
 *  @param {FlowSteps} steps
 *  @returns {Promise<FlowResult | null>} */
export async function roundsFlow(api, { game, text, terminal }, { walk, recall, onPending } = /** @type {FlowSteps} */ ({})) {
  if (!terminal) return { data: api.checkRounds(game, text) };
  const pending = api.checkRounds(game, text, { terminal, walk: 'pending' });
  if (!pending.walk) return { data: pending };
  if (onPending) onPending(pending);
  const memory = recall ? await recall(pending.walk.terminal) : null;
  const walked = await walk(pending.walk, memory);
  if (!walked) return null;
  return { data: api.checkRounds(game, text, { terminal, walk: walked.outcome }), request: pending.walk, walked };
}

/** What a finished flow leaves to remember ({terminal, found, more}), or null: the
 *  walk's checkpoints once the core's answer says the walk reached the terminal;
 *  `more`, a history's newest proven round too.
 *  @param {Remembering | null} result
 *  @returns {{terminal: string, found: import('./types').Positions | null, more: import('./types').Entry[]} | null} */
export function toRemember(result) {
  if (!result || !result.walked || !result.walked.checkpoints) return null;
  const terminal = /** @type {import('./types').WalkRequest} */ (result.request).terminal;
  if (result.report) return result.report.chainOk === true ? { terminal, found: result.walked.checkpoints, more: [] } : null;
  const c = result.data.summary.chain;
  if (!c || c.ok !== true) return null;
  return { terminal, found: result.walked.checkpoints, more: c.newest ? [[c.newest.hash, c.newest.round]] : [] };
}

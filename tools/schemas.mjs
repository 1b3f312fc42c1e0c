// JSON Schemas (draft 2020-12) of each scheme's record, made from the core's scheme
// descriptors (FairVerifier.schemes()), so operators can validate the records they
// publish: pkg/schemas/<scheme>.schema.json. They say what the core accepts in shape
// (fields, types, ranges, the game's own fields); the core stays the judge of values.
import fs from 'node:fs';
import path from 'node:path';

const HEX64 = { type: 'string', pattern: '^[0-9a-fA-F]{64}$' };
const SAFE = 9007199254740991;

/** The schema of one field's value, by its descriptor kind. */
export function fieldSchema(f) {
  const nullable = (s) => (f.empty === 'null' ? { anyOf: [s, { type: 'null' }] } : s);
  switch (f.kind) {
    case 'hash': return nullable({ ...HEX64 });
    case 'text': return nullable({ type: 'string' });
    case 'int': {
      const s = { type: 'integer', minimum: f.min !== undefined ? f.min : -SAFE, maximum: f.max !== undefined ? f.max : SAFE };
      if (f.options) s.enum = f.options.map(Number);
      return s;
    }
    case 'select': return { type: 'string', enum: f.options };
    case 'list': return { type: 'array', items: { type: 'string' } };
    case 'seats': return { type: 'object', additionalProperties: { type: 'string' } };
    case 'numbers': return { type: 'array', items: { type: 'number' } };
    case 'buyers': return { type: 'array', items: { type: 'object' } };
    case 'bets': return { type: 'array', minItems: 1, maxItems: 10000, items: { type: 'object', required: ['nonce'] } };
    default: return {};
  }
}

/** The record schema of one descriptor. */
export function recordSchema(d, version) {
  const properties = { scheme: { const: d.id } };
  const required = ['scheme'];
  const byGame = new Map();
  const hasBets = d.fields.some((f) => f.kind === 'bets');
  // With `bets`, each bet carries its nonce and selection: those top-level fields
  // are required only without `bets` (SPEC §7).
  const perBet = new Set(hasBets ? d.fields.filter((f) => f.required && ['nonce', 'selected', 'mines'].includes(f.name)).map((f) => f.name) : []);
  for (const f of d.fields) {
    properties[f.name] = { ...fieldSchema(f), description: f.label };
    if (!f.required) continue;
    if (perBet.has(f.name)) continue;
    if (f.games) for (const g of f.games) byGame.set(g, [...(byGame.get(g) || []), f.name]);
    else required.push(f.name);
  }
  const s = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `fairverify/${version}/schemas/${d.id}.schema.json`,
    title: `fairverify ${d.id} record`,
    type: 'object', properties, required, additionalProperties: false,
  };
  const all = [];
  for (const [g, names] of byGame) all.push({ if: { properties: { game: { const: g } }, required: ['game'] }, then: { required: names } });
  if (perBet.size) {
    all.push({
      if: { required: ['bets'] },
      then: { not: { anyOf: [...perBet].map((n) => ({ required: [n] })) } },
      else: { required: [...perBet] },
    });
  }
  if (all.length) s.allOf = all;
  return s;
}

export function writeSchemas(descriptors, dir, version) {
  fs.mkdirSync(dir, { recursive: true });
  for (const d of descriptors) {
    fs.writeFileSync(path.join(dir, `${d.id}.schema.json`), JSON.stringify(recordSchema(d, version), null, 2) + '\n');
  }
}

/** A validator for the subset above (type, const, enum, pattern, minimum, maximum,
 *  minItems, maxItems, items, properties, required, additionalProperties, anyOf,
 *  not, allOf, if/then/else): the list of errors, empty when valid. */
export function validate(schema, v, at = '') {
  const errs = [];
  const is = (type, x) => (type === 'integer' ? Number.isInteger(x)
    : type === 'number' ? typeof x === 'number' && Number.isFinite(x)
      : type === 'array' ? Array.isArray(x)
        : type === 'object' ? x !== null && typeof x === 'object' && !Array.isArray(x)
          : type === 'null' ? x === null : typeof x === type);
  if (schema.type && !is(schema.type, v)) return [`${at || '/'}: not ${schema.type}`];
  if ('const' in schema && v !== schema.const) errs.push(`${at}: not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: not one of ${schema.enum.join(', ')}`);
  if (schema.pattern && typeof v === 'string' && !new RegExp(schema.pattern, 'u').test(v)) errs.push(`${at}: does not match ${schema.pattern}`);
  if (schema.minimum !== undefined && typeof v === 'number' && v < schema.minimum) errs.push(`${at}: below ${schema.minimum}`);
  if (schema.maximum !== undefined && typeof v === 'number' && v > schema.maximum) errs.push(`${at}: above ${schema.maximum}`);
  if (Array.isArray(v)) {
    if (schema.minItems !== undefined && v.length < schema.minItems) errs.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && v.length > schema.maxItems) errs.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) v.forEach((x, i) => errs.push(...validate(schema.items, x, `${at}/${i}`)));
  }
  if (is('object', v)) {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}/${r}: required`);
    for (const [k, x] of Object.entries(v)) {
      if (schema.properties && schema.properties[k]) errs.push(...validate(schema.properties[k], x, `${at}/${k}`));
      else if (schema.additionalProperties === false) errs.push(`${at}/${k}: not allowed`);
      else if (typeof schema.additionalProperties === 'object') errs.push(...validate(schema.additionalProperties, x, `${at}/${k}`));
    }
  }
  if (schema.anyOf && !schema.anyOf.some((s) => validate(s, v, at).length === 0)) errs.push(`${at}: matches none of anyOf`);
  if (schema.not && validate(schema.not, v, at).length === 0) errs.push(`${at}: matches "not"`);
  for (const s of schema.allOf || []) errs.push(...validate(s, v, at));
  if (schema.if) {
    const branch = validate(schema.if, v, at).length === 0 ? schema.then : schema.else;
    if (branch) errs.push(...validate(branch, v, at));
  }
  return errs;
}

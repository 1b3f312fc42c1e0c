// JSON Schemas (draft 2020-12) of each scheme's record, made from the core's scheme
// descriptors (FairVerifier.schemes()), so operators can validate the records they
// publish: pkg/schemas/<scheme>.schema.json. They say what the core accepts in shape
// (fields, types, ranges, item counts, which fields go together, the game's own
// fields); the core stays the judge of values (a draw count against its tile set,
// battle chances that sum to 100). tests/node/widget.test.mjs validates them with
// ajv, an independent validator.
import fs from 'node:fs';
import path from 'node:path';

const HEX64 = { type: 'string', pattern: '^[0-9a-fA-F]{64}$' };
const SAFE = 9007199254740991;

const counted = (f, s) => ({
  ...s,
  ...(f.minItems !== undefined ? { minItems: f.minItems } : {}),
  ...(f.maxItems !== undefined ? { maxItems: f.maxItems } : {}),
});

/** The schema of one field's value, by its descriptor kind. */
export function fieldSchema(f) {
  const nullable = (s) => (f.empty === 'null' ? { anyOf: [s, { type: 'null' }] } : s);
  const range = (s) => ({ ...s, minimum: f.min !== undefined ? f.min : -SAFE, maximum: f.max !== undefined ? f.max : SAFE });
  switch (f.kind) {
    case 'hash': return nullable({ ...HEX64 });
    case 'text': return nullable({ type: 'string' });
    case 'int': return f.options ? { type: 'integer', enum: f.options } : range({ type: 'integer' });
    case 'select': return { type: 'string', enum: f.options };
    case 'list': return { type: 'array', items: { type: 'string' } };
    case 'seats': return { type: 'object', additionalProperties: { type: 'string' } };
    case 'numbers': return counted(f, { type: 'array', items: f.min !== undefined ? range({ type: 'integer' }) : { type: 'number' } });
    case 'buyers': return counted(f, { type: 'array', items: { type: 'object' } });
    case 'bets': return counted(f, { type: 'array', items: { type: 'object', required: ['nonce'] } });
    default: return f.maxItems !== undefined ? counted(f, { type: 'array' }) : {};
  }
}

/** The record schema of one descriptor. */
export function recordSchema(d, version) {
  const properties = { scheme: { const: d.id } };
  const required = ['scheme'];
  const all = [];
  const byGame = new Map();
  for (const f of d.fields) {
    properties[f.name] = { ...fieldSchema(f), description: f.label };
    if (f.insteadOf) {
      // A single bet's field, or the record's `bets`: exactly one of them.
      all.push({ if: { required: [f.insteadOf] }, then: { not: { required: [f.name] } }, else: { required: [f.name] } });
    } else if (f.unless) {
      // Required unless the other field is given (a count `played` implies), and only
      // in the games it belongs to.
      const need = { if: { not: { required: [f.unless] } }, then: { required: [f.name] } };
      if (f.games) for (const g of f.games) all.push({ if: { properties: { game: { const: g } }, required: ['game'] }, then: need });
      else all.push(need);
    } else if (f.with) {
      all.push({ if: { required: [f.name] }, then: { required: [f.with] } });
    } else if (f.required) {
      if (f.games) for (const g of f.games) byGame.set(g, [...(byGame.get(g) || []), f.name]);
      else required.push(f.name);
    }
  }
  for (const [g, names] of byGame) all.push({ if: { properties: { game: { const: g } }, required: ['game'] }, then: { required: names } });
  const s = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `fairverify/${version}/schemas/${d.id}.schema.json`,
    title: `fairverify ${d.id} record`,
    type: 'object', properties, required, additionalProperties: false,
  };
  if (all.length) s.allOf = all;
  return s;
}

export function writeSchemas(descriptors, dir, version) {
  fs.mkdirSync(dir, { recursive: true });
  for (const d of descriptors) {
    fs.writeFileSync(path.join(dir, `${d.id}.schema.json`), JSON.stringify(recordSchema(d, version), null, 2) + '\n');
  }
}

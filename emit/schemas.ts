/**
 * The published JSON Schemas, generated from the zod definitions they describe: the scenario file
 * from the contract (core/contract.ts), the manifest from emit/manifest.ts. `lmc docs` writes them
 * to schemas/; a test fails when the committed files differ from what this module generates.
 */
import { z } from 'zod/v4';
import { categories, expectedSchema, goldSourceRules, goldSources, isSessionCategory, querySchema, scenarioFileSchema, sessionFields, sessionShapes, type SessionField } from '../core/contract.ts';
import { manifestSchema } from './manifest.ts';

type Json = Record<string, unknown>;

/** zod's JSON Schema, tidied: no `id` echoes inside $defs, no safe-integer bounds zod adds to every integer. */
function jsonSchemaOf(schema: z.ZodType): Json {
  const tidy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(tidy);
    if (!value || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'string') continue;
      if ((k === 'maximum' && v === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && v === Number.MIN_SAFE_INTEGER)) continue;
      out[k] = tidy(v);
    }
    return out;
  };
  const out = tidy(z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'throw' })) as Json;
  typeUniqueItems(out, (out.$defs ?? {}) as Record<string, Json>);
  return out;
}

/**
 * States the type beside each `$ref` that a `uniqueItems` array's items name: a validator that
 * sees the items are strings checks uniqueness by hashing (ajv does), where a bare `$ref` makes it
 * compare every pair, minutes for an answer of 200,000 ids.
 */
function typeUniqueItems(value: unknown, defs: Record<string, Json>): void {
  if (Array.isArray(value)) return value.forEach((v) => typeUniqueItems(v, defs));
  if (!value || typeof value !== 'object') return;
  const node = value as Json;
  const items = node.items as Json | undefined;
  const ref = typeof items?.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(items.$ref)?.[1] : undefined;
  const type = ref === undefined ? undefined : defs[ref]?.type;
  if (node.uniqueItems === true && typeof type === 'string' && type !== 'object' && type !== 'array') node.items = { type, ...items };
  for (const v of Object.values(node)) typeUniqueItems(v, defs);
}

/** goldSourceRules as if/then rules on the scenario object (zod applies them as a refinement). */
function goldSourceConditions(): Json[] {
  const rules: Json[] = [];
  for (const source of goldSources) {
    const rule = goldSourceRules[source];
    const then: Json = {};
    if (rule.op) then.properties = { query: { type: 'object', properties: { op: { const: rule.op } }, required: ['op'] } };
    if (rule.notOp) then.properties = { query: { type: 'object', properties: { op: { not: { const: rule.notOp } } }, required: ['op'] } };
    if (rule.requires) then.required = [rule.requires];
    if (rule.emptyAnswer) then.properties = { ...(then.properties as object),  expected: { type: 'object', properties: { kind: { const: 'exact_set' }, stable_ids: { type: 'array', maxItems: 0 } }, required: ['kind', 'stable_ids'] } };
    rules.push({ if: { properties: { gold_source: { const: source } }, required: ['gold_source'] }, then });
  }
  return rules;
}

/** sessionShapes as if/then rules: each category's session fields required, every other session field absent. */
function sessionConditions(): Json[] {
  const fields = Object.keys(sessionFields) as SessionField[];
  return categories.map((c) => {
    const wanted: readonly SessionField[] = isSessionCategory(c) ? sessionShapes[c] : [];
    const then: Json = { properties: Object.fromEntries(fields.filter((f) => !wanted.includes(f)).map((f) => [f, false])) };
    if (wanted.length) then.required = [...wanted];
    return { if: { properties: { category: { const: c } }, required: ['category'] }, then };
  });
}

/**
 * A zod discriminated union comes out as `anyOf`; as `oneOf` with a `discriminator`, validators
 * report the error of the branch the tag picks rather than of the first branch.
 */
function discriminated(def: Json, union: z.ZodDiscriminatedUnion): Json {
  const tag = union._zod.def.discriminator;
  return { type: 'object', required: [tag], discriminator: { propertyName: tag }, oneOf: def.anyOf };
}

export function scenarioFileJsonSchema(): Json {
  const schema = jsonSchemaOf(scenarioFileSchema);
  const defs = schema.$defs as Record<string, Json>;
  defs.scenario = { ...defs.scenario, allOf: [...goldSourceConditions(), ...sessionConditions()] };
  defs.query = discriminated(defs.query!, querySchema);
  defs.expected = discriminated(defs.expected!, expectedSchema);
  return {
    $schema: schema.$schema,
    $id: 'https://longmemcode.dev/schemas/scenario-file.schema.json',
    title: 'LongMemCode scenario file',
    description:
      'A top-level array of scenarios, as the LongMemCode runner reads it. Ids and queries are unique within a file (checked by the pipeline; JSON Schema cannot express it). Generated from core/contract.ts.',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}

export function manifestJsonSchema(): Json {
  const schema = jsonSchemaOf(manifestSchema);
  return {
    $schema: schema.$schema,
    $id: 'https://longmemcode.dev/schemas/manifest.schema.json',
    title: 'LongMemCode scenario manifest',
    description:
      'Everything a scenario file was made from, so an auditor can regenerate and compare it byte for byte. Holds no timestamps or machine-specific paths. Generated from emit/manifest.ts.',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}

/** The files `lmc docs` writes under schemas/, with their text. */
export function schemaFiles(): Array<{ path: string; text: string }> {
  return [
    { path: 'schemas/scenario-file.schema.json', text: `${JSON.stringify(scenarioFileJsonSchema(), null, 2)}\n` },
    { path: 'schemas/manifest.schema.json', text: `${JSON.stringify(manifestJsonSchema(), null, 2)}\n` },
  ];
}

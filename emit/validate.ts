import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { canonicalJson } from '../core/canonical-json.ts';
import { sessionProblem, type Scenario } from '../core/contract.ts';
import { manifestJsonSchema, scenarioFileJsonSchema } from './schemas.ts';

const ajv = new Ajv2020({ allErrors: false, strict: true, strictRequired: false, discriminator: true });
const scenarioFileValidator: ValidateFunction = ajv.compile(scenarioFileJsonSchema());
const oneScenarioValidator: ValidateFunction = ajv.compile(oneScenarioSchema());

/**
 * The published file schema's scenario definition, on its own, to check scenarios one by one from
 * any file: an id need only be a non-empty string there (the `<sub_type>-<hash>` form is this
 * pipeline's own convention, not the runner's).
 */
function oneScenarioSchema(): object {
  const { $schema, $defs } = structuredClone(scenarioFileJsonSchema()) as { $schema: string; $defs: { scenario: { properties: { id: object } } } };
  $defs.scenario.properties.id = { type: 'string', minLength: 1 };
  return { $schema, $defs, $ref: '#/$defs/scenario' };
}

/** What the published schema says is wrong with one scenario (its first problem), or undefined. */
export function scenarioSchemaProblem(scenario: unknown): string | undefined {
  if (oneScenarioValidator(scenario)) return undefined;
  const e = oneScenarioValidator.errors?.[0];
  return `${e?.instancePath || '/'} ${e?.message ?? 'is invalid'}`;
}
const manifestValidator: ValidateFunction = ajv.compile(manifestJsonSchema());

function describe(errors: ErrorObject[] | null | undefined, data: unknown): string {
  const e = errors?.[0];
  if (!e) return 'invalid';
  const path = e.instancePath || '/';
  const index = /^\/(\d+)/.exec(path);
  const id = index ? (data as Array<{ id?: unknown }>)[Number(index[1])]?.id : undefined;
  return `${typeof id === 'string' ? `scenario ${id}: ` : ''}${path} ${e.message ?? 'is invalid'}`;
}

/** Schema check plus what JSON Schema cannot say: ids and queries unique in the file. Returns problems, empty when valid. */
export function checkScenarioFile(data: unknown): string[] {
  if (!scenarioFileValidator(data)) return [describe(scenarioFileValidator.errors, data)];
  const problems: string[] = [];
  const ids = new Set<string>();
  const queries = new Map<string, string>();
  for (const s of data as Scenario[]) {
    if (ids.has(s.id)) problems.push(`scenario ${s.id}: duplicate id`);
    ids.add(s.id);
    const key = canonicalJson(s.query);
    const first = queries.get(key);
    if (first) problems.push(`scenario ${s.id}: same query as ${first}`);
    else queries.set(key, s.id);
    const shape = sessionProblem(s);
    if (shape) problems.push(`scenario ${s.id}: ${shape}`);
  }
  return problems;
}

export function checkManifest(data: unknown): string[] {
  return manifestValidator(data) ? [] : [describe(manifestValidator.errors, data)];
}

import { createHash } from 'node:crypto';
import { z } from 'zod/v4';
import type { FetchedCorpus } from '../fetchers/index.ts';
import { hasIdiom, languageOf, type Language } from '../core/languages.ts';
import { generators, GENERATOR_VERSION, type SubTypeReport } from '../generators/index.ts';
import type { SubTypeGenerator } from '../generators/types.ts';
import { categories, DATASET_LICENSE, extensionOps, extensionsOf, protocolExtensions, protocolProfiles, type ProtocolExtension, type ProtocolProfile, goldSources, handWrittenCategories, isSessionCategory, isUnweightedCategory, PROTOCOL_VERSION, symbolKinds, upstreamOps, type Scenario } from '../core/contract.ts';
import { CATEGORY_MINIMUM, inexpressibleSubTypes, UNWEIGHTED_QUOTA } from '../generators/types.ts';
import type { IndexResult } from '../indexers/index.ts';
import type { Corpus } from '../core/lock.ts';

const count = z.int().min(0);
const powerRow = z.object({ n: count, share: z.number(), half_width: z.number().nullable() }).strict();
export type PowerRow = z.infer<typeof powerRow>;

const fileRef = z.object({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).strict();


/** The manifest beside every scenario file; its JSON Schema (schemas/manifest.schema.json) is generated from this. */
export const manifestSchema = z
  .object({
    format_version: z.literal(1),
    generator: z.object({ name: z.literal('lmc'), version: z.string() }).strict(),
    dataset_license: z.literal(DATASET_LICENSE).meta({ description: "The scenario file's licence (SPDX); the corpus code's is corpus.license." }),
    corpus: z
      .object({
        name: z.string(),
        language: z.string(),
        description: z.string(),
        license: z.string().meta({ description: "The corpus code's licence (SPDX), from the lock. The scenario files themselves are under `dataset_license`." }),
        source: z.record(z.string(), z.unknown()).meta({ description: "The lock's source entry, as pinned." }),
        include: z.array(z.string()),
        exclude: z.array(z.string()),
        content_digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
        drift: z
          .object({ source: z.record(z.string(), z.unknown()), content_digest: z.string().regex(/^sha256:[0-9a-f]{64}$/) })
          .strict()
          .optional()
          .meta({ description: "The earlier pin the Drift scenarios compare with: the lock's `drift` source and its selected tree's digest." }),
        files: count,
        bytes: count,
        skipped: z
          .object({ symlinks: z.array(z.string()), names_not_utf8: z.array(z.string()), binary: z.array(z.string()), archive_entries: z.array(z.string()), hard_links: z.array(z.string()) })
          .strict()
          .meta({ description: "What the selection left out: symbolic links (never followed), entries whose names are not UTF-8 (escaped as \\xNN), binary files (a NUL byte: catalogues, fonts, images), the entries of the source's archive never extracted (links, devices, fifos), and files with more than one name (hard links, never read: another name may lie outside the source)." }),
      })
      .strict(),
    indexer: z
      .object({
        name: z.string(),
        version: z.string(),
        precision: z.enum(['compiler', 'syntactic']),
        project: z.object({ name: z.string(), version: z.string() }).strict(),
        symbols: count,
        documents: count,
        call_resolution: z
          .object({ resolved: count, unresolved: count, rate: z.number().min(0).max(1).nullable() })
          .strict()
          .meta({ description: "References in corpus bodies the index binds to a corpus callable, calls it left unresolved, and resolved / (resolved + unresolved) (null when there are none). A syntactic index's unresolved calls include calls of code outside the corpus; call questions are asked only about names no unresolved call shares." }),
      })
      .strict(),
    seed: count,
    budget: z.int().min(1),
    protocol: z
      .object({
        version: z.literal(PROTOCOL_VERSION),
        profile: z.enum(protocolProfiles).meta({ description: "`lmc`: the full protocol; `upstream`: only forms the upstream runner's reference adapters understand (`lmc generate --protocol upstream`)." }),
        ops: z.array(z.string()),
        extensions: z.array(z.string()),
        uses: z.array(z.enum(Object.keys(protocolExtensions) as [ProtocolExtension, ...ProtocolExtension[]])).meta({ description: 'The conventions beyond the upstream reference adapters that this file\'s scenarios use (core/contract.ts, protocolExtensions); empty in the upstream profile.' }),
        left_out: z.record(z.string(), count).optional().meta({ description: 'Upstream profile: scenarios of the full file left out, by the first convention each uses.' }),
        without_kind: count.optional().meta({ description: 'Upstream profile: lookups kept by dropping a `kind` the index answers the same without (new ids, as the query changed).' }),
      })
      .strict()
      .meta({ description: "The query protocol the file speaks: the upstream runner's ops, and the extension ops beyond them (an adapter that does not know one answers it with an error and `results: []`)." }),
    kinds: z.array(z.string()).meta({ description: 'The vocabulary lookup.kind and orphans.kind use.' }),
    counts: z
      .object({
        total: count,
        by_category: z.record(z.string(), z.int()),
        by_sub_type: z.record(z.string(), z.int()),
        by_gold_source: z.record(z.string(), z.int()),
      })
      .strict(),
    power: z
      .object({ by_category: z.record(z.string(), powerRow), by_gold_source: z.record(z.string(), powerRow) })
      .strict()
      .meta({ description: 'Per category and gold source: n, share of the file (%), and the worst-case 95% interval half-width of a pass rate (points).' }),
    shortfalls: z
      .array(z.object({ category: z.string(), n: z.int(), reason: z.string() }).strict())
      .meta({ description: `Categories under the ${CATEGORY_MINIMUM}-scenario aim, and why.` }),
    sub_types: z
      .array(
        z
          .object({
            category: z.string(),
            sub_type: z.string(),
            gold_source: z.string(),
            targets: count.meta({
              description: "Candidates that passed the sub-type's cheap checks: an upper bound on the questions it could ask (drafting may still rule some out, and the budget may stop before drafting all).",
            }),
            emitted: count,
            exhausted: z.boolean().meta({ description: 'Every candidate was drafted, so `emitted` is all this sub-type offers after de-duplication.' }),
            reason: z.string().optional(),
          })
          .strict(),
      )
      .meta({
        description:
          'Every sub-type the generator knows: how many candidates passed its cheap checks, how many questions it emitted, and whether every candidate was drafted. Exhausted with nothing emitted means the corpus cannot feed it, and `reason` says why.',
      }),
    inexpressible: z
      .array(z.object({ category: z.string(), sub_type: z.string(), reason: z.string() }).strict())
      .meta({ description: "Sub-types of the taxonomy that the protocol's ops cannot ask honestly." }),
    grep: z
      .object({
        rg_version: z.string(),
        searches: z.int(),
        scenarios: z.int(),
        share: z.number(),
      })
      .strict(),
    overlays: z.object({ manual: z.string().nullable(), specs: z.string().nullable() }).strict(),
    judged: z
      .union([
        z.object({ file: z.string(), n: count, defects: count, rate: z.number(), interval: z.array(z.number()).length(2) }).strict(),
        z.object({ file: z.string(), problem: z.string() }).strict(),
      ])
      .optional()
      .meta({ description: 'The sample in audits/<corpus>.yaml judged against the source: n, defects, the defect rate and its 95% Wilson interval (percent); or why the sample no longer fits this file.' }),
    scenario_file: z.object({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), scenarios: count }).strict(),
    outputs: z
      .object({ audit: fileRef, card: fileRef, chart: fileRef })
      .strict()
      .meta({ description: 'The other files published with this manifest and their sha256: a set whose files do not match is mixed or edited.' }),
    difficulty_floor: z
      .object({
        adapter: z.literal('grep-floor'),
        weighted_accuracy: z.number(),
        weighted_accuracy_upstream: z.number(),
        raw_accuracy: z.number(),
        by_category: z.record(z.string(), z.number()),
        too_easy: z.array(z.string()),
      })
      .strict()
      .meta({ description: "The grep-floor adapter's scores on this file (mean per category, 0..1), from the validate stage: weighted over the nine categories present (the paper's weights) and over the upstream runner's six; categories above 0.6 are flagged too easy." }),
  })
  .strict();

/** A manifest; `difficulty_floor` comes from the validate stage and `outputs` at publication, so drafts lack them. */
export type Manifest = Omit<z.infer<typeof manifestSchema>, 'difficulty_floor' | 'outputs' | 'corpus'> & {
  corpus: Omit<z.infer<typeof manifestSchema>['corpus'], 'source'> & { source: Corpus['source'] };
  difficulty_floor?: z.infer<typeof manifestSchema>['difficulty_floor'];
  outputs?: z.infer<typeof manifestSchema>['outputs'];
};

export function halfWidth(n: number): number | null {
  return n === 0 ? null : round1(196 * Math.sqrt(0.25 / n));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function power(scenarios: Scenario[], key: (s: Scenario) => string, order: readonly string[]): Record<string, PowerRow> {
  const out: Record<string, PowerRow> = {};
  for (const k of order) {
    const n = scenarios.filter((s) => key(s) === k).length;
    out[k] = { n, share: scenarios.length ? round1((100 * n) / scenarios.length) : 0, half_width: halfWidth(n) };
  }
  return out;
}

function countBy(scenarios: Scenario[], key: (s: Scenario) => string, order: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const k of order) counts[k] = 0;
  for (const s of scenarios) counts[key(s)] = (counts[key(s)] ?? 0) + 1;
  return counts;
}

export interface ManifestInput {
  corpus: Corpus;
  fetched: FetchedCorpus;
  indexed: IndexResult;
  project: { name: string; version: string };
  symbols: number;
  callSites: { resolved: number; unresolved: number };
  scenarios: Scenario[];
  subTypes: SubTypeReport[];
  scenarioText: string;
  grep: { rgVersion: string; searches: number };
  overlays: { manual: string | null; specs: string | null };
  profile: { name: ProtocolProfile; leftOut: Record<string, number>; withoutKind: number };
  /** The earlier pin Drift compared with, where the lock names one. */
  driftBase?: { source: Record<string, unknown>; contentDigest: string };
}

function resolutionOf(sites: { resolved: number; unresolved: number }): Manifest['indexer']['call_resolution'] {
  const all = sites.resolved + sites.unresolved;
  return { ...sites, rate: all ? Math.round((1000 * sites.resolved) / all) / 1000 : null };
}

export function buildManifest(m: ManifestInput): Manifest {
  const { scenarios } = m;
  const goldOf = new Map(generators.map((g) => [g.subType, g]));
  const byCategory = countBy(scenarios, (s) => s.category, categories);
  const subTypeOrder = [...new Set([...m.subTypes.map((r) => r.sub_type), ...scenarios.map((s) => s.sub_type).sort()])];
  const grepCount = scenarios.filter((s) => s.gold_source === 'grep_compared').length;
  return {
    format_version: 1,
    generator: { name: 'lmc', version: GENERATOR_VERSION },
    dataset_license: DATASET_LICENSE,
    corpus: {
      name: m.corpus.name,
      language: m.corpus.language,
      description: m.corpus.description,
      license: m.corpus.license,
      source: m.corpus.source,
      include: m.corpus.include,
      exclude: m.corpus.exclude,
      content_digest: m.fetched.contentDigest,
      ...(m.driftBase ? { drift: { source: m.driftBase.source, content_digest: m.driftBase.contentDigest } } : {}),
      files: m.fetched.files,
      bytes: m.fetched.bytes,
      skipped: { symlinks: m.fetched.skippedLinks, names_not_utf8: m.fetched.skippedNames, binary: m.fetched.skippedBinary, archive_entries: m.fetched.skippedArchive, hard_links: m.fetched.skippedHardLinks },
    },
    indexer: { ...m.indexed.indexer, project: m.project, symbols: m.symbols, documents: m.indexed.documents, call_resolution: resolutionOf(m.callSites) },
    seed: m.corpus.seed,
    budget: m.corpus.budget,
    protocol: {
      version: PROTOCOL_VERSION,
      profile: m.profile.name,
      ops: [...upstreamOps],
      extensions: [...extensionOps],
      uses: conventionsUsed(scenarios),
      ...(m.profile.name === 'upstream' ? { left_out: m.profile.leftOut, without_kind: m.profile.withoutKind } : {}),
    },
    kinds: [...symbolKinds],
    counts: {
      total: scenarios.length,
      by_category: byCategory,
      by_sub_type: countBy(scenarios, (s) => s.sub_type, subTypeOrder),
      by_gold_source: countBy(scenarios, (s) => s.gold_source, goldSources),
    },
    power: {
      by_category: power(scenarios, (s) => s.category, categories),
      by_gold_source: power(scenarios, (s) => s.gold_source, goldSources),
    },
    shortfalls: categories
      .filter((c) => byCategory[c]! < (isUnweightedCategory(c) ? UNWEIGHTED_QUOTA : CATEGORY_MINIMUM))
      .map((c) => {
        const reports = m.subTypes.filter((r) => r.category === c);
        // Below its quota, every member ran dry: what was emitted is all the category's pool holds.
        const offered = reports.reduce((a, r) => a + r.emitted, 0);
        const reason =
          handWrittenCategories.has(c)
            ? `${c} comes only from hand-written overlays (scenarios/manual/)`
            : isSessionCategory(c) && !m.corpus.sessions
              ? 'session-shaped scenarios are asked only where the lock sets `sessions: true`, once a sample of them is judged against the source'
              : c === 'Drift' && !m.corpus.drift
                ? 'drift scenarios are asked only where the lock names an earlier pin of the corpus (`drift`)'
              : `the corpus offers ${offered} distinct question(s) for this category after de-duplication${dryOnes(reports, goldOf, languageOf(m.corpus.language))}`;
        return { category: c, n: byCategory[c]!, reason };
      }),
    sub_types: m.subTypes.map((r) => ({
      category: r.category,
      sub_type: r.sub_type,
      gold_source: goldOf.get(r.sub_type)!.goldSource,
      targets: r.targets,
      emitted: r.emitted,
      exhausted: r.exhausted,
      ...(feedsNothing(r) ? { reason: whyNothing(goldOf.get(r.sub_type)!, r, languageOf(m.corpus.language)) } : {}),
    })),
    inexpressible: inexpressibleSubTypes,
    grep: {
      rg_version: m.grep.rgVersion,
      searches: m.grep.searches,
      scenarios: grepCount,
      share: scenarios.length ? round1((100 * grepCount) / scenarios.length) : 0,
    },
    overlays: m.overlays,
    scenario_file: {
      path: `${m.corpus.name}.json`,
      sha256: createHash('sha256').update(m.scenarioText).digest('hex'),
      scenarios: scenarios.length,
    },
  };
}

/** The conventions beyond the upstream adapters' forms that any scenario of the file uses, in the contract's order. */
function conventionsUsed(scenarios: readonly Scenario[]): ProtocolExtension[] {
  const used = new Set(scenarios.flatMap(extensionsOf));
  return (Object.keys(protocolExtensions) as ProtocolExtension[]).filter((e) => used.has(e));
}

/** Why a sub-type asked nothing: its language has no idiom for it, or the corpus has no material, or every question was asked elsewhere. */
function whyNothing(g: SubTypeGenerator, r: SubTypeReport, language: Language): string {
  const missing = (g.idioms ?? []).filter((path) => !hasIdiom(language.idioms, path));
  if (missing.length) return `needs ${g.needs}; languages/${language.name} has no ${missing.map((p) => `\`${p}\``).join(' or ')} idiom for it`;
  return `needs ${g.needs}; ${r.targets ? `none of its ${r.targets} candidate(s) yields a question not already asked` : 'this corpus has none'}`;
}

/** The sub-types of a short category that asked nothing, each with why: what a reader of the manifest needs to see the shortfall is the corpus's, not the pipeline's. */
function dryOnes(reports: readonly SubTypeReport[], goldOf: ReadonlyMap<string, SubTypeGenerator>, language: Language): string {
  const dry = reports.filter(feedsNothing).map((r) => `${r.sub_type} (${whyNothing(goldOf.get(r.sub_type)!, r, language)})`);
  return dry.length ? `; asked nothing: ${dry.join(', ')}` : '';
}

/** A sub-type that drafted every candidate and still asked nothing: the corpus cannot feed it. */
export function feedsNothing(r: { exhausted: boolean; emitted: number }): boolean {
  return r.exhausted && r.emitted === 0;
}

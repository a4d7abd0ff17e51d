import { callableKinds, isTestFile, typeKinds, type FactGraph, type SymbolFact, type SymbolKind } from '../graph/fact-graph.ts';

/**
 * Read-only views of the fact graph shared by the generators. The semantics
 * of each query op live here (and in docs/), once.
 */
export class Facts {
  readonly byName = new Map<string, SymbolFact[]>();
  private readonly subtypes = new Map<string, string[]>();

  constructor(readonly graph: FactGraph) {
    for (const s of graph.symbols.values()) {
      if (s.kind === 'module') continue;
      const list = this.byName.get(s.name);
      if (list) list.push(s);
      else this.byName.set(s.name, [s]);
    }
    for (const [sub, supers] of graph.supertypes) {
      for (const sup of supers) {
        const list = this.subtypes.get(sup);
        if (list) list.push(sub);
        else this.subtypes.set(sup, [sub]);
      }
    }
  }

  symbol(id: string): SymbolFact | undefined {
    return this.graph.symbols.get(id);
  }

  /** Symbols a question may be about: the corpus's own, outside test code (answers still include test code). */
  targets(kinds?: ReadonlySet<SymbolKind>): SymbolFact[] {
    return this.all(kinds).filter((s) => !isTestFile(s.file));
  }

  all(kinds?: ReadonlySet<SymbolKind>): SymbolFact[] {
    const out: SymbolFact[] = [];
    for (const s of this.graph.symbols.values()) if (!kinds || kinds.has(s.kind)) out.push(s);
    return out;
  }

  /** `lookup` with `bare_name: true`: short name, or `Type#member` for a member of a type with that short name. */
  lookupBare(name: string, kind?: string): string[] {
    const hash = name.indexOf('#');
    let hits: SymbolFact[];
    if (hash > 0) {
      const typeName = name.slice(0, hash);
      const member = name.slice(hash + 1);
      hits = (this.byName.get(member) ?? []).filter((s) => {
        const owner = s.owner ? this.symbol(s.owner) : undefined;
        return owner !== undefined && typeKinds.has(owner.kind) && owner.name === typeName;
      });
    } else {
      hits = this.byName.get(name) ?? [];
    }
    return hits.filter((s) => !kind || s.kind === kind).map((s) => s.id).sort();
  }

  /** `lookup` with `bare_name: false`: the symbol with exactly this id, if it is the corpus's own. */
  lookupExact(id: string, kind?: string): string[] {
    const s = this.symbol(id);
    return s && (!kind || s.kind === kind) ? [id] : [];
  }

  /** Is any symbol's short name equal to this one, ignoring case? Adversarial names must fail this. */
  nameTaken(name: string): boolean {
    const lower = name.toLowerCase();
    for (const key of this.byName.keys()) if (key.toLowerCase() === lower) return true;
    for (const s of this.graph.symbols.values()) if (s.kind === 'module' && s.name.toLowerCase() === lower) return true;
    return false;
  }

  members(id: string): string[] {
    return this.graph.contains.get(id) ?? [];
  }

  callers(id: string): string[] {
    return this.graph.callers.get(id) ?? [];
  }

  callees(id: string): string[] {
    return this.graph.calls.get(id) ?? [];
  }

  /** `implementors`: every own type or method that implements, extends or overrides this one, directly or through others. */
  implementors(id: string): string[] {
    const seen = new Set<string>();
    const queue = [id];
    while (queue.length) {
      for (const sub of this.subtypes.get(queue.pop()!) ?? []) {
        if (seen.has(sub) || sub === id) continue;
        seen.add(sub);
        queue.push(sub);
      }
    }
    return [...seen].filter((s) => this.graph.symbols.has(s)).sort();
  }

  /** Every supertype, own or external, transitively. */
  ancestors(id: string): string[] {
    const seen = new Set<string>();
    const queue = [id];
    while (queue.length) {
      for (const sup of this.graph.supertypes.get(queue.pop()!) ?? []) {
        if (!seen.has(sup)) {
          seen.add(sup);
          queue.push(sup);
        }
      }
    }
    return [...seen].sort();
  }

  /** A class is an exception type when some ancestor is the language's base error class. */
  isException(id: string): boolean {
    return this.ancestors(id).some((a) => /(^|[/#`])(Base)?(Exception|Error)#$/.test(a.replace(/`/g, '')) && !this.graph.symbols.has(a));
  }

  /** `orphans`: own symbols of this kind that nothing in the corpus calls. */
  orphans(kind: string): string[] {
    return this.all()
      .filter((s) => s.kind === kind && this.callers(s.id).length === 0)
      .map((s) => s.id);
  }

  fileSymbols(file: string): string[] {
    return this.graph.fileSymbols.get(file) ?? [];
  }

  isCallable(s: SymbolFact): boolean {
    return callableKinds.has(s.kind);
  }

  /** `Type#member` when the owner is a type, else the short name: how an agent writes it. */
  memberForm(s: SymbolFact): string {
    const owner = s.owner ? this.symbol(s.owner) : undefined;
    return owner && typeKinds.has(owner.kind) ? `${owner.name}#${s.name}` : s.name;
  }
}

/** Words of an identifier: `OutOfStockError` → Out, Of, Stock, Error; `apply_discount` → apply, discount. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { PipelineError } from '../core/errors.ts';
import type { SymbolTable } from './symbol-table.ts';

const protoPath = fileURLToPath(new URL('../schemas/scip.proto', import.meta.url));
const root = protobuf.loadSync(protoPath);
export const IndexType = root.lookupType('lmc.scip.Index');
export const MetadataType = root.lookupType('lmc.scip.Metadata');
export const DocumentType = root.lookupType('lmc.scip.Document');

export interface ScipRelationship {
  symbol: string;
  isReference: boolean;
  isImplementation: boolean;
  isTypeDefinition: boolean;
  isDefinition: boolean;
}
export interface ScipSymbolInformation {
  symbol: string;
  documentation: string[];
  relationships: ScipRelationship[];
  kind: number;
  displayName: string;
  enclosingSymbol: string;
}
export interface ScipOccurrence {
  range: number[];
  symbol: string;
  symbolRoles: number;
  enclosingRange: number[];
}
export interface ScipDocument {
  relativePath: string;
  language: string;
  occurrences: ScipOccurrence[];
  symbols: ScipSymbolInformation[];
}
export interface ScipMetadata {
  version: number;
  toolInfo?: { name: string; version: string; arguments: string[] };
  projectRoot: string;
  textDocumentEncoding: number;
}

export const SymbolRole = { Definition: 1, Import: 2, WriteAccess: 4, ReadAccess: 8, Generated: 16, Test: 32 } as const;

const toObjectOptions = { defaults: true, arrays: true, enums: Number, longs: Number } as const;

export type ScipEntry =
  | { field: 'metadata'; value: ScipMetadata; bytes: Uint8Array }
  | { field: 'document'; value: ScipDocument; bytes: Uint8Array }
  | { field: 'other'; bytes: Uint8Array; fieldNumber: number };

/**
 * Streams a SCIP index one top-level field at a time. The Index message is a
 * sequence of length-delimited fields, so we read each tag and length
 * ourselves and decode only that slice: memory follows the largest document,
 * not the file.
 */
export async function* readScipIndex(path: string): AsyncGenerator<ScipEntry> {
  yield* readScipFields(path, (fieldNumber, bytes, offset) => decodeField(fieldNumber, bytes, path, offset));
}

/**
 * The documents of a SCIP index in the fact graph's compact form (symbols as
 * handles in `table`); metadata is still decoded, so a corrupt one fails the
 * same way, and other fields are skipped.
 */
export async function* readCompactDocuments(path: string, table: SymbolTable): AsyncGenerator<CompactDocument> {
  const decode = (fieldNumber: number, bytes: Buffer, offset: number): CompactDocument | undefined => {
    if (fieldNumber !== 2) {
      decodeField(fieldNumber, bytes, path, offset);
      return undefined;
    }
    try {
      return decodeCompactDocument(bytes, table);
    } catch (error) {
      throw new PipelineError(`corrupt SCIP document at offset ${offset}: ${(error as Error).message}`, { file: path });
    }
  };
  for await (const doc of readScipFields(path, decode)) if (doc) yield doc;
}

async function* readScipFields<T>(path: string, decode: (fieldNumber: number, bytes: Buffer, offset: number) => T): AsyncGenerator<T> {
  let pending: Buffer = Buffer.alloc(0);
  let offset = 0;
  let sawAny = false;
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const field = nextField(pending, path, offset);
        if (!field) break;
        yield decode(field.fieldNumber, pending.subarray(field.start, field.end), offset);
        sawAny = true;
        offset += field.end;
        pending = pending.subarray(field.end);
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new PipelineError('SCIP index not found', { file: path });
    throw error;
  }
  if (pending.length) {
    throw new PipelineError(`truncated SCIP index: ${pending.length} trailing bytes at offset ${offset} do not form a whole field`, {
      file: path,
    });
  }
  if (!sawAny) throw new PipelineError('empty SCIP index', { file: path });
}

function readVarint(buf: Buffer, pos: number): { value: number; next: number } | undefined {
  let value = 0;
  let shift = 0;
  for (let i = pos; i < buf.length && i < pos + 10; i++) {
    const b = buf[i]!;
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return { value, next: i + 1 };
  }
  if (buf.length - pos >= 10) throw new Error('varint longer than 10 bytes');
  return undefined;
}

function nextField(buf: Buffer, path: string, offset: number): { fieldNumber: number; start: number; end: number } | undefined {
  let tag, length;
  try {
    tag = readVarint(buf, 0);
    if (!tag) return undefined;
    const wireType = tag.value % 8;
    if (wireType !== 2) throw new Error(`wire type ${wireType} where the Index has only length-delimited fields`);
    length = readVarint(buf, tag.next);
  } catch (error) {
    throw new PipelineError(`not a SCIP index: ${(error as Error).message} at offset ${offset}`, { file: path });
  }
  if (!length) return undefined;
  const fieldNumber = Math.floor(tag.value / 8);
  const end = length.next + length.value;
  if (buf.length < end) return undefined;
  return { fieldNumber, start: length.next, end };
}

function decodeField(fieldNumber: number, bytes: Buffer, path: string, offset: number): ScipEntry {
  try {
    if (fieldNumber === 1) {
      return { field: 'metadata', bytes, value: MetadataType.toObject(MetadataType.decode(bytes), toObjectOptions) as ScipMetadata };
    }
    if (fieldNumber === 2) {
      return { field: 'document', bytes, value: DocumentType.toObject(DocumentType.decode(bytes), toObjectOptions) as ScipDocument };
    }
  } catch (error) {
    throw new PipelineError(`corrupt SCIP ${fieldNumber === 1 ? 'metadata' : 'document'} at offset ${offset}: ${(error as Error).message}`, {
      file: path,
    });
  }
  return { field: 'other', bytes, fieldNumber };
}

/** Length-delimited framing of one top-level Index field, for rewriting an index entry by entry. */
export function frameField(fieldNumber: number, bytes: Uint8Array): Buffer {
  const writer = protobuf.Writer.create();
  writer.uint32((fieldNumber << 3) | 2).bytes(bytes);
  return Buffer.from(writer.finish());
}

export function encodeMetadata(metadata: ScipMetadata): Uint8Array {
  return MetadataType.encode(MetadataType.fromObject(metadata)).finish();
}

/**
 * A reader over one protobuf message's bytes, for the fact graph's compact
 * documents. protobufjs decodes into message objects and then copies them
 * into plain ones, with a string per occurrence; on a 10M-occurrence index
 * that dominated the graph stage, so the graph reads documents here in one
 * pass, keeping only the fields it uses.
 */
class WireReader {
  pos: number;
  constructor(
    private readonly buf: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  varint(): number {
    let b = this.byte();
    if (b < 0x80) return b;
    let value = b & 0x7f;
    let shift = 7;
    for (;;) {
      b = this.byte();
      // Bits past 32 only carry an int32's sign extension: keep the low 32 bits.
      if (shift < 32) value |= (b & 0x7f) << shift;
      if (b < 0x80) return shift < 28 ? value : value | 0;
      shift += 7;
      if (shift > 63) throw new Error(`varint longer than 10 bytes at offset ${this.pos}`);
    }
  }

  private byte(): number {
    if (this.pos >= this.end) throw new Error('index out of range');
    return this.buf[this.pos++]!;
  }

  /** A length-delimited field's end offset; the reader is left at its start. */
  delimited(): number {
    const length = this.varint();
    const end = this.pos + length;
    if (length < 0 || end > this.end) throw new Error('index out of range');
    return end;
  }

  /** A string field as a handle in `table`, without making a string for a symbol already seen. */
  handle(table: SymbolTable): number {
    const end = this.delimited();
    const handle = table.intern(this.buf, this.pos, end);
    this.pos = end;
    return handle;
  }

  string(): string {
    const end = this.delimited();
    const text = this.buf.toString('utf8', this.pos, end);
    this.pos = end;
    return text;
  }

  /** A repeated int32, packed or not. */
  int32s(wireType: number, into: number[]): void {
    if (wireType !== 0 && wireType !== 2) throw new Error(`invalid wire type ${wireType} for a repeated int32 at offset ${this.pos}`);
    if (wireType === 0) {
      into.push(this.varint() | 0);
      return;
    }
    const end = this.delimited();
    while (this.pos < end) into.push(this.varint() | 0);
    if (this.pos !== end) throw new Error('index out of range');
  }

  skip(wireType: number): void {
    switch (wireType) {
      case 0:
        this.varint();
        return;
      case 1:
        this.advance(8);
        return;
      case 2:
        this.pos = this.delimited();
        return;
      case 5:
        this.advance(4);
        return;
      default:
        throw new Error(`invalid wire type ${wireType} at offset ${this.pos}`);
    }
  }

  private advance(n: number): void {
    if (this.pos + n > this.end) throw new Error('index out of range');
    this.pos += n;
  }
}

/**
 * A document as the fact graph reads it: symbols as handles in a SymbolTable,
 * occurrences in flat arrays (occurrence i's range at [4i, 4i + 4), unused
 * slots 0, with the length SCIP gave).
 */
export interface CompactDocument {
  relativePath: string;
  symbol: number[];
  roles: number[];
  range: number[];
  rangeLength: number[];
  enclosingRange: number[];
  enclosingLength: number[];
  infos: CompactSymbolInformation[];
}

export interface CompactSymbolInformation {
  symbol: number;
  /** The first documentation entry (the hover text), if any. */
  documentation?: string;
  displayName: string;
  /** SCIP's Kind, 0 when the indexer left it unspecified. */
  kind: number;
  /** Handles of the symbols its relationships mark `is_implementation`. */
  implements: number[];
}

function decodeCompactDocument(buf: Buffer, table: SymbolTable): CompactDocument {
  const r = new WireReader(buf, 0, buf.length);
  const doc: CompactDocument = { relativePath: '', symbol: [], roles: [], range: [], rangeLength: [], enclosingRange: [], enclosingLength: [], infos: [] };
  while (r.pos < r.end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | 2)) doc.relativePath = r.string();
    else if (tag === ((2 << 3) | 2)) decodeCompactOccurrence(r, table, doc);
    else if (tag === ((3 << 3) | 2)) doc.infos.push(decodeCompactSymbolInformation(r, table));
    else r.skip(tag & 7);
  }
  return doc;
}

const scratch: number[] = [];

function decodeCompactOccurrence(r: WireReader, table: SymbolTable, doc: CompactDocument): void {
  const end = r.delimited();
  let symbol = -1;
  let roles = 0;
  const at = doc.symbol.length * 4;
  doc.range.push(0, 0, 0, 0);
  doc.enclosingRange.push(0, 0, 0, 0);
  let rangeLength = 0;
  let enclosingLength = 0;
  while (r.pos < end) {
    const tag = r.varint();
    const field = tag >>> 3;
    if (field === 1 || field === 7) {
      scratch.length = 0;
      r.int32s(tag & 7, scratch);
      const into = field === 1 ? doc.range : doc.enclosingRange;
      const already = field === 1 ? rangeLength : enclosingLength;
      for (let k = 0; k < scratch.length && already + k < 4; k++) into[at + already + k] = scratch[k]!;
      if (field === 1) rangeLength += scratch.length;
      else enclosingLength += scratch.length;
    } else if (tag === ((2 << 3) | 2)) symbol = r.handle(table);
    else if (tag === 3 << 3) roles = r.varint() | 0;
    else r.skip(tag & 7);
  }
  if (r.pos !== end) throw new Error('index out of range');
  // An occurrence without a symbol names the empty string, as a full decode would.
  if (symbol < 0) symbol = table.intern(Buffer.alloc(0), 0, 0);
  doc.symbol.push(symbol);
  doc.roles.push(roles);
  doc.rangeLength.push(rangeLength);
  doc.enclosingLength.push(enclosingLength);
}

function decodeCompactSymbolInformation(r: WireReader, table: SymbolTable): CompactSymbolInformation {
  const end = r.delimited();
  const info: CompactSymbolInformation = { symbol: -1, displayName: '', kind: 0, implements: [] };
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | 2)) info.symbol = r.handle(table);
    else if (tag === ((3 << 3) | 2)) {
      const text = r.string();
      info.documentation ??= text;
    } else if (tag === ((4 << 3) | 2)) {
      const rel = decodeRelationshipHandle(r, table);
      if (rel.isImplementation) info.implements.push(rel.symbol);
    } else if (tag === 5 << 3) info.kind = r.varint() | 0;
    else if (tag === ((6 << 3) | 2)) info.displayName = r.string();
    else r.skip(tag & 7);
  }
  if (r.pos !== end) throw new Error('index out of range');
  if (info.symbol < 0) info.symbol = table.intern(Buffer.alloc(0), 0, 0);
  return info;
}

function decodeRelationshipHandle(r: WireReader, table: SymbolTable): { symbol: number; isImplementation: boolean } {
  const end = r.delimited();
  let symbol = -1;
  let isImplementation = false;
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | 2)) symbol = r.handle(table);
    else if (tag === 3 << 3) isImplementation = r.varint() !== 0;
    else r.skip(tag & 7);
  }
  if (r.pos !== end) throw new Error('index out of range');
  if (symbol < 0) symbol = table.intern(Buffer.alloc(0), 0, 0);
  return { symbol, isImplementation };
}

import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { PipelineError } from '../pipeline/errors.ts';

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
        const bytes = pending.subarray(field.start, field.end);
        yield decodeField(field.fieldNumber, bytes, path, offset);
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

function decodeField(fieldNumber: number, bytes: Uint8Array, path: string, offset: number): ScipEntry {
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

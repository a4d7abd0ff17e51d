import { constants as bufferConstants } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import { PipelineError } from '../core/errors.ts';

/**
 * A scenario file named on the command line (`lmc run`, `lmc lint`), parsed. Its text is held as
 * one string, so a file of more bytes than V8's longest string is refused by its size, before it is
 * read, rather than reported as a JSON error it is not.
 */
export async function readScenarioJson(file: string): Promise<unknown> {
  const unreadable = (error: unknown) => new PipelineError(`cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
  const info = await stat(file).catch((error) => Promise.reject(unreadable(error)));
  const limit = bufferConstants.MAX_STRING_LENGTH;
  if (info.isFile() && info.size > limit) {
    throw new PipelineError(`it is ${info.size.toLocaleString('en-US')} bytes, more than lmc can hold as one text (${limit.toLocaleString('en-US')} bytes); split it into smaller files`, { file });
  }
  const text = await readFile(file, 'utf8').catch((error) => Promise.reject(unreadable(error)));
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PipelineError(`not JSON: ${(error as Error).message}`, { file });
  }
}

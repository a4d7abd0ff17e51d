import { constants as bufferConstants } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import { PipelineError } from '../core/errors.ts';

/**
 * A scenario file named on the command line (`lmc run`, `lmc lint`), parsed. Its text is held as
 * one string, so a file of more bytes than V8's longest string is refused by its size, before it is
 * read, rather than reported as a JSON error it is not.
 */
export async function readScenarioJson(file: string): Promise<unknown> {
  let text: string;
  try {
    const { size, isFile } = await stat(file).then((s) => ({ size: s.size, isFile: s.isFile() }));
    if (isFile && size > bufferConstants.MAX_STRING_LENGTH) {
      throw new PipelineError(`it is ${size.toLocaleString('en-US')} bytes, more than lmc can hold as one text (${bufferConstants.MAX_STRING_LENGTH.toLocaleString('en-US')} bytes); split it into smaller files`, { file });
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PipelineError(`cannot read it (${code ?? (error as Error).message})`, { file });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PipelineError(`not JSON: ${(error as Error).message}`, { file });
  }
}

/**
 * An expected failure the CLI reports as one line (corpus, stage, what is wrong),
 * without a stack trace. Anything else that escapes is a bug and keeps its stack.
 */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly where: { corpus?: string; stage?: string; file?: string } = {},
  ) {
    super(message);
    this.name = 'PipelineError';
  }

  /** One line: `corpus fastify, stage fetch: <message>` */
  describe(): string {
    const parts: string[] = [];
    if (this.where.corpus) parts.push(`corpus ${this.where.corpus}`);
    if (this.where.stage) parts.push(`stage ${this.where.stage}`);
    if (this.where.file) parts.push(this.where.file);
    return parts.length ? `${parts.join(', ')}: ${this.message}` : this.message;
  }
}

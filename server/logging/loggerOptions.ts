import type { FastifyServerOptions } from 'fastify';
import type { LogFormat } from './logFormat';
import { prettyStream } from './prettyLine';

/** Fastify's logger setting for a format and level: pino's JSON as is, or the same records written as readable lines. */
export function loggerOptions(format: LogFormat, level: string): FastifyServerOptions['logger'] {
  if (format === 'json') return { level };
  // NO_COLOR is the common convention for "no ANSI colours please" (no-color.org).
  const colours = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return { level, stream: prettyStream(process.stdout, { colours }) };
}

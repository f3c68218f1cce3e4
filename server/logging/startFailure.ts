import { logFormatFromEnv, type LogFormat } from './logFormat';
import { prettyLine } from './prettyLine';
import { StartupProblem } from './startupProblem';

/** The line printed when the server cannot start, in the log's format: a StartupProblem's sentence, else the error's message. */
export function startFailureLine(error: unknown, format: LogFormat, colours = false, withStack = false): string {
  const known = error instanceof StartupProblem;
  let msg = error instanceof Error ? error.message || error.name : String(error);
  // An unexpected failure keeps its stack when asked for (LOG_LEVEL=debug); a known problem never needs one.
  if (!known && withStack && error instanceof Error && error.stack) msg = error.stack;
  const record = { level: 60, time: Date.now(), msg };
  return format === 'json' ? `${JSON.stringify(record)}\n` : prettyLine(record, { colours });
}

/** Prints why the server could not start and ends the process with exit code 1. */
export function exitForStartFailure(error: unknown): never {
  let format: LogFormat = 'pretty';
  try {
    format = logFormatFromEnv(process.env.LOG_FORMAT, process.stderr.isTTY === true);
  } catch {
    /* a bad LOG_FORMAT is itself the failure being reported: print it readably */
  }
  const debug = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  process.stderr.write(startFailureLine(error, format, process.stderr.isTTY === true && !process.env.NO_COLOR, debug));
  process.exit(1);
}

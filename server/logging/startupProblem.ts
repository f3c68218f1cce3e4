/**
 * A problem found while starting that a person can fix, told as one plain sentence with the fix
 * ("PostgreSQL at db:5432/energy cannot be reached (connection refused), so …; start it or …").
 * The start-up prints the sentence alone, never a stack trace; the original error is kept as `cause`.
 */
export class StartupProblem extends Error {
  constructor(sentence: string, options?: { cause?: unknown }) {
    super(sentence, options);
    this.name = 'StartupProblem';
  }
}

/** Node's listen error for the HTTP port, told as a StartupProblem; null for anything else. */
export function httpListenProblem(error: unknown, port: number): StartupProblem | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if ((error as NodeJS.ErrnoException | null)?.syscall !== 'listen') return null;
  if (code === 'EADDRINUSE')
    return new StartupProblem(`HTTP: port ${port} is taken by another program, so the server cannot start; stop that program or set PORT to a free port.`, {
      cause: error,
    });
  if (code === 'EACCES')
    return new StartupProblem(`HTTP: port ${port} needs privileges this user does not have, so the server cannot start; set PORT to a port above 1023.`, {
      cause: error,
    });
  return null;
}

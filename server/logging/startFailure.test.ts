import { describe, expect, it } from 'vitest';
import { startFailureLine } from './startFailure';
import { httpListenProblem, StartupProblem } from './startupProblem';

const sentence = 'PostgreSQL at db:5432/energy cannot be reached (connection refused), so the server cannot start; start it.';

describe('startFailureLine', () => {
  it('prints a known problem as its sentence alone, even when stacks are asked for', () => {
    const problem = new StartupProblem(sentence, { cause: new Error('connect ECONNREFUSED') });
    const line = startFailureLine(problem, 'pretty', false, true);
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d FATAL PostgreSQL at db:5432\/energy cannot be reached \(connection refused\), so the server cannot start; start it\.\n$/,
    );
    const record = JSON.parse(startFailureLine(problem, 'json')) as { level: number; msg: string };
    expect([record.level, record.msg]).toEqual([60, sentence]);
  });

  it('prints an unexpected failure as its message, with the stack only when asked', () => {
    const error = new Error('boom');
    expect(startFailureLine(error, 'pretty')).toMatch(/ FATAL boom\n$/);
    expect(startFailureLine(error, 'pretty', false, true)).toContain('    at ');
  });
});

describe('httpListenProblem', () => {
  it('tells a taken HTTP port with the fix and leaves other errors alone', () => {
    const taken = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:8080'), { code: 'EADDRINUSE', syscall: 'listen' });
    expect(httpListenProblem(taken, 8080)?.message).toBe(
      'HTTP: port 8080 is taken by another program, so the server cannot start; stop that program or set PORT to a free port.',
    );
    expect(httpListenProblem(new Error('other'), 8080)).toBeNull();
  });
});

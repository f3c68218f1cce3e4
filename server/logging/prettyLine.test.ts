import { describe, expect, it } from 'vitest';
import { prettyLine, prettyStream } from './prettyLine';

// 14:02:15 on the machine's clock, whatever its zone: the line shows local time.
const AT = new Date(2026, 10, 26, 14, 2, 15).getTime();
const plain = { colours: false };

describe('prettyLine', () => {
  it('writes time, level and message, hiding what only a machine wants', () => {
    const record = { level: 30, time: AT, pid: 7, hostname: 'vm', reqId: 'req-1', request: { path: '/api/meters' }, msg: 'GET /api/meters 200 12 ms' };
    expect(prettyLine(record, plain)).toBe('14:02:15 INFO  GET /api/meters 200 12 ms\n');
  });

  it('adds the other fields as key=value, quoting text with spaces', () => {
    const record = { level: 40, time: AT, msg: 'MQTT login refused', clientId: 'gw-1', username: 'plant operator', port: 1883 };
    expect(prettyLine(record, plain)).toBe('14:02:15 WARN  MQTT login refused  clientId=gw-1 username="plant operator" port=1883\n');
  });

  it('gives an error its message below error level and its stack from error level up', () => {
    const err = { type: 'Error', message: 'socket hang up', stack: 'Error: socket hang up\n    at send (push.ts:1:1)' };
    expect(prettyLine({ level: 40, time: AT, msg: 'push failed', err }, plain)).toBe('14:02:15 WARN  push failed  err="Error: socket hang up"\n');
    expect(prettyLine({ level: 50, time: AT, msg: 'unhandled error', err }, plain)).toBe(
      '14:02:15 ERROR unhandled error\n    Error: socket hang up\n        at send (push.ts:1:1)\n',
    );
  });

  it('colours the level only when asked', () => {
    expect(prettyLine({ level: 50, time: AT, msg: 'x' }, { colours: true })).toBe('14:02:15 \u001b[31mERROR\u001b[0m x\n');
  });
});

describe('prettyStream', () => {
  it('turns each JSON record into its line and passes anything else through', () => {
    const written: string[] = [];
    const stream = prettyStream({ write: (text: string) => written.push(text) }, plain);
    stream.write(`${JSON.stringify({ level: 20, time: AT, msg: 'GET /api/health 200 1 ms' })}\n`);
    stream.write('not json\n');
    expect(written).toEqual(['14:02:15 DEBUG GET /api/health 200 1 ms\n', 'not json\n']);
  });
});

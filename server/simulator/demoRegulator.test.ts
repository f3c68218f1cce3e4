import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../forwarding/signature';
import { DEMO_REGULATOR_UNAVAILABLE_EVERY, DemoRegulator } from './demoRegulator';

const SECRET = 'demo-regulator-secret-0123';
let regulator: DemoRegulator;
let url: string;

beforeAll(async () => {
  regulator = new DemoRegulator(() => SECRET);
  url = await regulator.listen();
});
afterAll(async () => {
  await regulator.close();
});

let delivery = 0;
function batch(items: unknown[]): string {
  return JSON.stringify({ delivery: `d-${++delivery}`, endpoint: 'Regulator platform (demo)', sentAt: Date.now(), items });
}
async function post(body: string, secret: string | null = SECRET, headers: Record<string, string> = {}): Promise<number> {
  const timestamp = Date.now();
  const signed: Record<string, string> =
    secret === null ? {} : { 'x-energy-timestamp': String(timestamp), 'x-energy-signature': signBody(secret, timestamp, body) };
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...signed, ...headers }, body });
  await response.body?.cancel();
  return response.status;
}
const reading = (ts: number) => ({ type: 'reading', meter: 'M001', meterId: 1, ts, values: { kwh: 10 } });
const energy = { type: 'energy', meter: 'M001', meterId: 1, energyType: 'electricity', start: 0, end: 900_000, energy: 2.5 };
const alarm = { type: 'alarm', event: 'raised', alarm: { id: 7 } };

describe('the demo regulator platform', () => {
  it('takes a correctly signed batch with 204 and counts its items by type', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(await post(batch([reading(1), reading(2), energy, alarm]))).toBe(204);
    expect(regulator.counts).toEqual({ batches: 1, items: { reading: 2, energy: 1, alarm: 1 }, refused: 0 });
  });

  it('refuses a batch signed with another secret, unsigned, or with the signature of another body, with 401', async () => {
    expect(await post(batch([reading(3)]), 'another-secret-0123456')).toBe(401);
    expect(await post(batch([reading(3)]), null)).toBe(401);
    const timestamp = Date.now();
    const tampered = { 'x-energy-timestamp': String(timestamp), 'x-energy-signature': signBody(SECRET, timestamp, batch([reading(4)])) };
    expect(await post(batch([reading(5)]), null, tampered)).toBe(401);
    expect(regulator.counts).toMatchObject({ batches: 1, items: { reading: 2 }, refused: 3 });
  });

  it(`answers 503 to the ${DEMO_REGULATOR_UNAVAILABLE_EVERY}th signed batch, and takes the retry`, async () => {
    const answers: number[] = [];
    // One batch was taken above (the refused ones do not count): the 2nd to the 15th now.
    for (let n = 2; n <= DEMO_REGULATOR_UNAVAILABLE_EVERY; n++) answers.push(await post(batch([reading(100 + n)])));
    expect(answers.slice(0, -1).every((status) => status === 204)).toBe(true);
    expect(answers.at(-1)).toBe(503);
    expect(await post(batch([reading(200)]))).toBe(204);
    expect(regulator.counts).toEqual({ batches: DEMO_REGULATOR_UNAVAILABLE_EVERY, items: { reading: 16, energy: 1, alarm: 1 }, refused: 4 });
    expect(regulator.summary()).toBe('15 batches taken (reading 16, energy 1, alarm 1), 4 refused');
  });
});

import { describe, expect, it } from 'vitest';
import { WholeList } from './WholeList';
import { later } from '../testing/later.test-util';

describe('a list sent whole', () => {
  it('shows the answer to the latest load, not a late one to an older load', async () => {
    const answers = [later<string[]>(), later<string[]>()];
    let call = 0;
    const list = new WholeList(() => answers[call++]!.promise);
    const first = list.load();
    const second = list.load();
    answers[1]!.resolve(['new']);
    await second;
    answers[0]!.resolve(['old']);
    await first;
    expect(list.rows).toEqual(['new']);
    expect(list.loading).toBe(false);
  });

  it('keeps the rows shown when a load is refused, and says so until the next answer', async () => {
    let refuse = false;
    const list = new WholeList(() => (refuse ? Promise.reject(new Error('503')) : Promise.resolve(['A', 'B'])));
    await list.load();
    refuse = true;
    await list.load();
    expect(list.rows).toEqual(['A', 'B']);
    expect(list.failed).toBe(true);
    refuse = false;
    await list.load();
    expect(list.failed).toBe(false);
  });

  it('reloads after a change and reports a refused change as false', async () => {
    let rows = ['A', 'B'];
    const list = new WholeList(() => Promise.resolve(rows));
    await list.load();
    expect(await list.change(async () => void (rows = ['A']))).toBe(true);
    expect(list.rows).toEqual(['A']);
    expect(await list.change(() => Promise.reject(new Error('refused')))).toBe(false);
    expect(list.rows).toEqual(['A']);
    expect(list.busy).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { SessionRegistry } from './sessionRegistry';

describe('SessionRegistry', () => {
  it('takes a dead or left process as an orphan, never itself', () => {
    const registry = new SessionRegistry('a');
    registry.record('a', 'dead', 1);
    registry.record('b', 'dead', 1);
    registry.record('c', 'left', 2);
    registry.record('d', 'alive', 1);
    expect(registry.orphans()).toEqual(['b', 'c']);
    expect(registry.othersAlive()).toBe(true);
  });

  it('ignores the will of a connection its owner has since replaced, in whatever order the records come', () => {
    const registry = new SessionRegistry('a');
    registry.record('b', 'alive', 3);
    registry.record('b', 'dead', 2); // the will of connection 2, sent after connection 3 said alive
    expect(registry.isOrphan('b')).toBe(false);
    registry.record('b', 'dead', 3); // connection 3 itself vanished
    expect(registry.isOrphan('b')).toBe(true);
    registry.record('b', 'alive', 4);
    expect(registry.isOrphan('b')).toBe(false);
  });

  it('forgets a cleared record, generations included', () => {
    const registry = new SessionRegistry('a');
    registry.record('b', 'alive', 5);
    registry.record('b', null);
    registry.record('b', 'dead', 1);
    expect(registry.isOrphan('b')).toBe(true);
  });

  it("leaves its own process's other members out of the others alive when told", () => {
    const registry = new SessionRegistry('a');
    registry.record('a2', 'alive', 1);
    expect(registry.othersAlive()).toBe(true);
    expect(registry.othersAlive(new Set(['a2']))).toBe(false);
    registry.record('b', 'alive', 1);
    expect(registry.othersAlive(new Set(['a2']))).toBe(true);
  });

  it('puts the smallest alive client id first in line', () => {
    expect(Object.assign(new SessionRegistry('a'), {}).firstInLine()).toBe(true);
    const b = new SessionRegistry('b');
    b.record('a', 'alive', 1);
    b.record('c', 'alive', 1);
    expect(b.firstInLine()).toBe(false);
    b.record('a', 'dead', 1);
    expect(b.firstInLine()).toBe(true);
  });
});

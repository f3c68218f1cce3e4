import type { PostResult } from './ledger';

/** Why a balance moved: supply control restores after a top-up, cuts after a charge, alarms follow the level. */
export type BalanceCause = 'topup' | 'charge' | 'refund' | 'adjustment' | 'settings';

export interface BalanceChanged extends PostResult {
  cause: BalanceCause;
  at: number;
}

type Listener = (change: BalanceChanged) => void | Promise<void>;

/**
 * In-process announcements after a ledger transaction committed, for every posting that moved a balance or its
 * level (and for settings changes that may change what the balance means). Supply control (cut-off, restore),
 * balance alarms, pushes and the wall listen. Announce only after commit, so a listener never acts on a balance
 * that was rolled back. A failing listener is reported and does not stop the others.
 */
export class PrepaidEvents {
  private readonly listeners: Listener[] = [];

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  onBalance(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  announce(result: PostResult, cause: BalanceCause, at: number): void {
    if (result.posted === 0 && result.level === result.previousLevel && cause !== 'settings') return;
    const change: BalanceChanged = { ...result, cause, at };
    for (const listener of [...this.listeners]) {
      try {
        const outcome = listener(change);
        if (outcome instanceof Promise) outcome.catch(this.onError);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

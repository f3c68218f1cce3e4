/** What a server process's retained record on the broker says: running, vanished (its will), or stopped. */
export type MemberState = 'alive' | 'dead' | 'left';

/**
 * The processes of one share group as this process knows them from their retained records. A session whose
 * owner is dead or left is an orphan: the alive process with the smallest client id takes it over at once, the
 * others only if it is still there a while later (so two processes rarely fight over one session; when they do,
 * the broker resends what was in flight and ingest absorbs the duplicates).
 */
export class SessionRegistry {
  private readonly members = new Map<string, MemberState>();
  /** The newest connection generation seen per process: a record of an older connection is stale. */
  private readonly generations = new Map<string, number>();
  /** Orphans with a decision scheduled. */
  readonly pending = new Set<string>();

  constructor(private readonly self: string) {}

  /**
   * A record arrived (null: cleared, or not a record this version understands). `generation` counts the owner's
   * connections: the will of a connection the owner has since replaced (sent when a restarted broker or a takeover
   * ended it) must not mark a process that is connected again as dead.
   */
  record(clientId: string, state: MemberState | null, generation = 0): void {
    if (state === null) {
      this.members.delete(clientId);
      this.generations.delete(clientId);
      return;
    }
    const newest = this.generations.get(clientId) ?? -1;
    if (generation < newest) return;
    this.generations.set(clientId, generation);
    this.members.set(clientId, state);
  }

  isOrphan(clientId: string): boolean {
    const state = this.members.get(clientId);
    return clientId !== this.self && (state === 'dead' || state === 'left');
  }

  orphans(): string[] {
    return [...this.members.keys()].filter((id) => this.isOrphan(id));
  }

  /** Whether another member of the group is alive; `except`: this process's own other members, which stop with it. */
  othersAlive(except: ReadonlySet<string> = new Set()): boolean {
    return [...this.members].some(([id, state]) => state === 'alive' && id !== this.self && !except.has(id));
  }

  /** Whether this process is the alive one that takes orphans over first. */
  firstInLine(): boolean {
    const alive = [...this.members].filter(([id, state]) => state === 'alive' && id !== this.self).map(([id]) => id);
    return alive.every((id) => this.self < id);
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A supply command as the server publishes it on gateways/{sn}/commands. */
interface Command {
  commandId: string;
  meter: string;
  action: 'cut' | 'restore';
}

/**
 * The demo gateway's relays: which of its meters are cut off. A cut meter reports 0 kW and a flat register
 * until restored. Kept in memory, and re-derived at start from the last acked command of each meter, so a
 * restart keeps a cut room cut.
 */
export class GatewayCommands {
  private readonly cut = new Set<string>();
  private readonly done = new Set<string>();

  static async load(db: Kysely<Database>, gatewaySn: string): Promise<GatewayCommands> {
    const state = new GatewayCommands();
    const rows = await db
      .selectFrom('supply_commands')
      .select(['meter_code', 'action', 'id'])
      .where('gateway_sn', '=', gatewaySn)
      .where('state', '=', 'acked')
      .orderBy('id')
      .execute();
    for (const row of rows) state.apply(row.meter_code, row.action === 'cut' ? 'cut' : 'restore');
    return state;
  }

  isCut(meterCode: string): boolean {
    return this.cut.has(meterCode);
  }

  /**
   * A command payload in, the ack payload out (null: not a command). A resend of a command already carried out
   * is acked again without acting twice; an unknown meter is refused.
   */
  handle(payload: Buffer | string, knownMeter: (code: string) => boolean): { commandId: string; ok: boolean; message?: string } | null {
    let command: Partial<Command>;
    try {
      command = JSON.parse(payload.toString()) as Partial<Command>;
    } catch {
      return null;
    }
    if (typeof command.commandId !== 'string' || typeof command.meter !== 'string') return null;
    if (command.action !== 'cut' && command.action !== 'restore')
      return { commandId: command.commandId, ok: false, message: `Unknown action ${String(command.action)}` };
    if (!knownMeter(command.meter)) return { commandId: command.commandId, ok: false, message: `No meter ${command.meter} on this gateway` };
    if (!this.done.has(command.commandId)) {
      this.done.add(command.commandId);
      this.apply(command.meter, command.action);
    }
    return { commandId: command.commandId, ok: true };
  }

  private apply(meterCode: string, action: 'cut' | 'restore'): void {
    if (action === 'cut') this.cut.add(meterCode);
    else this.cut.delete(meterCode);
  }
}

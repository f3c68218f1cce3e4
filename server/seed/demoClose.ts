import type { FastifyInstance } from 'fastify';
import { SettlementCloses } from '../settlement/settlementCloses';
import { lastMonthIn } from '../settlement/periods';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import { DEMO_SEED_KEYS } from './demoObjects';
import { claimSeed } from './seedOnce';

/** How long the close waits for queued band recomputes (an upgraded site repricing its history) before it closes anyway. */
export const CLOSE_WAIT_MS = 10 * 60_000;
const POLL_MS = 2_000;
/** A backfill this long covers the whole of last month whatever today's date (a short one, as browser tests use, does not). */
export const DEMO_CLOSE_MIN_BACKFILL_DAYS = 62;

/**
 * Closes last month for the admin's tree once (key `demo-closed-month`), after the simulator's backfill: the
 * readings it queued are written first (ingest drain) and the band recomputes of the tree are waited for, so the
 * snapshot holds the whole month priced. Settlement › Energy then shows a closed month beside a live one.
 */
export async function closeDemoMonth(app: FastifyInstance, log: { info(message: string): void; warn(message: string): void }): Promise<boolean> {
  const db = app.storage.db;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return false;
  if (!(await db.selectFrom('tariffs').select('id').limit(1).executeTakeFirst())) return false;
  if (!(await claimSeed(db, DEMO_SEED_KEYS.closedMonth))) return false;
  await app.ingest.drain();
  const deadline = Date.now() + CLOSE_WAIT_MS;
  while (
    Date.now() < deadline &&
    (await db.selectFrom('recompute_jobs').select('id').where('state', 'in', ['queued', 'running']).limit(1).executeTakeFirst())
  ) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const month = lastMonthIn(app.serverConfig.timeZone);
  try {
    await new SettlementCloses(db, app.serverConfig.timeZone).close(await ownerScopeOfUser(db, admin.id), admin.id, month);
    log.info(`demo: settlement of ${month} closed (Settlement › Energy)`);
    return true;
  } catch (error) {
    log.warn(`demo: closing ${month} failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

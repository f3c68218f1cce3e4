import type { Kysely } from 'kysely';
import { DEFAULT_SITE_SETTINGS, type SiteSettings, type SiteSettingsValues } from '@shared/schemas/siteSettings';
import type { Database } from '../db/schema';
import { SiteSettingsRepository } from './siteSettingsRepository';

/**
 * How long a process trusts its copy: another process's save reaches this one within this time. A save
 * made here applies here at once. Kept simple on purpose (one indexed read per process every 5 s at most)
 * rather than a pub/sub channel, which the server does not have without Redis.
 */
export const SITE_SETTINGS_TTL_MS = 5000;

/**
 * The site settings in memory, so every request can consult them (hidden groups, session length) without a
 * query. `fresh()` re-reads when the copy is older than the TTL; concurrent callers share one read.
 */
export class SiteSettingsService {
  private readonly repository: SiteSettingsRepository;
  private copy: SiteSettings = { ...DEFAULT_SITE_SETTINGS, updatedAt: null, updatedBy: null };
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<SiteSettings> | null = null;
  /** Bumped by every save here, so a read that started before it cannot put the older row back. */
  private generation = 0;

  constructor(
    db: Kysely<Database>,
    private readonly ttlMs = SITE_SETTINGS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new SiteSettingsRepository(db);
  }

  /** The copy as it stands (no query): for code that cannot wait, such as signing a token. */
  get current(): SiteSettings {
    return this.copy;
  }

  /** The settings, re-read when the copy is older than the TTL. */
  async fresh(): Promise<SiteSettings> {
    if (this.now() - this.readAt < this.ttlMs) return this.copy;
    return this.reload();
  }

  /** Reads the row now (start-up, tests). */
  reload(): Promise<SiteSettings> {
    const generation = this.generation;
    this.reading ??= this.repository
      .read()
      .then((settings) => {
        if (generation !== this.generation) return this.copy;
        this.copy = settings;
        this.readAt = this.now();
        return settings;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  async save(values: SiteSettingsValues, updatedBy: string): Promise<SiteSettings> {
    const saved = await this.repository.write(values, updatedBy, this.now());
    this.generation += 1;
    this.copy = saved;
    this.readAt = this.now();
    return saved;
  }
}

import type { Kysely } from 'kysely';
import type { ContactDetails } from '@shared/schemas/inquiry';
import type { Database } from '../db/schema';

const FIELDS = ['company', 'phone', 'email', 'address', 'hours'] as const;

/** Each tree's contact details: one record per tree, found by the tree's owners (newest first). */
export class ContactDetailsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The record of a tree (any of its owners), or null when it has none. */
  async of(owners: readonly number[]): Promise<ContactDetails | null> {
    if (owners.length === 0) return null;
    const row = await this.db
      .selectFrom('contact_details')
      .select(FIELDS)
      .where('owner_user_id', 'in', [...owners])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? { company: row.company, phone: row.phone, email: row.email, address: row.address, hours: row.hours } : null;
  }

  /** Writes the tree's record, owned by its top-level account; a second row left by a deleted account goes. */
  async save(home: number, owners: readonly number[], details: ContactDetails, by: string, now = Date.now()): Promise<ContactDetails> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('contact_details')
        .where('owner_user_id', 'in', [...new Set([home, ...owners])])
        .execute();
      await trx
        .insertInto('contact_details')
        .values({ owner_user_id: home, ...details, updated_at: now, updated_by: by })
        .execute();
    });
    return details;
  }
}

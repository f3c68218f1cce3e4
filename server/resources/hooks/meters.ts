import type { ResourceHooks, Row } from '../resourceTable';

/**
 * Meters: a creation time, the tag links in meter_tags written and read beside the row, and the meter's tariff
 * assignments deleted with it (tariff_assignments.target_id has no foreign key: it names a meter or a department).
 */
export const meterHooks: ResourceHooks = {
  async beforeWrite({ id }) {
    return id === undefined ? { created_at: Date.now() } : {};
  },
  /** Tag links live in meter_tags: replaced as a whole on every save. */
  async afterWrite({ db, id, input }) {
    const tagIds = (input.tagIds as number[] | undefined) ?? [];
    await db.deleteFrom('meter_tags').where('meter_id', '=', id).execute();
    if (tagIds.length)
      await db
        .insertInto('meter_tags')
        .values([...new Set(tagIds)].map((tagId) => ({ meter_id: id, tag_id: tagId })))
        .execute();
  },
  /**
   * A deleted meter has no more energy to price, so nothing is recomputed; its assignments go with it, or a later
   * meter given the same id (SQLite may reuse one) would inherit its tariff.
   */
  async beforeDelete(db, ids) {
    await db.deleteFrom('tariff_assignments').where('target', '=', 'meter').where('target_id', 'in', ids).execute();
  },
  async decorate(db, records: Row[]) {
    const ids = records.map((record) => record.id as number);
    const links = ids.length ? await db.selectFrom('meter_tags').select(['meter_id', 'tag_id']).where('meter_id', 'in', ids).orderBy('tag_id').execute() : [];
    for (const record of records) record.tagIds = links.filter((link: Row) => link.meter_id === record.id).map((link: Row) => link.tag_id);
  },
};

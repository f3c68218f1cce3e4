import type { ResourceTable, Row } from '../resourceTable';

export const meterTable: ResourceTable = {
  table: 'meters',
  columns: {
    code: 'code',
    name: 'name',
    gatewayId: 'gateway_id',
    departmentId: 'department_id',
    subitemId: 'subitem_id',
    energyType: 'energy_type',
    unit: 'unit',
    ctRatio: 'ct_ratio',
    ptRatio: 'pt_ratio',
    registerMax: 'register_max',
    ratedPowerKw: 'rated_power_kw',
    isMain: 'is_main',
    installDate: 'install_date',
    online: 'online',
    lastSeenAt: 'last_seen_at',
  },
  flags: ['isMain', 'online'],
  search: ['code', 'name'],
  unique: ['code'],
  references: { gatewayId: 'gateways', departmentId: 'departments', subitemId: 'subitems', tagIds: 'tags' },
  orderBy: ['code'],
  optionName: (row) => `${String(row.code)} ${String(row.name)}`,
  hooks: {
    async beforeWrite({ id }) {
      return id === undefined ? { created_at: Date.now() } : {};
    },
    /** Tag links live in meter_tags: replaced as a whole on every save. */
    async afterWrite({ db, id, input }) {
      const tagIds = (input.tagIds as number[] | undefined) ?? [];
      await db.deleteFrom('meter_tags').where('meter_id', '=', id).execute();
      if (tagIds.length) await db.insertInto('meter_tags').values([...new Set(tagIds)].map((tagId) => ({ meter_id: id, tag_id: tagId }))).execute();
    },
    async decorate(db, records: Row[]) {
      const ids = records.map((record) => record.id as number);
      const links = ids.length ? await db.selectFrom('meter_tags').select(['meter_id', 'tag_id']).where('meter_id', 'in', ids).orderBy('tag_id').execute() : [];
      for (const record of records) record.tagIds = links.filter((link: Row) => link.meter_id === record.id).map((link: Row) => link.tag_id);
    },
  },
};

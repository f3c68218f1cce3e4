import { cellKey, type MetricSource, type MetricValues, type ReportContext, type ReportObject } from '../reportContext';
import { chunks, meterFacts, num, slotsSpan, withDescendants } from './sourceKit';

type Subject = 'meter' | 'department' | 'subitem';

/** The subjects whose alarms an object counts: itself, and for a department or sub-item its subtree and their meters. */
async function subjectsOf(context: ReportContext, objects: readonly ReportObject[]): Promise<Map<number, { type: Subject; id: number }[]>> {
  const owners = context.owners === 'all' ? null : context.owners.length ? [...context.owners] : [-1];
  const subjects = new Map<number, { type: Subject; id: number }[]>();
  const needsTree = objects.some((object) => object.kind === 'department' || object.kind === 'subitem');
  const meters = needsTree ? await meterFacts(context) : [];
  const parentsOf = async (table: 'departments' | 'subitems') => {
    let query = context.db.selectFrom(table).select(['id', 'parent_id']);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    return new Map((await query.execute()).map((row) => [row.id, row.parent_id ?? null]));
  };
  const departments = objects.some((object) => object.kind === 'department') ? await parentsOf('departments') : new Map<number, number | null>();
  const subitems = objects.some((object) => object.kind === 'subitem') ? await parentsOf('subitems') : new Map<number, number | null>();
  for (const object of objects) {
    if (object.kind === 'meter') subjects.set(object.id, [{ type: 'meter', id: object.id }]);
    else if (object.kind === 'department' || object.kind === 'subitem') {
      const tree = withDescendants(object.id, object.kind === 'department' ? departments : subitems);
      const own = [...tree].map((id) => ({ type: object.kind as Subject, id }));
      const placed = meters.filter((meter) => {
        const at = object.kind === 'department' ? meter.departmentId : meter.subitemId;
        return at !== null && tree.has(at);
      });
      subjects.set(object.id, [...own, ...placed.map((meter) => ({ type: 'meter' as const, id: meter.id }))]);
    }
  }
  return subjects;
}

/**
 * alarmCount: alarm records raised in the slot ([start, end), by `raised_at`) on the object, of `alarmKind` when
 * given. A meter counts its own; a department the alarms on itself, on the departments below it and on the meters
 * placed in any of them (the department as a place, not its energy scope: a main meter does not hide its
 * neighbours' alarms); a sub-item likewise with its sub-items and their meters. Gateway alarms belong to no row.
 * A record counts once however often it repeated.
 */
export const alarmSource: MetricSource = {
  metrics: ['alarmCount'],
  async read(context, request) {
    const values: MetricValues = new Map();
    if (request.objects.length === 0 || request.slots.length === 0) return values;
    const subjects = await subjectsOf(context, request.objects);
    const span = slotsSpan(request.slots);
    // subject "type:id" → raised_at of each record in the span
    const raised = new Map<string, number[]>();
    for (const type of ['meter', 'department', 'subitem'] as const) {
      const ids = [
        ...new Set(
          [...subjects.values()]
            .flat()
            .filter((subject) => subject.type === type)
            .map((subject) => subject.id),
        ),
      ];
      for (const chunk of chunks(ids)) {
        let query = context.db
          .selectFrom('alarm_records')
          .select(['subject_id', 'raised_at'])
          .where('subject_type', '=', type)
          .where('subject_id', 'in', chunk)
          .where('raised_at', '>=', span.from)
          .where('raised_at', '<', span.to);
        if (request.alarmKind) query = query.where('kind', '=', request.alarmKind);
        for (const row of await query.execute()) {
          const key = `${type}:${row.subject_id}`;
          const list = raised.get(key) ?? [];
          list.push(num(row.raised_at));
          raised.set(key, list);
        }
      }
    }
    for (const object of request.objects) {
      const times = (subjects.get(object.id) ?? []).flatMap((subject) => raised.get(`${subject.type}:${subject.id}`) ?? []);
      for (const slot of request.slots) {
        const count = times.filter((at) => at >= slot.startMs && at < slot.endMs).length;
        values.set(cellKey(object.id, slot.key), { value: count, estimated: false });
      }
    }
    return values;
  },
};

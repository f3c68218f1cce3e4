import type { ReportGrouping } from '@shared/reports/constants';
import type { ReportObject } from './reportContext';
import type { ReportTexts } from './labels';

export interface ObjectGroup {
  key: string;
  name: string;
  objects: ReportObject[];
}

/**
 * Objects in groups for `groupBy`, groups in the order their first object comes (the objects' own order is kept
 * inside a group, so departments stay in tree order and meters by code). 'none' is one group of everything.
 */
export function groupObjects(objects: readonly ReportObject[], groupBy: ReportGrouping, texts: ReportTexts): ObjectGroup[] {
  if (groupBy === 'none') return [{ key: '', name: '', objects: [...objects] }];
  const groups = new Map<string, ObjectGroup>();
  for (const object of objects) {
    const key = groupBy === 'department' ? String(object.departmentId ?? '') : object.energyType;
    const name =
      groupBy === 'department'
        ? object.departmentName || (object.kind === 'department' ? texts.topLevel : texts.noDepartment)
        : (texts.energyTypes[object.energyType as keyof ReportTexts['energyTypes']] ?? object.energyType);
    const group = groups.get(key) ?? { key, name, objects: [] };
    group.objects.push(object);
    groups.set(key, group);
  }
  return [...groups.values()];
}

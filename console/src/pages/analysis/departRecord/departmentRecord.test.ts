import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '@shared/resources';
import type { RollupResult } from '@shared/schemas/energy';
import { buildDepartmentRecord, chunkIds, mergeRollups } from './departmentRecord';
import { csvCell, recordCsv } from './recordCsv';

const dept = (id: number, name: string, parentId: number | null, sort: number): DepartmentNode => ({
  id,
  name,
  code: name.toUpperCase().replace(/ /g, '-'),
  parentId,
  level: 1,
  sort,
  meterCount: 0,
});
const NODES = [dept(1, 'Main Plant', null, 1), dept(2, 'Hall A', 1, 1), dept(3, 'Office', null, 2), dept(4, 'Line 1', 2, 1)];
const PERIODS = ['2026-03', '2026-04'];

const RESULT: RollupResult = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'month',
  unit: 'kWh',
  periods: PERIODS,
  series: [
    {
      scopeId: 1,
      name: 'Main Plant',
      total: 300.5,
      points: [
        { period: '2026-03', energy: 100.25 },
        { period: '2026-04', energy: 200.25 },
      ],
    },
    {
      scopeId: 2,
      name: 'Hall A',
      total: 150,
      points: [
        { period: '2026-03', energy: 50 },
        { period: '2026-04', energy: 100 },
      ],
    },
    { scopeId: 3, name: 'Office', total: 20.1, points: [{ period: '2026-04', energy: 20.1 }] },
  ],
};

describe('department energy record', () => {
  it('lists departments in tree order with their depth, per period and in total', () => {
    const record = buildDepartmentRecord(NODES, RESULT);
    expect(record.labels).toEqual(['2026-03', '2026-04']);
    expect(record.rows.map(({ name, depth, energy, total }) => [name, depth, energy, total])).toEqual([
      ['Main Plant', 0, [100.25, 200.25], 300.5],
      ['Hall A', 1, [50, 100], 150],
      ['Line 1', 2, [0, 0], 0],
      ['Office', 0, [0, 20.1], 20.1],
    ]);
  });

  it('adds only the top-level departments for the site (the lower ones are inside them)', () => {
    const { site } = buildDepartmentRecord(NODES, RESULT);
    expect(site).toEqual({ energy: [100.25, 220.35], total: 320.6 });
  });

  it('asks for at most 200 departments at a time and puts the answers together', () => {
    const ids = Array.from({ length: 450 }, (_, i) => i + 1);
    expect(chunkIds(ids).map((chunk) => chunk.length)).toEqual([200, 200, 50]);
    const merged = mergeRollups([
      { ...RESULT, series: RESULT.series.slice(0, 1) },
      { ...RESULT, series: RESULT.series.slice(1) },
    ]);
    expect(merged?.series.map((series) => series.scopeId)).toEqual([1, 2, 3]);
    expect(mergeRollups([])).toBeUndefined();
  });

  it('exports the record as CSV with headings, levels, the site line and a BOM', () => {
    const csv = recordCsv(buildDepartmentRecord(NODES, RESULT), { department: 'Department', code: 'Code', level: 'Level', total: 'Total', site: 'Site' });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFDepartment,Code,Level,2026-03,2026-04,Total (kWh)',
      'Main Plant,MAIN-PLANT,1,100.25,200.25,300.5',
      'Hall A,HALL-A,2,50,100,150',
      'Line 1,LINE-1,3,0,0,0',
      'Office,OFFICE,1,0,20.1,20.1',
      'Site,,,100.25,220.35,320.6',
      '',
    ]);
  });

  it('quotes separators and defuses formulas in names', () => {
    expect(csvCell('Hall "A", east')).toBe('"Hall ""A"", east"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-12.34567)).toBe('-12.346');
  });
});

import { describe, expect, it } from 'vitest';
import { setBindingField } from './bindingValue';
import { departmentChoices, selectChoices } from './resourceChoices';

describe('binding choices', () => {
  it('builds the department tree in the server’s order; a department whose parent is hidden stays at the top', () => {
    expect(
      departmentChoices([
        { id: 1, name: 'Plant', parentId: null },
        { id: 4, name: 'Welding', parentId: 2 },
        { id: 2, name: 'Press shop', parentId: 1 },
        { id: 9, name: 'Lab', parentId: 77 },
      ]),
    ).toEqual([
      { value: 1, title: 'Plant', children: [{ value: 2, title: 'Press shop', children: [{ value: 4, title: 'Welding', children: [] }] }] },
      { value: 9, title: 'Lab', children: [] },
    ]);
    expect(departmentChoices(undefined)).toEqual([]);
    expect(selectChoices([{ id: 11, name: 'M011 Line 1 press' }])).toEqual([{ value: 11, label: 'M011 Line 1 press' }]);
  });

  it('sets one field and drops a cleared one, so the widget’s default applies', () => {
    expect(setBindingField({ meterIds: [11] }, 'metric', 'kw')).toEqual({ meterIds: [11], metric: 'kw' });
    expect(setBindingField({ meterIds: [11], metric: 'kw' }, 'meterIds', [])).toEqual({ metric: 'kw' });
    expect(setBindingField({ periods: 7 }, 'periods', null)).toEqual({});
    expect(setBindingField({ energyType: 'gas' }, 'energyType', undefined)).toEqual({});
  });
});

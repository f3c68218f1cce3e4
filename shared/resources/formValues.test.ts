import { describe, expect, it } from 'vitest';
import { meterResource } from './meters';
import { subitemResource } from './subitems';
import { departmentResource } from './departments';
import { requiredFields, validateField, validateForm } from './formValues';
import { listQuerySchema } from './listQuery';

describe('resource forms validate with the API rules', () => {
  it('reports a bad CT ratio and a non-numeric sort by rule', () => {
    expect(validateField(meterResource, 'ctRatio', 0)).toEqual({ field: 'ctRatio', rule: 'positive', message: 'Must be greater than 0' });
    expect(validateField(meterResource, 'ctRatio', 2.5)).toBeUndefined();
    expect(validateField(subitemResource, 'sort', 'x')?.rule).toBe('number');
    expect(validateField(meterResource, 'installDate', '2024-13-01')?.rule).toBe('calendarDate');
    expect(validateField(meterResource, 'installDate', '2024-2-1')?.rule).toBe('date');
    expect(validateField(meterResource, 'installDate', '9999-12-31')?.rule).toBe('dateRange');
    expect(validateField(meterResource, 'installDate', '')).toBeUndefined();
  });

  it('builds the body from widget values, defaults filled in', () => {
    const result = validateForm(departmentResource, { name: 'Hall', code: 'H', parentId: undefined, sort: null, level: 2 });
    expect(result).toEqual({ body: { name: 'Hall', code: 'H', parentId: null, sort: 0 } });
    const bad = validateForm(subitemResource, { name: '', code: 'X' });
    expect(bad).toEqual({ problems: [{ field: 'name', rule: 'required', message: 'Please fill in this field' }] });
  });

  it('parses list queries with the definition filters', () => {
    const query = listQuerySchema(meterResource).parse({ page: '2', energyType: 'gas', online: 'true', departmentId: '4' });
    expect(query).toEqual({ page: 2, size: 20, energyType: 'gas', online: true, departmentId: 4 });
    expect(() => listQuerySchema(meterResource).parse({ energyType: 'steam' })).toThrow();
  });
});

describe('required fields', () => {
  it('are the ones the schema refuses empty', () => {
    expect([...requiredFields(meterResource)].sort()).toEqual(['code', 'energyType', 'name', 'unit']);
    expect([...requiredFields(departmentResource)].sort()).toEqual(['code', 'name']);
  });
});

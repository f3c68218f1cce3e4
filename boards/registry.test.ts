import { describe, expect, it } from 'vitest';
import { Registry } from './registry';

describe('Registry', () => {
  it('finds items by id and by alias, in registration order', () => {
    const registry = new Registry<{ id: string; aliasIds?: string[]; label: string }>('widget')
      .register({ id: 'kpi', label: 'KPI figure' })
      .register({ id: 'gauge', aliasIds: ['dial'], label: 'Gauge' });
    expect(registry.get('dial')?.label).toBe('Gauge');
    expect(registry.get('kpi')?.label).toBe('KPI figure');
    expect(registry.get('nope')).toBeUndefined();
    expect(registry.list().map((w) => w.id)).toEqual(['kpi', 'gauge']);
  });

  it('throws on a duplicate id or an alias that clashes', () => {
    const registry = new Registry<{ id: string; aliasIds?: string[] }>('widget').register({ id: 'kpi', aliasIds: ['figure'] });
    expect(() => registry.register({ id: 'kpi' })).toThrow('widget "kpi" is registered twice');
    expect(() => registry.register({ id: 'other', aliasIds: ['figure'] })).toThrow('widget "figure" is registered twice');
  });
});

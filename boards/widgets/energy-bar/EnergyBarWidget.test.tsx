import { describe, expect, it } from 'vitest';
import { reading, renderWidgetHtml } from '../../charts/testing/renderWidget';
import EnergyBarWidget from './EnergyBarWidget';
import { energyBarWidget } from './descriptor';

describe('EnergyBarWidget', () => {
  it('says "No data yet" until the ranking arrives or while it is empty, then draws the bars', () => {
    expect(renderWidgetHtml(energyBarWidget, EnergyBarWidget, {})).toContain('No data yet');
    const channel = 'energy:ranking:department:top:electricity:day:1:10';
    expect(renderWidgetHtml(energyBarWidget, EnergyBarWidget, { readings: { [channel]: reading({ unit: 'kWh', rows: [], computedAt: 1 }) } })).toContain('No data yet');
    const ranking = reading({ unit: 'kWh', rows: [{ scopeId: 1, name: 'Hall A', energy: 10, share: 1 }], computedAt: 1 });
    expect(renderWidgetHtml(energyBarWidget, EnergyBarWidget, { readings: { [channel]: ranking } })).toContain('data-testid="energy-bar"');
  });
});

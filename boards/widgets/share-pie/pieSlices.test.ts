import { describe, expect, it } from 'vitest';
import { pieSlices, pieWhole } from './pieSlices';
import { sharePieWidget } from './descriptor';
import { sharePieOptions } from './options';

describe('share-pie descriptor', () => {
  it('has defaults for every option', () => {
    expect(sharePieOptions.parse({})).toEqual({ scope: 'department', limit: 6, showOthers: true, donut: true, digits: 1 });
  });

  it('reads the bound sub-items as a series, or the ranking’s top 6', () => {
    const options = sharePieOptions.parse({ scope: 'subitem' });
    expect(sharePieWidget.channels({ subitemIds: [8, 9] }, options)).toEqual(['energy:series:subitem:8.9:electricity:day:1']);
    expect(sharePieWidget.channels({ grain: 'month', periods: 1 }, options)).toEqual(['energy:ranking:subitem:top:electricity:month:1:6']);
  });
});

describe('pie slices', () => {
  const data = {
    unit: 'kWh',
    rows: [
      { scopeId: 1, name: 'HVAC', energy: 600 },
      { scopeId: 2, name: 'Lighting', energy: 150 },
    ],
    rest: 250,
  };

  it('gives each slice its share of the whole, the rest as Others', () => {
    expect(pieSlices(data, 'Others', { showOthers: true, digits: 1 })).toEqual([
      { name: 'HVAC', value: 600, percent: '60.0%' },
      { name: 'Lighting', value: 150, percent: '15.0%' },
      { name: 'Others', value: 250, percent: '25.0%' },
    ]);
    expect(pieWhole(data)).toBe(1000);
  });

  it('keeps the shares of the whole when Others is hidden, and says 0% when nothing flowed', () => {
    expect(pieSlices(data, 'Others', { showOthers: false, digits: 0 }).map((slice) => slice.percent)).toEqual(['60%', '15%']);
    const quiet = { unit: 'kWh', rows: [{ scopeId: 1, name: 'HVAC', energy: 0 }], rest: 0 };
    expect(pieSlices(quiet, 'Others', { showOthers: true, digits: 1 })).toEqual([{ name: 'HVAC', value: 0, percent: '0.0%' }]);
  });
});

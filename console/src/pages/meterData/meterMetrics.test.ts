import { describe, expect, it } from 'vitest';
import { defaultMetric, metricForMeter, metricsFor, metricUnit } from './meterMetrics';

describe('metrics per energy type', () => {
  it('offers electricity meters the electrical catalogue and the 15-minute energy first', () => {
    expect(metricsFor('electricity')).toEqual(['energy', 'kwh', 'kwh_export', 'kvarh', 'kw', 'kvar', 'pf', 'v', 'a', 'hz']);
  });

  it('offers water and gas meters volume and flow only', () => {
    expect(metricsFor('water')).toEqual(['energy', 'm3', 'flow']);
    expect(metricsFor('gas')).toEqual(['energy', 'm3', 'flow']);
  });

  it('adds a code the meter reported that its type does not list, once', () => {
    expect(metricsFor('water', ['m3', 'v'])).toEqual(['energy', 'm3', 'flow', 'v']);
  });

  it('treats an unknown or missing type as electricity', () => {
    expect(metricsFor(undefined)).toEqual(metricsFor('electricity'));
    expect(metricsFor('steam')).toEqual(metricsFor('electricity'));
  });

  it('defaults to the register: kWh for electricity, m³ for water and gas', () => {
    expect(defaultMetric('electricity')).toBe('kwh');
    expect(defaultMetric('water')).toBe('m3');
    expect(defaultMetric('gas')).toBe('m3');
  });

  it('keeps the chosen metric when the next meter has it, else takes that meter default', () => {
    expect(metricForMeter('kw', 'electricity')).toBe('kw');
    expect(metricForMeter('kw', 'water')).toBe('m3');
    expect(metricForMeter('energy', 'gas')).toBe('energy');
    expect(metricForMeter('flow', 'electricity')).toBe('kwh');
  });

  it('gives the catalogue unit, and the meter unit for the derived energy', () => {
    expect(metricUnit('kw', 'kWh')).toBe('kW');
    expect(metricUnit('flow', 'm³')).toBe('m³/h');
    expect(metricUnit('pf', 'kWh')).toBe('');
    expect(metricUnit('energy', 'm³')).toBe('m³');
  });
});

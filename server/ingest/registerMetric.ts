/** Which register drives a meter's energy, and which rate goes beside it in the raw table. */
export function registerMetricFor(energyType: string): 'kwh' | 'm3' {
  return energyType === 'electricity' ? 'kwh' : 'm3';
}

export function rateMetricFor(energyType: string): 'kw' | 'flow' {
  return energyType === 'electricity' ? 'kw' : 'flow';
}

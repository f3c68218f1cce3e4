/** The unit energy of a type is counted in (rollups are in primary units after CT/PT). */
export const energyUnit = (energyType: string): string => (energyType === 'electricity' ? 'kWh' : 'm³');

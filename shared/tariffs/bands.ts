/** The time-of-use band types Chinese grids publish (尖峰平谷深谷), in price order, with their wall colours. */
export const BAND_TYPES = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type BandType = (typeof BAND_TYPES)[number];

/** Colours used by every chart and wall widget for a band, so a band looks the same everywhere. */
export const BAND_COLOURS: Readonly<Record<BandType, string>> = {
  sharp: '#e8453c',
  peak: '#f59a23',
  flat: '#4a90e2',
  valley: '#2bb673',
  deepValley: '#7b61ff',
};

/** Day types of the working calendar; a layout may be given per day type. */
export const DAY_TYPES = ['workday', 'weekend', 'holiday', 'special'] as const;
export type DayType = (typeof DAY_TYPES)[number];

export const ENERGY_TYPES_PRICED = ['electricity', 'water', 'gas'] as const;

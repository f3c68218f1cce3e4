// What a energy-calendar widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

/** A year of days: the most the calendar draws (a day rollup may cover 367 days). */
export const MAX_CALENDAR_DAYS = 365;

export const energyCalendarOptions = z.object({
  /** Decimals of the daily figures (the colour scale's ends). */
  digits: z.number().int().min(0).max(6).default(0),
  firstDay: z.enum(['monday', 'sunday']).default('monday'),
});
export type EnergyCalendarOptions = z.infer<typeof energyCalendarOptions>;

// What a line-sec widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { LINE_SEC_PERIODS } from '@shared/production/api';

export const LINE_SEC_UNITS = ['kwh', 'kgce'] as const;

export const lineSecOptions = z.object({
  /** The range SEC is computed over: today so far, yesterday, the last 7 or 30 days, this or last month. */
  period: z.enum(LINE_SEC_PERIODS).default('today'),
  /** kWh (the line's energy unit) or kgce per standard unit; water and gas lines have no kgce. */
  secUnit: z.enum(LINE_SEC_UNITS).default('kwh'),
  digits: z.number().int().min(0).max(3).default(2),
  /** Lines shown, in the board's order (by code). */
  maxLines: z.number().int().min(1).max(20).default(8),
});
export type LineSecOptions = z.infer<typeof lineSecOptions>;

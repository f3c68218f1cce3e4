// What a gauge widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const gaugeOptions = z
  .object({
    min: z.number().default(0),
    max: z.number().default(100),
    /** Where the warning band starts (null: no band). */
    warning: z.number().nullable().default(null),
    /** Where the alarm band starts (null: no band). */
    alarm: z.number().nullable().default(null),
    /** 'above': values above the thresholds are bad (load, temperature); 'below': below them (power factor, pressure). */
    direction: z.enum(['above', 'below']).default('above'),
    digits: z.number().int().min(0).max(6).default(1),
    /** Empty: the metric's catalogue unit. */
    unit: z.string().max(16).default(''),
  })
  .superRefine((options, ctx) => {
    if (options.min >= options.max) ctx.addIssue({ code: 'custom', path: ['max'], message: 'The maximum must be above the minimum' });
    const { warning, alarm } = options;
    if (warning !== null && alarm !== null) {
      if (options.direction === 'above' && warning > alarm)
        ctx.addIssue({ code: 'custom', path: ['alarm'], message: 'The alarm band must start at or above the warning band' });
      if (options.direction === 'below' && warning < alarm)
        ctx.addIssue({ code: 'custom', path: ['alarm'], message: 'The alarm band must start at or below the warning band' });
    }
  });
export type GaugeOptions = z.infer<typeof gaugeOptions>;

// What a report-table widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { REPORT_TEMPLATE_KEYS } from '@shared/reports/constants';
import { REFRESH_MAX_MINUTES, REFRESH_MIN_MINUTES, WALL_PRESETS, type ReportRef } from './channel';

export const ROWS_MAX = 50;
export const FONT_SCALE_MIN = 0.5;
export const FONT_SCALE_MAX = 3;

export const reportTableOptions = z.object({
  /** The report definition shown (picked from the caller's definitions in the board editor); 0: none chosen. */
  definitionId: z.number().int().min(0).default(0),
  /** With no definition chosen: the tree's first definition made from this template (the shipped boards use it). */
  template: z.enum(['none', ...REPORT_TEMPLATE_KEYS]).default('none'),
  /** The period shown: the definition's own, or a preset instead. */
  preset: z.enum(WALL_PRESETS).default('own'),
  /** Body rows shown at once (fewer when the tile is too small to read them); the total row is pinned below. */
  rows: z.number().int().min(1).max(ROWS_MAX).default(10),
  /** Seconds each page of rows stays before the next scrolls in, when there are more rows than shown; 0 stops it. */
  scrollSeconds: z.number().int().min(0).max(600).default(10),
  /** The server computes the table again this often. */
  refreshMinutes: z.number().int().min(REFRESH_MIN_MINUTES).max(REFRESH_MAX_MINUTES).default(5),
  /** Multiplies the text size the tile would pick. */
  fontScale: z.number().min(FONT_SCALE_MIN).max(FONT_SCALE_MAX).default(1),
});
export type ReportTableOptions = z.infer<typeof reportTableOptions>;

/** The definition the options name: the chosen id wins over the template. */
export function reportRefOf(options: Pick<ReportTableOptions, 'definitionId' | 'template'>): ReportRef | null {
  if (options.definitionId > 0) return { definitionId: options.definitionId };
  return options.template === 'none' ? null : { template: options.template };
}

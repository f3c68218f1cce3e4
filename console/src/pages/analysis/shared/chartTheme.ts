/** The console's theme blue: a chart with a single series. */
export const PRIMARY_COLOUR = '#409EFF';

/** Series colours of the analysis charts, starting with the console's theme blue. */
export const SERIES_COLOURS = [
  '#409EFF',
  '#67C23A',
  '#E6A23C',
  '#F56C6C',
  '#909399',
  '#9B59B6',
  '#1ABC9C',
  '#F39C12',
  '#34495E',
  '#E84393',
  '#00B5AD',
  '#A0522D',
];

/** The unmetered remainder: a neutral grey so it never reads as one more department. */
export const UNMETERED_COLOUR = '#C0C4CC';
/** The main meter line over the stacked children. */
export const PARENT_COLOUR = '#303133';

/** Axis figures abbreviated (spec §9), tooltips with thousands separators. */
export { abbreviateNumber, formatQuantity, withThousands } from '@shared/format';

/** Chart heights as a share of the screen: readable at 768 px, not a strip at 2160 px. */
export const CHART_HEIGHT = 'clamp(260px, 38vh, 760px)';
export const TALL_CHART_HEIGHT = 'clamp(300px, 46vh, 900px)';

/** Past this many periods the bars get too thin: the chart gets a zoom slider. */
export const ZOOM_FROM_PERIODS = 62;
export const ZOOM = [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }];
export const needsZoom = (periodCount: number): boolean => periodCount > ZOOM_FROM_PERIODS;

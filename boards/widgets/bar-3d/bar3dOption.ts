import dayjs from 'dayjs';
import { energyChannel, type EnergySeriesData } from '@shared/board/channels';
import type { Binding } from '@shared/board/document';
import { ellipsize } from '../../charts/svg/textFit';

/** The energy channel compares at most this many departments (the channel name's limit). */
export const MAX_BAR3D_DEPARTMENTS = 50;

/** Energy by department per hour over the last 24 hours; none without bound departments. */
export function bar3dChannels(binding: Binding): string[] {
  const ids = [...new Set(binding.departmentIds ?? [])].slice(0, MAX_BAR3D_DEPARTMENTS);
  if (ids.length === 0) return [];
  return [energyChannel({ kind: 'series', scope: 'department', ids, energyType: binding.energyType ?? 'electricity', grain: 'hour', periods: 24 })];
}

export interface Bar3dLook {
  /** Screen pixels per design pixel. */
  scale: number;
  mode: 'dark' | 'light';
  accent: string;
  /** View angles in degrees (elevation and rotation). */
  alpha: number;
  beta: number;
  /** An hour period (local hour start, epoch ms as text) as an axis label. */
  hourLabel?: (period: string) => string;
}

const defaultHourLabel = (period: string): string => dayjs(Number(period)).format('HH:mm');

/** Axis labels shown at most along each axis: more would overlap (every n-th is shown, the rest skipped). */
export const MAX_HOUR_LABELS = 6;
export const MAX_DEPARTMENT_LABELS = 6;
/** Room along the department axis per department (world units of the 200-wide box), so their names do not touch. */
const DEPARTMENT_DEPTH = 30;
/** Widest department name in design pixels; longer ones end in "…". */
const DEPARTMENT_LABEL_WIDTH = 120;

/** echarts' category `interval`: labels skipped between two shown, so at most `max` of `count` are drawn. */
export const labelInterval = (count: number, max: number): number => Math.max(0, Math.ceil(count / max) - 1);

/** Whether a series payload has anything to draw. */
export const hasBars = (data: EnergySeriesData | undefined): data is EnergySeriesData => !!data && data.periods.length > 0 && data.series.length > 0;

/**
 * The echarts-gl option: hours along x, departments along y, energy up z, coloured by height. Animation
 * and mouse control off (a wall has nobody at it, and every frame costs GPU time on a 4K screen).
 */
export function bar3dOption(data: EnergySeriesData, look: Bar3dLook): Record<string, unknown> {
  const hourLabel = look.hourLabel ?? defaultHourLabel;
  const text = look.mode === 'dark' ? '#d0d7e2' : '#2b3340';
  const line = look.mode === 'dark' ? 'rgba(208,215,226,0.35)' : 'rgba(43,51,64,0.35)';
  const fontSize = Math.round(12 * look.scale);
  const bars: [number, number, number][] = [];
  let max = 0;
  data.series.forEach((series, departmentIndex) => {
    series.points.forEach((point, hourIndex) => {
      const energy = Number.isFinite(point.energy) ? point.energy : 0;
      max = Math.max(max, energy);
      bars.push([hourIndex, departmentIndex, energy]);
    });
  });
  // Only the energy axis has a name (its unit), farther out than its labels (echarts-gl puts both at the axis'
  // middle) so it never covers them; hours and department names say what they are, and a name beside them would
  // cover them or leave the tile.
  // An explicit line height: without it echarts-gl cuts each label's sprite out of its texture atlas a little
  // below the drawn text (glyph tops lost, the next atlas row bleeding in: labels looked garbled and overlaid).
  const label = { color: text, fontSize, lineHeight: Math.round(fontSize * 1.6) };
  const axis = (name: string, interval?: number, formatter?: (label: string) => string) => ({
    name,
    nameGap: 36,
    nameTextStyle: label,
    axisLabel: { ...label, ...(interval === undefined ? {} : { interval }), ...(formatter ? { formatter } : {}) },
    axisLine: { lineStyle: { color: line } },
    splitLine: { lineStyle: { color: line } },
  });
  const boxDepth = Math.min(160, DEPARTMENT_DEPTH * Math.max(2, data.series.length));
  return {
    animation: false,
    backgroundColor: 'transparent',
    visualMap: { show: false, min: 0, max: max > 0 ? max : 1, dimension: 2, inRange: { color: ['#2b6cb0', look.accent, '#f0b429', '#ff4d4f'] } },
    xAxis3D: { type: 'category', data: data.periods.map(hourLabel), ...axis('', labelInterval(data.periods.length, MAX_HOUR_LABELS)) },
    yAxis3D: {
      type: 'category',
      data: data.series.map((series) => series.name),
      ...axis('', labelInterval(data.series.length, MAX_DEPARTMENT_LABELS), (name) => ellipsize(name, DEPARTMENT_LABEL_WIDTH * look.scale, fontSize)),
    },
    zAxis3D: { type: 'value', ...axis(data.unit) },
    grid3D: {
      boxWidth: 200,
      boxDepth,
      boxHeight: 80,
      environment: 'none',
      axisPointer: { show: false },
      light: { main: { intensity: 1.2, shadow: false }, ambient: { intensity: 0.35 } },
      viewControl: {
        alpha: look.alpha,
        beta: look.beta,
        // Farther for a deeper box, so its far corners and labels stay in the tile (260 fits the 80-deep box).
        distance: 200 + 0.75 * boxDepth,
        autoRotate: false,
        animation: false,
        rotateSensitivity: 0,
        zoomSensitivity: 0,
        panSensitivity: 0,
      },
    },
    series: [{ type: 'bar3D', data: bars, shading: 'lambert', bevelSize: 0.1, animation: false, label: { show: false }, emphasis: { label: { show: false } } }],
  };
}

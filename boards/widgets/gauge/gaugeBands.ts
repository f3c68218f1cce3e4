import type { ChartPalette } from '../../charts/palette';
import type { GaugeOptions } from './options';

export type GaugeState = 'normal' | 'warning' | 'alarm';
export type GaugeBandOptions = Pick<GaugeOptions, 'min' | 'max' | 'warning' | 'alarm' | 'direction'>;

/** Where a value stands against the bands: at a threshold counts as inside its band. */
export function gaugeState(value: number, { warning, alarm, direction }: GaugeBandOptions): GaugeState {
  const beyond = (threshold: number | null) => threshold !== null && (direction === 'above' ? value >= threshold : value <= threshold);
  if (beyond(alarm)) return 'alarm';
  if (beyond(warning)) return 'warning';
  return 'normal';
}

/** The dial's colour stops: [fraction of the range where the colour ends, colour], in range order. */
export function gaugeBands(options: GaugeBandOptions, palette: ChartPalette): [number, string][] {
  const { min, max, warning, alarm, direction } = options;
  const at = (value: number) => Math.round(Math.min(Math.max((value - min) / (max - min), 0), 1) * 10_000) / 10_000;
  if (warning === null && alarm === null) return [[1, palette.series[0]!]];
  if (direction === 'above') {
    const stops: [number, string][] = [[at((warning ?? alarm)!), palette.good]];
    if (warning !== null && alarm !== null) stops.push([at(alarm), palette.warning]);
    stops.push([1, alarm !== null ? palette.alarm : palette.warning]);
    return stops;
  }
  const stops: [number, string][] = [[at((alarm ?? warning)!), alarm !== null ? palette.alarm : palette.warning]];
  if (warning !== null && alarm !== null) stops.push([at(warning), palette.warning]);
  stops.push([1, palette.good]);
  return stops;
}

/** The figure's colour: the band's when beyond a threshold, the plain text colour when normal. */
export function stateColour(state: GaugeState, palette: ChartPalette): string {
  return state === 'alarm' ? palette.alarm : state === 'warning' ? palette.warning : palette.text;
}

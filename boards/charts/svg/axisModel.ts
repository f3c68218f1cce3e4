/** The rectangle the data is drawn in, in the SVG's pixels. */
export interface PlotArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One drawn axis label: `at` is a y on a left axis, an x on a bottom axis. */
export interface AxisLabel {
  at: number;
  text: string;
}

/** What `CartesianAxes` draws for one side; geometry functions build it so tests can read exact positions. */
export interface AxisModel {
  labels: AxisLabel[];
  /** Grid lines across the plot at these positions (value axes), none on category and time axes. */
  grid: number[];
  /** The axis line along the plot's edge (category and time axes). */
  line: boolean;
}

/** A caption such as the unit, placed by the geometry above the plot. */
export interface AxisName {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Design pixels between an axis label and the plot's edge. */
export const AXIS_LABEL_GAP = 6;

export const plotRight = (plot: PlotArea): number => plot.left + plot.width;
export const plotBottom = (plot: PlotArea): number => plot.top + plot.height;

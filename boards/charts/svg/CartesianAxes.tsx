import type { ChartPalette } from '../palette';
import { type AxisModel, type AxisName, type PlotArea, plotBottom, plotRight } from './axisModel';

interface CartesianAxesProps {
  plot: PlotArea;
  left?: AxisModel;
  bottom?: AxisModel;
  name?: AxisName;
  /** Label font size in screen pixels (scaledFont of CHART_FONT.axis). */
  fontSize: number;
  /** Pixels between a label and the plot (AXIS_LABEL_GAP × scale). */
  labelGap: number;
  palette: ChartPalette;
  scale: number;
}

/**
 * Grid lines, axis lines and labels of a cartesian chart, drawn before the series so the data lies on top.
 * Positions come from the geometry: this only maps them to SVG (dy as d3-axis does, centring text without
 * relying on dominant-baseline support).
 */
export function CartesianAxes({ plot, left, bottom, name, fontSize, labelGap, palette, scale }: CartesianAxesProps) {
  const stroke = Math.max(1, Math.round(scale));
  const right = plotRight(plot);
  const base = plotBottom(plot);
  return (
    <g data-part="axes" fontSize={fontSize} fill={palette.subtleText}>
      <g stroke={palette.splitLine} strokeWidth={stroke} shapeRendering="crispEdges">
        {left?.grid.map((y) => (
          <line key={`y${y}`} x1={plot.left} x2={right} y1={y} y2={y} />
        ))}
        {bottom?.grid.map((x) => (
          <line key={`x${x}`} x1={x} x2={x} y1={plot.top} y2={base} />
        ))}
      </g>
      <g stroke={palette.axisLine} strokeWidth={stroke} shapeRendering="crispEdges">
        {left?.line && <line x1={plot.left} x2={plot.left} y1={plot.top} y2={base} />}
        {bottom?.line && <line x1={plot.left} x2={right} y1={base} y2={base} />}
      </g>
      {left?.labels.map((label) => (
        <text key={`l${label.at}`} x={plot.left - labelGap} y={label.at} dy="0.32em" textAnchor="end">
          {label.text}
        </text>
      ))}
      {bottom?.labels.map((label) => (
        <text key={`b${label.at}`} x={label.at} y={base + labelGap} dy="0.71em" textAnchor="middle">
          {label.text}
        </text>
      ))}
      {name && name.text && (
        <text x={name.x} y={name.y} textAnchor={name.anchor}>
          {name.text}
        </text>
      )}
    </g>
  );
}

import type { ChartPalette } from '../../charts/palette';
import { CartesianAxes } from '../../charts/svg/CartesianAxes';
import type { BarGeometry } from './barGeometry';

interface BarSvgProps {
  geometry: BarGeometry;
  width: number;
  height: number;
  label: string;
  palette: ChartPalette;
  scale: number;
}

/** The bars' geometry as SVG: axes under the bars, one path per bar, the figures on top. */
export function BarSvg({ geometry, width, height, label, palette, scale }: BarSvgProps) {
  const { horizontal, bars, values } = geometry;
  return (
    <svg data-testid="energy-bar" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} style={{ display: 'block' }}>
      <CartesianAxes
        plot={geometry.plot}
        left={horizontal ? geometry.categoryAxis : geometry.valueAxis}
        bottom={horizontal ? geometry.valueAxis : geometry.categoryAxis}
        name={geometry.unit}
        fontSize={geometry.fontSize}
        labelGap={geometry.labelGap}
        palette={palette}
        scale={scale}
      />
      <g data-part="bars" fill={geometry.colour}>
        {bars.map((bar) => (
          <path key={bar.scopeId} d={bar.path} />
        ))}
      </g>
      {values.length > 0 && (
        <g data-part="values" fontSize={geometry.labelFontSize} fill={geometry.valueColour}>
          {values.map((value) => (
            <text key={`${value.x},${value.y}`} x={value.x} y={value.y} dy={horizontal ? '0.32em' : undefined} textAnchor={value.anchor}>
              {value.text}
            </text>
          ))}
        </g>
      )}
    </svg>
  );
}

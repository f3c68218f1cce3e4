import type { ChartPalette } from '../../charts/palette';
import { CartesianAxes } from '../../charts/svg/CartesianAxes';
import type { TrendGeometry } from './trendGeometry';

interface TrendSvgProps {
  geometry: TrendGeometry;
  width: number;
  height: number;
  label: string;
  palette: ChartPalette;
  scale: number;
}

/** The trend's geometry as SVG: axes under the data, one path per meter (two with an area), the legend on top. */
export function TrendSvg({ geometry, width, height, label, palette, scale }: TrendSvgProps) {
  const { plot, series, legend } = geometry;
  return (
    <svg data-testid="live-trend" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} style={{ display: 'block' }}>
      <CartesianAxes
        plot={plot}
        left={geometry.valueAxis}
        bottom={geometry.timeAxis}
        name={geometry.unit}
        fontSize={geometry.fontSize}
        labelGap={geometry.labelGap}
        palette={palette}
        scale={scale}
      />
      {series.map((trend) =>
        trend.area ? <path key={`${trend.id}-area`} d={trend.area} fill={trend.colour} fillOpacity={geometry.areaOpacity} stroke="none" /> : null,
      )}
      {series.map((trend) =>
        trend.dot ? (
          <circle key={trend.id} data-series={trend.id} cx={trend.dot.x} cy={trend.dot.y} r={trend.dot.r} fill={trend.colour} />
        ) : trend.line ? (
          <path
            key={trend.id}
            data-series={trend.id}
            d={trend.line}
            fill="none"
            stroke={trend.colour}
            strokeWidth={geometry.strokeWidth}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ) : null,
      )}
      {legend.length > 0 && (
        <g data-part="legend" fontSize={geometry.legendFontSize} fill={palette.text}>
          {legend.map((item) => (
            <g key={`${item.swatch.x},${item.y}`}>
              <rect x={item.swatch.x} y={item.swatch.y} width={item.swatch.width} height={item.swatch.height} rx={item.swatch.height / 2} fill={item.colour} />
              <text x={item.textX} y={item.y} dy="0.32em">
                {item.name}
              </text>
            </g>
          ))}
        </g>
      )}
    </svg>
  );
}

import { ellipsize, textWidth } from '../../charts/svg/textFit';

export interface LegendItem {
  name: string;
  colour: string;
  /** The swatch's rectangle; the name starts at `textX` on the row's middle `y`. */
  swatch: { x: number; y: number; width: number; height: number };
  textX: number;
  y: number;
}

export interface LegendLayout {
  items: LegendItem[];
  /** Pixels the legend takes from the top of the tile. */
  height: number;
}

interface LegendInput {
  entries: { name: string; colour: string }[];
  width: number;
  /** Rows the legend may take at most (the plot keeps the rest of the tile). */
  maxRows: number;
  fontSize: number;
  scale: number;
}

/**
 * Centred rows of swatch + name across the top, wrapping at the tile's width. Names are shortened with an
 * ellipsis, harder while the rows would not fit in `maxRows`; entries past the last row are left out rather
 * than drawn over the plot.
 */
export function trendLegend({ entries, width, maxRows, fontSize, scale }: LegendInput): LegendLayout {
  const gap = (px: number) => Math.round(px * scale);
  const swatch = { width: gap(14), height: Math.max(2, gap(6)) };
  const rowHeight = Math.round(fontSize * 1.5);
  const usable = width - 2 * gap(8);
  const layout = (nameWidth: number) => {
    const rows: { name: string; colour: string; width: number }[][] = [[]];
    let used = 0;
    for (const entry of entries) {
      const name = ellipsize(entry.name, nameWidth, fontSize);
      const itemWidth = swatch.width + gap(5) + textWidth(name, fontSize);
      const row = rows[rows.length - 1]!;
      if (row.length > 0 && used + gap(12) + itemWidth > usable) {
        rows.push([{ ...entry, name, width: itemWidth }]);
        used = itemWidth;
      } else {
        used += (row.length > 0 ? gap(12) : 0) + itemWidth;
        row.push({ ...entry, name, width: itemWidth });
      }
    }
    return rows;
  };
  let nameWidth = Math.max(fontSize * 4, Math.round(usable * 0.4));
  let rows = layout(nameWidth);
  while (rows.length > maxRows && nameWidth > fontSize * 4) {
    nameWidth = Math.max(fontSize * 4, Math.round(nameWidth * 0.7));
    rows = layout(nameWidth);
  }
  const shown = rows.slice(0, Math.max(1, maxRows));
  const items: LegendItem[] = [];
  shown.forEach((row, index) => {
    const rowWidth = row.reduce((sum, item) => sum + item.width, 0) + gap(12) * (row.length - 1);
    const y = gap(4) + rowHeight * index + rowHeight / 2;
    let x = Math.round((width - rowWidth) / 2);
    for (const item of row) {
      items.push({ name: item.name, colour: item.colour, swatch: { x, y: y - swatch.height / 2, ...swatch }, textX: x + swatch.width + gap(5), y });
      x += item.width + gap(12);
    }
  });
  return { items, height: gap(4) + rowHeight * shown.length };
}

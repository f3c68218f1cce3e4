export type BarEnd = 'top' | 'right' | 'bottom' | 'left';

const r1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A bar's outline with the two corners of its far end (away from zero) rounded by `radius`, clamped so short
 * or thin bars stay a clean shape. Coordinates rounded to 0.1 px.
 */
export function barPath(x: number, y: number, width: number, height: number, radius: number, end: BarEnd): string {
  const [left, top, right, bottom] = [r1(x), r1(y), r1(x + width), r1(y + height)];
  const vertical = end === 'top' || end === 'bottom';
  const [along, across] = vertical ? [bottom - top, right - left] : [right - left, bottom - top];
  // Rounded down to 0.1 px, so two corners never pass each other on a thin bar.
  const r = Math.floor(Math.max(0, Math.min(radius, across / 2, along)) * 10) / 10;
  if (r === 0) return `M${left},${top}H${right}V${bottom}H${left}Z`;
  const arc = (toX: number, toY: number) => `A${r},${r} 0 0 1 ${r1(toX)},${r1(toY)}`;
  switch (end) {
    case 'top':
      return `M${left},${bottom}V${r1(top + r)}${arc(left + r, top)}H${r1(right - r)}${arc(right, top + r)}V${bottom}Z`;
    case 'right':
      return `M${left},${top}H${r1(right - r)}${arc(right, top + r)}V${r1(bottom - r)}${arc(right - r, bottom)}H${left}Z`;
    case 'bottom':
      return `M${right},${top}V${r1(bottom - r)}${arc(right - r, bottom)}H${r1(left + r)}${arc(left, bottom - r)}V${top}Z`;
    case 'left':
      return `M${right},${bottom}H${r1(left + r)}${arc(left, bottom - r)}V${r1(top + r)}${arc(left + r, top)}H${right}Z`;
  }
}

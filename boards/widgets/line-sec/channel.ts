import { withThousands } from '@shared/format';
import type { LineSecStatus, LineSecWallData } from '@shared/production/api';
import type { LineSecOptions } from './options';

/**
 * The channel is the contract's (`production:line-sec:<period>`, shared/production/api.ts): the board summary of
 * the caller's tree, served by server/modules/production every minute while watched. This file turns a reading
 * into the tile's rows.
 */
export { lineSecChannel, parseLineSecChannel, type LineSecWallData } from '@shared/production/api';

export interface LineSecBar {
  key: number;
  name: string;
  /** The SEC in the chosen unit, or null without output (or kgce of a water or gas line). */
  sec: number | null;
  secText: string;
  target: number | null;
  targetText: string | null;
  vsTargetPercent: number | null;
  /** 0–1 of the scale: the bar's length and the target marker's place. */
  length: number;
  targetAt: number | null;
  status: LineSecStatus;
  unit: string;
}

const UNITS: Record<string, string> = { electricity: 'kWh', water: 'm³', gas: 'm³' };

/**
 * One bar per line (at most `maxLines`, in the board's order), all on one scale: the largest SEC or target shown
 * plus a tenth, so an over-target bar visibly passes its marker. Targets are kWh per standard unit; in kgce they
 * are converted with the stated factor, as the SEC is.
 */
export function lineSecBars(data: LineSecWallData, options: Pick<LineSecOptions, 'secUnit' | 'digits' | 'maxLines'>): LineSecBar[] {
  const kgce = options.secUnit === 'kgce';
  const lines = data.lines.slice(0, options.maxLines).map((line) => {
    const electric = line.energyType === 'electricity';
    const sec = kgce ? line.secKgce : line.secKwh;
    const target = line.targetSecKwh === null || (kgce && !electric) ? null : kgce ? line.targetSecKwh * data.factor.kgcePerKwh : line.targetSecKwh;
    return { line, sec, target, unit: kgce ? 'kgce' : (UNITS[line.energyType] ?? 'kWh') };
  });
  const top = Math.max(0, ...lines.flatMap(({ sec, target }) => [sec ?? 0, target ?? 0])) * 1.1;
  return lines.map(({ line, sec, target, unit }) => ({
    key: line.lineId,
    name: line.name,
    sec,
    secText: sec === null ? '–' : withThousands(sec, options.digits),
    target,
    targetText: target === null ? null : withThousands(target, options.digits),
    vsTargetPercent: line.vsTargetPercent,
    length: top > 0 && sec !== null ? Math.max(0, sec) / top : 0,
    targetAt: top > 0 && target !== null ? target / top : null,
    status: line.status,
    unit,
  }));
}

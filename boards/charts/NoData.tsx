import { useTranslation } from 'react-i18next';
import { CHART_FONT, scaledFont } from './textStyles';
import type { ChartPalette } from './palette';

interface NoDataProps {
  width: number;
  height: number;
  scale: number;
  palette: ChartPalette;
  /** An i18n key under chartWidgets; "No data yet" by default. */
  messageKey?: 'noData' | 'needsMeter' | 'needsScope';
}

/** What a chart tile shows before its first reading (or without a binding): a translated line, never a blank tile. */
export function NoData({ width, height, scale, palette, messageKey = 'noData' }: NoDataProps) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="chart-no-data"
      style={{
        width,
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        color: palette.subtleText,
        fontSize: scaledFont(CHART_FONT.caption + 2, scale),
        overflow: 'hidden',
      }}
    >
      {t(`chartWidgets.${messageKey}`)}
    </div>
  );
}

import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RollupGrain } from '@shared/schemas/energy';
import { maxRangeSpan } from './analysisRange';

/** Said instead of asking the server, which would answer 20003 "Time out of range!". */
export function RangeNotice({ grain }: { grain: RollupGrain }) {
  const { t } = useTranslation();
  const { count, unit } = maxRangeSpan(grain);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="analysis-range-too-long"
      title={t('analysis.range.tooLong', { grain: t(`analysis.grain.${grain}`), limit: t(`analysis.range.${unit}`, { count }) })}
    />
  );
}

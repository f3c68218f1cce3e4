import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The recompute jobs (progress of band figures being recomputed after a tariff, calendar or assignment
 * change). H3's RecomputeJobsPanel (console/src/pages/recompute/) is embedded here once it exists.
 */
export function RecomputeJobsTab() {
  const { t } = useTranslation();
  return <Empty description={t('tariffs.jobs.missing')} data-testid="recompute-jobs-missing" />;
}

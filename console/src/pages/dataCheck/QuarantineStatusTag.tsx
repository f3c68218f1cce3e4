import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuarantineState } from '@shared/schemas/energy';

const COLOURS: Record<QuarantineState, string> = { pending: 'warning', accepted: 'success', corrected: 'processing', discarded: 'default' };

export function QuarantineStatusTag({ status }: { status: QuarantineState }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`dataQuality.states.${status}`)}</Tag>;
}

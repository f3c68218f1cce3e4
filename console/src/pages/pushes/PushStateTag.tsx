import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushState } from '@shared/schemas/pushes';

const COLORS: Record<PushState, string> = { pending: 'processing', sent: 'success', failed: 'error', skipped: 'warning' };

/** pending → sent, or failed / skipped with the reason in the record's last error. */
export function PushStateTag({ state }: { state: PushState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`pushes.states.${state}`)}
    </Tag>
  );
}

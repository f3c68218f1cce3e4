import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InterfaceKey } from '@shared/schemas/interfaces';

const COLORS: Record<InterfaceKey['state'], string> = { issued: 'processing', active: 'success', revoked: 'default' };

/** issued → active → revoked, as a coloured tag. */
export function KeyStateTag({ state }: { state: InterfaceKey['state'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`integrations.keys.states.${state}`)}
    </Tag>
  );
}

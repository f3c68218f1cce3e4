import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceLevel, CommandState, RoomState, SupplyState } from '@shared/prepaid/constants';
import { moneyWithCurrency } from './moneyInput';

const ROOM_COLOURS: Record<RoomState, string> = {
  cut: 'red',
  keepSupply: 'purple',
  noData: 'default',
  arrears: 'volcano',
  alarm2: 'orange',
  alarm1: 'gold',
  normal: 'green',
};
const SUPPLY_COLOURS: Record<SupplyState, string> = { on: 'green', cutting: 'orange', cut: 'red', restoring: 'blue', unknown: 'magenta' };
const COMMAND_COLOURS: Record<CommandState, string> = {
  pending: 'default',
  sent: 'blue',
  acked: 'green',
  failed: 'red',
  unknown: 'magenta',
  superseded: 'default',
};
/** Balance colours by level: normal, under level 1, under level 2, arrears. */
const LEVEL_TYPES = [undefined, 'warning', 'warning', 'danger'] as const;

export function RoomStateTag({ state }: { state: RoomState }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROOM_COLOURS[state]} data-state={state}>
      {t(`prepaid.roomStates.${state}`)}
    </Tag>
  );
}
export function SupplyTag({ state }: { state: SupplyState }) {
  const { t } = useTranslation();
  return (
    <Tag color={SUPPLY_COLOURS[state]} data-supply={state}>
      {t(`prepaid.supplyStates.${state}`)}
    </Tag>
  );
}
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return <Tag color={COMMAND_COLOURS[state]}>{t(`prepaid.commandStates.${state}`)}</Tag>;
}
/** The balance in its currency, coloured by level (bold from level 2). */
export function BalanceText({ minor, level, currency, testId }: { minor: number; level: BalanceLevel; currency: string; testId?: string }) {
  return (
    <Typography.Text type={LEVEL_TYPES[level]} strong={level >= 2} data-level={level} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {moneyWithCurrency(minor, currency)}
    </Typography.Text>
  );
}

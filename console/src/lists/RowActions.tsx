import { Button, Flex, Popconfirm } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Gate, type ButtonGate } from './Gate';

export interface RowAction {
  /** The permission button it needs (`edit`, `delete`, `auth`…) under the row's gate; none: everyone who sees the list. */
  button?: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Asks this question first (Popconfirm); the confirm button gets `<testId>-confirm` unless confirmTestId. */
  confirm?: string;
  confirmTestId?: string;
  testId: string;
  onClick(): void;
}

/**
 * A row's action links, each under its permission. They wrap onto a second line rather than widen the
 * column, so the actions never push other columns out of a 1366 px screen.
 */
export function RowActions({ gate, actions }: { gate?: ButtonGate; actions: (RowAction | false | null | undefined)[] }) {
  const { t } = useTranslation();
  const link = (action: RowAction, onClick?: () => void) => (
    <Button type="link" size="small" danger={action.danger} icon={action.icon} disabled={action.disabled} onClick={onClick} data-testid={action.testId}>
      {action.label}
    </Button>
  );
  const shown = actions.filter((action): action is RowAction => Boolean(action));
  return (
    <Flex gap={0} wrap>
      {shown.map((action) => {
        const element = action.confirm ? (
          <Popconfirm
            title={action.confirm}
            okText={action.label}
            cancelText={t('lists.cancel')}
            okButtonProps={{ danger: action.danger, 'data-testid': action.confirmTestId ?? `${action.testId}-confirm` }}
            onConfirm={action.onClick}
          >
            {link(action)}
          </Popconfirm>
        ) : (
          link(action, action.onClick)
        );
        return action.button && gate ? (
          <Gate key={action.testId} gate={gate} button={action.button}>
            {element}
          </Gate>
        ) : (
          <Fragment key={action.testId}>{element}</Fragment>
        );
      })}
    </Flex>
  );
}

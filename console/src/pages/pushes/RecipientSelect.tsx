import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushChannel, PushContacts } from '@shared/schemas/pushes';
import { contactLabel, recipientAddress } from './recipientAddress';

interface RecipientSelectProps {
  contacts: PushContacts[];
  channel: PushChannel;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Names of chosen users missing from `contacts` (a role that may not read them), from the task. */
  knownNames?: ReadonlyMap<number, string>;
}

/** Users to push to; each shows the address the chosen channel would use, or that it has none. */
export function RecipientSelect({ contacts, channel, value = [], onChange, knownNames }: RecipientSelectProps) {
  const { t } = useTranslation();
  const byId = new Map(contacts.map((contact) => [contact.userId, contact]));
  const missing = value.filter((id) => !byId.has(id));
  const options = [
    ...contacts.map((contact) => {
      const address = recipientAddress(contact, channel);
      return {
        value: contact.userId,
        searchText: `${contact.trueName} ${contact.username} ${address ?? ''}`,
        label: contactLabel(contact),
        // The dropdown shows the address; the chosen tags only the name.
        rich: (
          <Space size={6} data-testid={`recipient-option-${contact.userId}`} data-has-address={address !== null}>
            {address ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <WarningFilled style={{ color: '#faad14' }} />}
            <span>{contactLabel(contact)}</span>
            <Typography.Text type={address ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
              {address ?? t(`pushes.tasks.noAddress.${channel}`)}
            </Typography.Text>
          </Space>
        ),
      };
    }),
    ...missing.map((id) => ({ value: id, searchText: knownNames?.get(id) ?? `#${id}`, label: knownNames?.get(id) ?? `#${id}`, rich: null })),
  ];
  const withoutAddress = value.filter((id) => {
    const contact = byId.get(id);
    return contact !== undefined && recipientAddress(contact, channel) === null;
  });

  return (
    <>
      <Select<number[]>
        mode="multiple"
        value={value}
        onChange={(ids) => onChange?.(ids)}
        options={options}
        showSearch={{ optionFilterProp: 'searchText' }}
        optionRender={(option) => (option.data as { rich: React.ReactNode }).rich ?? option.label}
        placeholder={t('pushes.tasks.recipientsPlaceholder')}
        style={{ width: '100%' }}
        data-testid="task-recipients"
      />
      {withoutAddress.length > 0 && (
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="task-recipients-warning">
          {t(`pushes.tasks.withoutAddress.${channel}`, { count: withoutAddress.length })}
        </Typography.Text>
      )}
    </>
  );
}

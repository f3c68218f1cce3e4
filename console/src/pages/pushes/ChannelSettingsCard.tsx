import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Form, Skeleton } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelSettingsBodies } from '@shared/api/pushesApi';
import type { PushChannel } from '@shared/schemas/pushes';
import { useNotify } from '../../feedback/notify';
import { SECRET_FIELDS, type ChannelSettingsController } from './ChannelSettingsController';

interface ChannelSettingsCardProps<C extends PushChannel> {
  channel: C;
  controller: ChannelSettingsController;
  title: string;
  canEdit: boolean;
  /** What the form starts with: the stored settings (secret left empty) or the defaults. */
  initialValues: ChannelSettingsBodies[C];
  children: ReactNode;
}

/** One channel's settings form: the contract's messages at the fields, save, the secret never shown. */
export const ChannelSettingsCard = observer(function ChannelSettingsCard<C extends PushChannel>({
  channel,
  controller,
  title,
  canEdit,
  initialValues,
  children,
}: ChannelSettingsCardProps<C>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<ChannelSettingsBodies[C]>();

  const save = async () => {
    const result = await controller.save(channel, form.getFieldsValue(true) as ChannelSettingsBodies[C]);
    const secret = SECRET_FIELDS[channel];
    if (result.ok) {
      // A typed secret is stored now: clear it from the page, the field then says it is stored.
      if (secret) form.setFieldValue(secret as never, '' as never);
      form.setFields(Object.keys(form.getFieldsValue(true) as object).map((name) => ({ name: name as never, errors: [] })));
      notify.success(t('pushes.settings.saved'));
    } else {
      form.setFields(Object.entries(result.errors).map(([name, message]) => ({ name: name as never, errors: message ? [message] : [] })));
    }
  };

  return (
    <Card
      size="small"
      title={title}
      data-testid={`${channel}-settings`}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={controller.saving}
            disabled={!controller.settings}
            onClick={() => void save()}
            data-testid={`${channel}-settings-save`}
          >
            {t('pushes.actions.save')}
          </Button>
        )
      }
    >
      {controller.settings ? (
        <Form form={form} layout="vertical" disabled={!canEdit} initialValues={initialValues} data-testid={`${channel}-settings-form`}>
          {children}
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}) as <C extends PushChannel>(props: ChannelSettingsCardProps<C>) => ReactNode;

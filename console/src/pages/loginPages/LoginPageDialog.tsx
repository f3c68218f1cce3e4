import { Form, Input, Select, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LOGIN_PAGE_TEMPLATES, loginPageInputSchema, type LoginPageInput, type LoginPageRow, type LoginPageTemplate } from '@shared/schemas/loginPages';
import { contractRule } from '../../forms/contractRules';
import { FormDialog } from '../../forms/FormDialog';
import type { LoginPagesController } from './LoginPagesController';

interface LoginPageFields {
  edition: string;
  notes: string;
  state: boolean;
  domainName: string;
  templateName: LoginPageTemplate;
}

const s = loginPageInputSchema.shape;

/** One login-page entry: the edition shown as the title, notes, active state, host and layout template. */
export const LoginPageDialog = observer(function LoginPageDialog({
  controller,
  row,
  onClose,
}: {
  controller: LoginPagesController;
  row: LoginPageRow | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginPageFields>();
  const submit = async (fields: LoginPageFields) => {
    const input: LoginPageInput = {
      edition: fields.edition,
      notes: fields.notes ?? '',
      state: fields.state,
      domainName: fields.domainName ?? '',
      templateName: fields.templateName,
    };
    await controller.save(row?._id ?? null, input);
    return t(row ? 'loginPages.updated' : 'loginPages.created', { edition: fields.edition.trim() });
  };
  return (
    <FormDialog<LoginPageFields>
      form={form}
      maxWidth={600}
      title={t(row ? 'loginPages.editTitle' : 'loginPages.addTitle')}
      okText={t('loginPages.save')}
      cancelText={t('loginPages.cancel')}
      testId="login-page-dialog"
      saving={controller.saving}
      submit={submit}
      onClose={onClose}
    >
      <Form<LoginPageFields>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{
          edition: row?.edition ?? '',
          notes: row?.notes ?? '',
          state: row?.state ?? false,
          domainName: row?.domainName ?? '',
          templateName: row?.templateName ?? 'classic',
        }}
      >
        <Form.Item name="edition" label={t('loginPages.edition')} required extra={t('loginPages.editionHint')} rules={[contractRule(t, s.edition)]}>
          <Input maxLength={100} placeholder={t('loginPages.ph_edition')} data-testid="login-page-edition" />
        </Form.Item>
        <Form.Item name="domainName" label={t('loginPages.domainName')} extra={t('loginPages.domainHint')} rules={[contractRule(t, s.domainName)]}>
          <Input placeholder="plant2.example.com" data-testid="login-page-domain" />
        </Form.Item>
        <Form.Item name="templateName" label={t('loginPages.templateName')}>
          <Select data-testid="login-page-template" options={LOGIN_PAGE_TEMPLATES.map((name) => ({ value: name, label: t(`loginPages.templates.${name}`) }))} />
        </Form.Item>
        <Form.Item name="state" label={t('loginPages.state')} valuePropName="checked" extra={t('loginPages.stateHint')}>
          <Switch data-testid="login-page-state" />
        </Form.Item>
        <Form.Item name="notes" label={t('loginPages.notes')}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="login-page-notes" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
});

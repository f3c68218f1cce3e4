import { Form, Input, Modal, Select, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LOGIN_PAGE_TEMPLATES, loginPageInputSchema, type LoginPageInput, type LoginPageRow, type LoginPageTemplate } from '@shared/schemas/loginPages';
import { useNotify } from '../../feedback/notify';
import { contractRule, showServerErrors } from '../roles/contractRules';
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
export const LoginPageDialog = observer(function LoginPageDialog({ controller, row, onClose }: { controller: LoginPagesController; row: LoginPageRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<LoginPageFields>();
  const save = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    const input: LoginPageInput = { edition: fields.edition, notes: fields.notes ?? '', state: fields.state, domainName: fields.domainName ?? '', templateName: fields.templateName };
    try {
      await controller.save(row?._id ?? null, input);
      notify.success(t(row ? 'loginPages.updated' : 'loginPages.created', { edition: fields.edition.trim() }));
      onClose();
    } catch (error) {
      showServerErrors(t, form, error);
    }
  };
  return (
    <Modal
      open
      centered
      width="min(600px, 92vw)"
      mask={{ closable: false }}
      title={t(row ? 'loginPages.editTitle' : 'loginPages.addTitle')}
      okText={t('loginPages.save')}
      cancelText={t('loginPages.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: controller.saving, disabled: controller.saving, 'data-testid': 'login-page-dialog-ok' }}
      data-testid="login-page-dialog"
    >
      <Form<LoginPageFields>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ edition: row?.edition ?? '', notes: row?.notes ?? '', state: row?.state ?? false, domainName: row?.domainName ?? '', templateName: row?.templateName ?? 'classic' }}
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
    </Modal>
  );
});

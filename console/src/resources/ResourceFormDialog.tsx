import { Col, Form, Modal, Row } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredFields, validateField, type ResourceApi, type ResourceDefinition, type ResourceRow } from '@shared/resources';
import { useNotify } from '../feedback/notify';
import { FieldInput } from './FieldInput';
import { ResourceFormController } from './ResourceFormController';
import type { ResourceOptions } from './ResourceOptions';
import { fieldLabel, problemText, resourceName } from './resourceTexts';

interface ResourceFormDialogProps {
  definition: ResourceDefinition;
  api: ResourceApi;
  options: ResourceOptions;
  /** The record to edit; undefined adds a new one. */
  record?: ResourceRow;
  onClose(): void;
  onSaved(row: ResourceRow): void;
}

/** Add/edit dialog generated from the definition's fields, checked on blur with the API's rules. */
export const ResourceFormDialog = observer(function ResourceFormDialog({ definition, api, options, record, onClose, onSaved }: ResourceFormDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm();
  const [controller] = useState(() => new ResourceFormController(api, definition, record));
  const editable = definition.fields.filter((field) => !field.readOnly);
  const wide = editable.length > 6;
  const [required] = useState(() => requiredFields(definition));

  const confirm = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const result = await controller.save(form.getFieldsValue(true) as Record<string, unknown>);
    if (result.ok) {
      notify.success(t('resources.actions.saved'));
      onSaved(result.row);
      return;
    }
    form.setFields(result.problems.filter((p) => editable.some((f) => f.name === p.field)).map((p) => ({ name: p.field, errors: [problemText(t, p)] })));
  };

  const title = t(record ? 'resources.actions.editTitle' : 'resources.actions.addTitle', { name: resourceName(t, definition) });
  return (
    <Modal
      open
      title={title}
      width={wide ? 760 : 480}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('resources.actions.save')}
      cancelText={t('resources.actions.cancel')}
      okButtonProps={{ loading: controller.saving, disabled: controller.saving, 'data-testid': 'resource-form-ok' }}
      maskClosable={false}
      centered
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Form form={form} layout="vertical" initialValues={controller.initialValues} data-testid="resource-form" validateTrigger="onBlur">
        <Row gutter={16}>
          {editable.map((field) => (
            <Col span={wide ? 12 : 24} key={field.name}>
              <Form.Item
                name={field.name}
                label={fieldLabel(t, definition, field.name)}
                required={required.has(field.name)}
                valuePropName={field.kind === 'flag' ? 'checked' : 'value'}
                {...(field.kind === 'colour' ? { getValueFromEvent: (color: { toHexString(): string }) => color.toHexString().toUpperCase() } : {})}
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      const problem = validateField(definition, field.name, value);
                      if (problem) throw new Error(problemText(t, problem));
                    },
                  },
                ]}
              >
                <FieldInput definition={definition} field={field} options={options} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
});

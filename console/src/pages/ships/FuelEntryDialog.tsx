import { Col, Form, Modal, Row, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateField, type FieldProblem, type ResourceApi, type ResourceRow } from '@shared/resources';
import { shipFuelEntryResource } from '@shared/resources/shipFuelEntries';
import { useNotify } from '../../feedback/notify';
import { FieldInput } from '../../resources/FieldInput';
import { ResourceFormController } from '../../resources/ResourceFormController';
import type { ResourceOptions } from '../../resources/ResourceOptions';
import { shipsMessageText } from './shipsMessages';

/** The fields the dialog shows besides the leg (the ship is the one open). */
const FIELDS = ['fuel', 'entryDay', 'source', 'bdnNumber', 'tonnes', 'litres', 'densityKgM3', 'note'] as const;
const WIDE = new Set(['note']);

export interface LegChoice {
  value: number;
  label: string;
}

interface FuelEntryDialogProps {
  shipId: number;
  api: ResourceApi;
  options: ResourceOptions;
  legs: readonly LegChoice[];
  record?: ResourceRow;
  onClose(): void;
  onSaved(): void;
}

/**
 * Add or edit one fuel entry of the open ship through the resource routes (/api/ship-fuel-entries): each field is
 * checked on blur with the server's schema, and a refusal (the schema's cross-field rules, the leg's check) is shown
 * under its field in the reader's language.
 */
export const FuelEntryDialog = observer(function FuelEntryDialog({ shipId, api, options, legs, record, onClose, onSaved }: FuelEntryDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm();
  const definition = shipFuelEntryResource;
  const [controller] = useState(() => new ResourceFormController(api, definition, record));
  const fieldOf = (name: string) => definition.fields.find((field) => field.name === name);

  const show = (problems: readonly FieldProblem[]) =>
    form.setFields(
      problems
        .filter((problem) => problem.field === 'legId' || (FIELDS as readonly string[]).includes(problem.field))
        .map((problem) => ({ name: problem.field, errors: [shipsMessageText(t, problem.message)] })),
    );

  const confirm = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), shipId };
    const result = await controller.save(values);
    if (result.ok) {
      notify.success(t('ships.fuel.saved'));
      onSaved();
      return;
    }
    show(result.problems);
  };

  const rule = (name: string) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const problem = validateField(definition, name, value);
      if (problem) throw new Error(shipsMessageText(t, problem.message));
    },
  });

  return (
    <Modal
      open
      title={t(record ? 'ships.fuel.editTitle' : 'ships.fuel.addTitle')}
      width="min(760px, 92vw)"
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('resources.actions.save')}
      cancelText={t('resources.actions.cancel')}
      okButtonProps={{ loading: controller.saving, disabled: controller.saving, 'data-testid': 'fuel-form-ok' }}
      mask={{ closable: false }}
      centered
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Form form={form} layout="vertical" initialValues={{ ...controller.initialValues, shipId }} data-testid="fuel-form" validateTrigger="onBlur">
        <Form.Item name="legId" label={t('ships.fuel.leg')}>
          <Select allowClear placeholder={t('ships.fuel.noLeg')} options={[...legs]} data-testid="field-legId" showSearch optionFilterProp="label" />
        </Form.Item>
        <Row gutter={16}>
          {FIELDS.map((name) => {
            const field = fieldOf(name);
            if (!field) return null;
            return (
              <Col span={WIDE.has(name) ? 24 : 12} key={name}>
                <Form.Item
                  name={name}
                  label={t(`resources.items.shipFuelEntry.fields.${name}`)}
                  rules={[rule(name)]}
                  {...(name === 'tonnes' ? { extra: t('ships.fuel.amountHelp') } : {})}
                >
                  <FieldInput definition={definition} field={field} options={options} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </Modal>
  );
});

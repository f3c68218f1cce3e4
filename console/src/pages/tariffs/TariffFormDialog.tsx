import { Form, Input, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TARIFF_ENERGY_TYPES, tariffBodySchema, type Tariff, type TariffBody, type TariffEnergyType } from '@shared/schemas/tariffs';
import { FormDialog } from '../../forms/FormDialog';
import { ruleText } from './editor/ruleText';
import type { TariffsController } from './TariffsController';

interface TariffFields {
  name: string;
  energyType: TariffEnergyType;
  currency: string;
  note: string;
}

/** A field checked on blur with the contract's own schema, its message said by the tariff rule wording. */
const fieldRule = (t: ReturnType<typeof useTranslation>['t'], name: keyof TariffFields, schema: z.ZodType): Rule => ({
  validator: async (_, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(ruleText(t, { field: name, message: result.error.issues[0]?.message ?? '' }));
  },
});

/** Add or edit a tariff: name, energy type (fixed while the tariff is assigned), currency and note. */
export const TariffFormDialog = observer(function TariffFormDialog({
  controller,
  tariff,
  onClose,
}: {
  controller: TariffsController;
  tariff?: Tariff;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TariffFields>();
  const shape = tariffBodySchema.shape;
  const initial: TariffFields = tariff
    ? { name: tariff.name, energyType: tariff.energyType, currency: tariff.currency, note: tariff.note }
    : { name: '', energyType: 'electricity', currency: 'CNY', note: '' };
  const submit = async (fields: TariffFields) => {
    const body: TariffBody = { ...fields, currency: fields.currency.trim().toUpperCase() };
    const saved = await controller.save(tariff?.id, body);
    return t(tariff ? 'tariffs.form.saved' : 'tariffs.form.created', { name: saved.name });
  };
  return (
    <FormDialog
      form={form}
      title={tariff ? t('tariffs.form.editTitle', { name: tariff.name }) : t('tariffs.form.addTitle')}
      okText={t('tariffs.form.save')}
      cancelText={t('tariffs.form.cancel')}
      maxWidth={520}
      testId="tariff-dialog"
      saving={controller.busy}
      submit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initial} validateTrigger="onBlur">
        <Form.Item name="name" label={t('tariffs.form.name')} rules={[fieldRule(t, 'name', shape.name)]}>
          <Input maxLength={64} data-testid="tariff-name" />
        </Form.Item>
        <Form.Item name="energyType" label={t('tariffs.form.energyType')}>
          <Select
            disabled={Boolean(tariff && tariff.assignmentCount > 0)}
            options={TARIFF_ENERGY_TYPES.map((type) => ({ value: type, label: t(`tariffs.energyType.${type}`) }))}
            data-testid="tariff-energyType"
          />
        </Form.Item>
        <Form.Item
          name="currency"
          label={t('tariffs.form.currency')}
          extra={t('tariffs.form.currencyHelp')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[fieldRule(t, 'currency', shape.currency)]}
        >
          <Input maxLength={3} style={{ width: 120 }} data-testid="tariff-currency" />
        </Form.Item>
        <Form.Item name="note" label={t('tariffs.form.note')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="tariff-note" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
});

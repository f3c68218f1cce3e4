import { Button, Checkbox, Col, Flex, Form, Input, Row, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceOption } from '@shared/resources/defineResource';
import { fetchOptions } from '@shared/resources/resourceApi';
import { BILLING_MODES, ITEM_KINDS, type ItemKind } from '@shared/prepaid/constants';
import { accountOpenSchema, accountSettingsSchema } from '@shared/prepaid/schemas';
import type { AccountDetail } from '@shared/prepaid/types';
import { ENERGY_TYPES_PRICED } from '@shared/tariffs/bands';
import { createTariffsApi } from '@shared/api/tariffsApi';
import type { Tariff } from '@shared/schemas/tariffs';
import { FormDialog } from '../../forms/FormDialog';
import { formFields, keyText, schemaFieldErrors } from '../../forms/fieldErrors';
import { useStores } from '../../stores/StoreContext';
import { moneyInputText, parseMoneyInput, parsePercentBp } from './moneyInput';
import type { PrepaidApi } from './prepaidApi';

export interface ItemFields {
  kind: ItemKind;
  name: string;
  energyType?: string | null;
  tariffId?: number | null;
  amountMinor?: string;
  ratioBp?: string;
}
interface AccountFields {
  roomId?: number;
  memberId?: number | null;
  billingMode: 'prepaid' | 'postpaid';
  alarm1Minor: string;
  alarm2Minor: string;
  creditLimitMinor: string;
  noCutFrom?: string;
  noCutTo?: string;
  noCutWeekends: boolean;
  noCutHolidays: boolean;
  keepSupply: boolean;
  items?: ItemFields[];
}

/** A money field's rule: decimal text, at most two decimals (the server gets integer minor units). */
export const moneyRule = (t: TFunction, { required = true, signed = false } = {}): Rule => ({
  validator: async (_, value: string | undefined) => {
    if (!required && (value ?? '').trim() === '') return;
    const parsed = parseMoneyInput(value ?? '', { signed });
    if (!parsed.ok) throw new Error(t(`prepaid.money.${parsed.error}`));
  },
});
export const percentRule = (t: TFunction): Rule => ({
  validator: async (_, value: string | undefined) => {
    if (parsePercentBp(value ?? '') === null) throw new Error(t('prepaid.money.percent'));
  },
});
const minorOf = (text: string | undefined): number => {
  const parsed = parseMoneyInput(text ?? '');
  return parsed.ok ? parsed.minor : NaN;
};

/** The item body the API takes, from the form's texts. */
export function itemBody(item: ItemFields) {
  return {
    kind: item.kind,
    name: item.name ?? '',
    energyType: item.kind === 'energy' ? ((item.energyType ?? null) as (typeof ENERGY_TYPES_PRICED)[number] | null) : null,
    tariffId: item.kind === 'energy' ? (item.tariffId ?? null) : null,
    amountMinor: item.kind === 'fixed_daily' || item.kind === 'fixed_monthly' ? minorOf(item.amountMinor) : 0,
    ratioBp: item.kind === 'service_ratio' ? (parsePercentBp(item.ratioBp ?? '') ?? NaN) : 0,
  };
}

/** The tariffs for energy items' selects (GET /api/tariffs), loaded once per dialog. */
export function useTariffs(): Tariff[] {
  const root = useStores();
  const [tariffs, setTariffs] = useState<Tariff[]>([]);
  useEffect(() => {
    createTariffsApi(root.http)
      .list()
      .then(setTariffs)
      .catch(() => undefined);
  }, [root.http]);
  return tariffs;
}

/** The fields of one charging item (inside the open dialog's list, or alone on /pay/user-item). */
export function ItemFieldsRow({
  form,
  prefix,
  listName = [],
  tariffs,
  testId,
}: {
  form: FormInstance;
  /** The fields' names as Form.Item sees them (inside a Form.List: relative to the list). */
  prefix: (string | number)[];
  /** The list's own name when inside a Form.List, for the absolute paths watched and set. */
  listName?: (string | number)[];
  tariffs: Tariff[];
  testId: string;
}) {
  const { t } = useTranslation();
  const kind = Form.useWatch([...listName, ...prefix, 'kind'], form) as ItemKind | undefined;
  const energyType = Form.useWatch([...listName, ...prefix, 'energyType'], form) as string | undefined;
  return (
    <Row gutter={8}>
      <Col xs={24} md={6}>
        <Form.Item name={[...prefix, 'kind']} label={t('prepaid.item.kind')} rules={[{ required: true }]}>
          <Select
            data-testid={`${testId}-kind`}
            options={ITEM_KINDS.map((value) => ({ value, label: t(`prepaid.itemKinds.${value}`) }))}
            onChange={(value: ItemKind) => form.setFieldValue([...listName, ...prefix, 'name'], t(`prepaid.item.defaultNames.${value}`))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={[...prefix, 'name']} label={t('prepaid.item.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
          <Input data-testid={`${testId}-name`} maxLength={64} />
        </Form.Item>
      </Col>
      {kind === 'energy' && (
        <>
          <Col xs={12} md={5}>
            <Form.Item name={[...prefix, 'energyType']} label={t('prepaid.item.energyType')} rules={[{ required: true }]}>
              <Select data-testid={`${testId}-energy`} options={ENERGY_TYPES_PRICED.map((value) => ({ value, label: t(`prepaid.energyTypes.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name={[...prefix, 'tariffId']} label={t('prepaid.item.tariff')} rules={[{ required: true }]}>
              <Select
                data-testid={`${testId}-tariff`}
                options={tariffs
                  .filter((tariff) => !energyType || tariff.energyType === energyType)
                  .map((tariff) => ({ value: tariff.id, label: tariff.name }))}
              />
            </Form.Item>
          </Col>
        </>
      )}
      {(kind === 'fixed_daily' || kind === 'fixed_monthly') && (
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, 'amountMinor']} label={t('prepaid.item.amount')} rules={[moneyRule(t)]} validateTrigger="onBlur">
            <Input data-testid={`${testId}-amount`} inputMode="decimal" placeholder="0.00" />
          </Form.Item>
        </Col>
      )}
      {kind === 'service_ratio' && (
        <Col xs={12} md={6}>
          <Form.Item name={[...prefix, 'ratioBp']} label={t('prepaid.item.ratio')} rules={[percentRule(t)]} validateTrigger="onBlur">
            <Input data-testid={`${testId}-ratio`} inputMode="decimal" placeholder="2.5" />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/**
 * Open an account for a room (POST /api/prepaid/accounts: settings and charging items) or change its settings
 * (PUT /api/prepaid/accounts/:id). Money is typed as decimal text and sent as integer minor units; the contract's
 * schema checks the body first, so the texts under the fields are the server's own rules.
 */
export function AccountFormDialog({
  api,
  account,
  roomId,
  onClose,
  onSaved,
}: {
  api: PrepaidApi;
  account: AccountDetail | null;
  /** The room chosen already (the rooms tab's row action). */
  roomId?: number;
  onClose(): void;
  onSaved(detail: AccountDetail): void;
}) {
  const { t } = useTranslation();
  const root = useStores();
  const [form] = Form.useForm<AccountFields>();
  const [saving, setSaving] = useState(false);
  const [rooms, setRooms] = useState<ResourceOption[]>([]);
  const [members, setMembers] = useState<ResourceOption[]>([]);
  const tariffs = useTariffs();
  const editing = account !== null;

  useEffect(() => {
    if (!editing)
      fetchOptions(root.http, 'rooms')
        .then(setRooms)
        .catch(() => undefined);
    fetchOptions(root.http, 'members')
      .then(setMembers)
      .catch(() => undefined);
  }, [root.http, editing]);

  const initial: AccountFields = account
    ? {
        memberId: account.memberId,
        billingMode: account.billingMode,
        alarm1Minor: moneyInputText(account.alarm1Minor),
        alarm2Minor: moneyInputText(account.alarm2Minor),
        creditLimitMinor: moneyInputText(account.creditLimitMinor),
        noCutFrom: account.noCutFrom ?? '',
        noCutTo: account.noCutTo ?? '',
        noCutWeekends: account.noCutWeekends,
        noCutHolidays: account.noCutHolidays,
        keepSupply: account.keepSupply,
      }
    : {
        roomId,
        billingMode: 'prepaid',
        alarm1Minor: '50.00',
        alarm2Minor: '20.00',
        creditLimitMinor: '0.00',
        noCutFrom: '',
        noCutTo: '',
        noCutWeekends: false,
        noCutHolidays: false,
        keepSupply: false,
        items: [{ kind: 'energy', name: t('prepaid.item.defaultNames.energy'), energyType: 'electricity' }],
      };

  const submit = async (fields: AccountFields): Promise<string> => {
    const settings = {
      memberId: fields.memberId ?? null,
      billingMode: fields.billingMode,
      alarm1Minor: minorOf(fields.alarm1Minor),
      alarm2Minor: minorOf(fields.alarm2Minor),
      creditLimitMinor: minorOf(fields.creditLimitMinor),
      noCutFrom: fields.noCutFrom?.trim() || null,
      noCutTo: fields.noCutTo?.trim() || null,
      noCutWeekends: fields.noCutWeekends,
      noCutHolidays: fields.noCutHolidays,
      keepSupply: fields.keepSupply,
    };
    const body = editing ? settings : { ...settings, roomId: fields.roomId, items: (fields.items ?? []).map(itemBody) };
    const errors = schemaFieldErrors(editing ? accountSettingsSchema : accountOpenSchema, body, { text: (issue) => keyText(t, issue.message) });
    if (Object.keys(errors).length > 0) {
      form.setFields(formFields(errors) as never);
      throw new Error('invalid');
    }
    setSaving(true);
    try {
      const detail = editing ? await api.update(account.id, accountSettingsSchema.parse(body)) : await api.open(accountOpenSchema.parse(body));
      onSaved(detail);
      return editing ? t('prepaid.account.saved') : t('prepaid.account.opened', { room: detail.roomCode });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      form={form}
      title={editing ? t('prepaid.account.settingsTitle') : t('prepaid.account.openTitle')}
      okText={editing ? t('prepaid.account.save') : t('prepaid.account.open')}
      cancelText={t('prepaid.account.cancel')}
      maxWidth={880}
      testId="prepaid-account-dialog"
      saving={saving}
      submit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark>
        <Row gutter={12}>
          {!editing && (
            <Col xs={24} md={12}>
              <Form.Item name="roomId" label={t('prepaid.account.room')} rules={[{ required: true, message: t('prepaid.account.pickRoom') }]}>
                <Select
                  data-testid="prepaid-account-room"
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('prepaid.account.pickRoom')}
                  options={rooms.map((room) => ({ value: room.id, label: room.name }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="memberId" label={t('prepaid.account.member')}>
              <Select
                data-testid="prepaid-account-member"
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('prepaid.account.pickMember')}
                options={members.map((member) => ({ value: member.id, label: member.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="billingMode" label={t('prepaid.account.mode')}>
              <Select data-testid="prepaid-account-mode" options={BILLING_MODES.map((value) => ({ value, label: t(`prepaid.modes.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="alarm1Minor" label={t('prepaid.account.alarm1')} rules={[moneyRule(t)]} validateTrigger="onBlur">
              <Input data-testid="prepaid-account-alarm1" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="alarm2Minor" label={t('prepaid.account.alarm2')} rules={[moneyRule(t)]} validateTrigger="onBlur">
              <Input data-testid="prepaid-account-alarm2" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item
              name="creditLimitMinor"
              label={t('prepaid.account.creditLimit')}
              tooltip={t('prepaid.account.creditHelp')}
              rules={[moneyRule(t)]}
              validateTrigger="onBlur"
            >
              <Input data-testid="prepaid-account-credit" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('prepaid.account.noCut')} style={{ marginBottom: 0 }}>
              <Flex gap={8}>
                <Form.Item name="noCutFrom" style={{ flex: 1 }}>
                  <Input data-testid="prepaid-account-nocut-from" placeholder="22:00" aria-label={t('prepaid.account.noCutFrom')} maxLength={5} />
                </Form.Item>
                <Form.Item name="noCutTo" style={{ flex: 1 }}>
                  <Input data-testid="prepaid-account-nocut-to" placeholder="07:00" aria-label={t('prepaid.account.noCutTo')} maxLength={5} />
                </Form.Item>
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="noCutWeekends" valuePropName="checked" style={{ marginBottom: 4 }}>
              <Checkbox data-testid="prepaid-account-weekends">{t('prepaid.account.noCutWeekends')}</Checkbox>
            </Form.Item>
            <Form.Item name="noCutHolidays" valuePropName="checked" style={{ marginBottom: 4 }}>
              <Checkbox data-testid="prepaid-account-holidays">{t('prepaid.account.noCutHolidays')}</Checkbox>
            </Form.Item>
            <Form.Item name="keepSupply" valuePropName="checked">
              <Checkbox data-testid="prepaid-account-keep">{t('prepaid.account.keepSupply')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        {!editing && (
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                <Flex justify="space-between" align="center">
                  <strong>{t('prepaid.account.items')}</strong>
                  <Button
                    size="small"
                    onClick={() => add({ kind: 'fixed_monthly', name: t('prepaid.item.defaultNames.fixed_monthly') })}
                    data-testid="prepaid-account-add-item"
                  >
                    {t('prepaid.account.addItem')}
                  </Button>
                </Flex>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start">
                    <div style={{ flex: 1 }}>
                      <ItemFieldsRow form={form} prefix={[field.name]} listName={['items']} tariffs={tariffs} testId={`prepaid-account-item-${field.name}`} />
                    </div>
                    <Button
                      type="link"
                      danger
                      size="small"
                      style={{ marginTop: 30 }}
                      onClick={() => remove(field.name)}
                      data-testid={`prepaid-account-item-${field.name}-remove`}
                    >
                      {t('prepaid.account.removeItem')}
                    </Button>
                  </Flex>
                ))}
              </>
            )}
          </Form.List>
        )}
      </Form>
    </FormDialog>
  );
}

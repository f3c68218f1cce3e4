import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, List, Modal, Popconfirm, Select, Space, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepartmentNode } from '@shared/resources';
import { APPORTION_METHODS, type ApportionRule, type ApportionRuleInput } from '@shared/schemas/settlement';
import { useNotify } from '../../feedback/notify';
import { treeSelectData } from '../analysis/shared/departmentTree';
import { useEnergyQuery } from '../analysis/shared/useEnergyQuery';
import type { SettlementApi } from './settlementApi';
import styles from './settlement.module.css';

const ENERGY_TYPES = ['electricity', 'water', 'gas'] as const;
type FormValues = ApportionRuleInput;

/** Common-area rules: which department's energy is shared, to whom, by area, consumption share or fixed ratios. */
export function ApportionRulesDialog({
  api,
  departments,
  onClose,
}: {
  api: SettlementApi;
  departments: DepartmentNode[];
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [reload, setReload] = useState(0);
  const [changed, setChanged] = useState(false);
  const [editing, setEditing] = useState<ApportionRule | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const rules = useEnergyQuery(`rules-${reload}`, () => api.rules());
  const treeData = useMemo(() => treeSelectData(departments), [departments]);
  const nameOf = (id: number) => departments.find((d) => d.id === id)?.name ?? `#${id}`;
  const method = Form.useWatch('method', form);

  const open = (rule: ApportionRule | 'new') => {
    setEditing(rule);
    form.setFieldsValue(
      rule === 'new'
        ? { name: '', energyType: 'electricity', method: 'area', shares: [{ departmentId: undefined as unknown as number, value: 0 }] }
        : {
            name: rule.name,
            energyType: rule.energyType as FormValues['energyType'],
            sourceDepartmentId: rule.sourceDepartmentId,
            method: rule.method,
            shares: rule.shares,
          },
    );
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const body: ApportionRuleInput = { ...values, shares: values.shares.map((share) => ({ departmentId: share.departmentId, value: share.value ?? 0 })) };
    try {
      if (editing === 'new') await api.createRule(body);
      else if (editing) await api.updateRule(editing.id, body);
      notify.success(t('settlement.rules.saved'));
      setEditing(null);
      setChanged(true);
      setReload((n) => n + 1);
    } catch {
      // the http client has shown the server's message
    }
  };

  const remove = async (rule: ApportionRule) => {
    try {
      await api.removeRule(rule.id);
      notify.success(t('settlement.rules.deleted'));
      setChanged(true);
      setReload((n) => n + 1);
    } catch {
      // shown by the http client
    }
  };

  const required = [{ required: true, message: t('settlement.rules.required') }];
  return (
    <Modal
      open
      centered
      width={720}
      title={t('settlement.rules.title')}
      onCancel={() => (editing ? setEditing(null) : onClose(changed))}
      footer={
        editing ? (
          <Space>
            <Button onClick={() => setEditing(null)}>{t('settlement.rules.cancel')}</Button>
            <Button type="primary" onClick={() => void save()} data-testid="rule-save">
              {t('settlement.rules.save')}
            </Button>
          </Space>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="rule-add">
            {t('settlement.rules.add')}
          </Button>
        )
      }
      data-testid="rules-dialog"
    >
      {editing ? (
        <Form form={form} layout="vertical" data-testid="rule-form">
          <Form.Item name="name" label={t('settlement.rules.name')} rules={required}>
            <Input maxLength={60} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name="energyType" label={t('settlement.rules.energyType')} rules={required}>
              <Select style={{ width: 160 }} options={ENERGY_TYPES.map((type) => ({ value: type, label: t(`settlement.energyTypes.${type}`) }))} />
            </Form.Item>
            <Form.Item name="sourceDepartmentId" label={t('settlement.rules.source')} rules={required}>
              <TreeSelect style={{ width: 240 }} treeData={treeData} treeDefaultExpandAll data-testid="rule-source" />
            </Form.Item>
            <Form.Item name="method" label={t('settlement.rules.method')} rules={required}>
              <Select style={{ width: 200 }} options={APPORTION_METHODS.map((m) => ({ value: m, label: t(`settlement.methods.${m}`) }))} />
            </Form.Item>
          </Space>
          {method === 'consumption' && <Typography.Paragraph type="secondary">{t('settlement.rules.consumptionHint')}</Typography.Paragraph>}
          <Typography.Text strong>{t('settlement.rules.shares')}</Typography.Text>
          <Form.List name="shares">
            {(fields, { add, remove: removeShare }) => (
              <div style={{ marginTop: 8 }}>
                {fields.map((field) => (
                  <div key={field.key} className={styles.shareRow}>
                    <Form.Item name={[field.name, 'departmentId']} rules={required} style={{ flex: 1 }}>
                      <TreeSelect
                        treeData={treeData}
                        treeDefaultExpandAll
                        placeholder={t('settlement.rules.department')}
                        data-testid={`rule-share-${field.name}`}
                      />
                    </Form.Item>
                    {method !== 'consumption' && (
                      <Form.Item name={[field.name, 'value']} rules={required}>
                        <InputNumber
                          min={0}
                          style={{ width: 150 }}
                          placeholder={method === 'area' ? t('settlement.rules.area') : t('settlement.rules.ratio')}
                          data-testid={`rule-value-${field.name}`}
                        />
                      </Form.Item>
                    )}
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => removeShare(field.name)}
                      disabled={fields.length === 1}
                      aria-label={t('settlement.rules.delete')}
                    />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ value: 0 })}>
                  {t('settlement.rules.addShare')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form>
      ) : (
        <List<ApportionRule>
          loading={rules.loading}
          dataSource={rules.data ?? []}
          locale={{ emptyText: t('settlement.rules.empty') }}
          renderItem={(rule) => (
            <List.Item
              actions={[
                <Button key="edit" type="link" onClick={() => open(rule)}>
                  {t('settlement.rules.edit')}
                </Button>,
                <Popconfirm key="delete" title={t('settlement.rules.deleteConfirm', { name: rule.name })} onConfirm={() => void remove(rule)}>
                  <Button type="link" danger>
                    {t('settlement.rules.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={`${rule.name} · ${t(`settlement.energyTypes.${rule.energyType}`, { defaultValue: rule.energyType })} · ${t(`settlement.methods.${rule.method}`)}`}
                description={`${nameOf(rule.sourceDepartmentId)} → ${rule.shares
                  .map((share) =>
                    rule.method === 'consumption'
                      ? nameOf(share.departmentId)
                      : `${nameOf(share.departmentId)} (${share.value}${rule.method === 'area' ? ' m²' : ''})`,
                  )
                  .join(', ')}`}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

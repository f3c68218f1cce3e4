import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Table, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError';
import type { DraftTier, VersionDraft } from './VersionDraft';

/** Monthly tiered blocks: from how many units of the month on an adder is added per unit. */
export const TiersEditor = observer(function TiersEditor({ draft }: { draft: VersionDraft }) {
  const { t } = useTranslation();
  const path = (index: number, key: keyof DraftTier) => `definition.tiers.${index}.${key}`;
  const columns: TableColumnsType<DraftTier & { index: number }> = [
    {
      key: 'fromUnits',
      title: t('tariffs.editor.fromUnits'),
      render: (_, tier) => (
        <>
          <InputNumber
            size="small"
            min={0}
            style={{ width: 160 }}
            value={tier.fromUnits}
            status={draft.errorAt(path(tier.index, 'fromUnits')) ? 'error' : undefined}
            onChange={(value) => draft.setTier(tier.index, { fromUnits: typeof value === 'number' ? value : null })}
            data-testid={`tier-${tier.index}-from`}
          />
          <FieldError issue={draft.errorAt(path(tier.index, 'fromUnits'))} />
        </>
      ),
    },
    {
      key: 'adder',
      title: t('tariffs.editor.adder'),
      render: (_, tier) => (
        <>
          <Input
            size="small"
            inputMode="decimal"
            style={{ width: 160 }}
            placeholder={t('tariffs.editor.pricePlaceholder')}
            value={tier.adder}
            status={draft.errorAt(path(tier.index, 'adder')) ? 'error' : undefined}
            onChange={(event) => draft.setTier(tier.index, { adder: event.target.value })}
            data-testid={`tier-${tier.index}-adder`}
          />
          <FieldError issue={draft.errorAt(path(tier.index, 'adder'))} />
        </>
      ),
    },
    {
      key: 'remove',
      width: 100,
      render: (_, tier) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => draft.removeTier(tier.index)}
          data-testid={`tier-${tier.index}-remove`}
        >
          {t('tariffs.editor.removeTier')}
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('tariffs.editor.tiersHelp')}
      </Typography.Text>
      {draft.definition.tiers.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="index"
          columns={columns}
          dataSource={draft.definition.tiers.map((tier, index) => ({ ...tier, index }))}
          data-testid="tiers"
        />
      )}
      <div>
        <Button size="small" icon={<PlusOutlined />} onClick={draft.addTier} disabled={draft.definition.tiers.length >= 10} data-testid="tier-add">
          {t('tariffs.editor.addTier')}
        </Button>
      </div>
    </Flex>
  );
});

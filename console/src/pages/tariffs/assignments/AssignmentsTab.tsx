import { ApartmentOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Select, Spin, Table, Tag, Tree, Typography, type TableColumnsType, type TreeDataNode } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TariffsApi } from '@shared/api/tariffsApi';
import { createResourceApi, fetchDepartmentTree, meterResource } from '@shared/resources';
import { TARIFF_ENERGY_TYPES, type Tariff, type TariffEnergyType } from '@shared/schemas/tariffs';
import { useNotify } from '../../../feedback/notify';
import { ListTable } from '../../../lists/ListTable';
import { usePermission } from '../../../permissions/Permission';
import { buildDepartmentTree, type DepartmentTreeNode } from '../../../resources/DepartmentTreeController';
import { useStores } from '../../../stores/StoreContext';
import styles from '../tariffs.module.css';
import { TARIFFS_MENU } from '../tariffTexts';
import { AssignmentsController, type AssignedMeter } from './AssignmentsController';
import type { Effective } from './effectiveTariff';

interface AssignmentsTabProps {
  api: TariffsApi;
  tariffs: readonly Tariff[];
  /** After a change: the tariff list's "assigned to" counts moved. */
  onChanged(): void;
}

/**
 * Which tariff prices each department's and meter's energy: the department tree with each department's
 * own tariffs, and for the chosen department its tariff per energy type and its meters, each showing the
 * tariff in force and where it comes from (own, or inherited "from Plant"). A select sets an own tariff;
 * emptying it inherits again.
 */
export const AssignmentsTab = observer(function AssignmentsTab({ api, tariffs, onChanged }: AssignmentsTabProps) {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const can = usePermission(TARIFFS_MENU);
  const canSeeMeters = root.permission.hasRoute(meterResource.menu);
  const [controller] = useState(() => {
    const meters = createResourceApi(root.http, meterResource);
    return new AssignmentsController(
      api,
      () => fetchDepartmentTree(root.http),
      canSeeMeters ? (query) => meters.list(query) as unknown as Promise<{ total: number; rows: AssignedMeter[] }> : null,
    );
  });
  useEffect(() => void controller.load(), [controller]);

  const effective = controller.effective;
  const selected = controller.selected;

  const toTree = (nodes: DepartmentTreeNode[]): TreeDataNode[] =>
    nodes.map((node) => ({
      key: node.id,
      title: (
        <Flex gap={4} wrap align="center" data-testid={`assign-node-${node.id}`}>
          <span>{node.name}</span>
          {TARIFF_ENERGY_TYPES.map((type) => {
            const own = effective.ownOf('department', node.id, type);
            return own ? (
              <Tag key={type} color="blue" style={{ marginInlineEnd: 0, fontSize: 11 }} title={t(`tariffs.energyType.${type}`)}>
                {own.tariffName}
              </Tag>
            ) : null;
          })}
        </Flex>
      ),
      children: toTree(node.children),
    }));

  const source = (found: Effective, testId: string) => (
    <span data-testid={testId}>
      {found.assignment ? (
        <>
          <Typography.Text>{found.assignment.tariffName}</Typography.Text>{' '}
          {found.own ? (
            <Tag color="blue">{t('tariffs.assignments.own')}</Tag>
          ) : (
            <Tag>{t('tariffs.assignments.inherited', { name: found.from?.name ?? '' })}</Tag>
          )}
        </>
      ) : (
        <Tag color="warning">{t('tariffs.assignments.unpriced')}</Tag>
      )}
    </span>
  );

  /**
   * The own-tariff select. The server asks `add` to assign and `delete` to remove an assignment, so
   * choosing needs add (and delete when one is replaced), emptying needs delete.
   */
  const picker = (target: 'department' | 'meter', targetId: number, energyType: TariffEnergyType) => {
    const choices = tariffs.filter((tariff) => tariff.energyType === energyType);
    const own = effective.ownOf(target, targetId, energyType);
    const canSet = can('add') && (!own || can('delete'));
    const canClear = Boolean(own) && can('delete');
    const testId = `assign-${target}-${targetId}-${energyType}`;
    return (
      <Select
        allowClear={canClear}
        size="small"
        style={{ width: 220, maxWidth: '100%' }}
        placeholder={
          choices.length ? t('tariffs.assignments.setPlaceholder') : t('tariffs.assignments.noTariffs', { type: t(`tariffs.energyType.${energyType}`) })
        }
        value={own?.tariffId}
        disabled={(!canSet && !canClear) || controller.changing !== null}
        loading={controller.changing === `${target}:${targetId}:${energyType}`}
        options={(canSet ? choices : choices.filter((tariff) => tariff.id === own?.tariffId)).map((tariff) => ({ value: tariff.id, label: tariff.name }))}
        onChange={(value?: number) =>
          void controller.setTariff(target, targetId, energyType, value ?? null).then((done) => {
            if (!done) return;
            notify.success(t(value === undefined ? 'tariffs.assignments.removed' : 'tariffs.assignments.saved'));
            onChanged();
          })
        }
        data-testid={testId}
      />
    );
  };

  const typeColumns: TableColumnsType<{ energyType: TariffEnergyType }> = [
    { key: 'type', title: t('tariffs.assignments.energyType'), render: (_, row) => t(`tariffs.energyType.${row.energyType}`) },
    {
      key: 'tariff',
      title: t('tariffs.assignments.tariff'),
      render: (_, row) =>
        selected ? source(effective.department(selected.id, row.energyType), `assign-source-department-${selected.id}-${row.energyType}`) : null,
    },
    { key: 'set', title: t('tariffs.assignments.set'), render: (_, row) => (selected ? picker('department', selected.id, row.energyType) : null) },
  ];

  const meterColumns: TableColumnsType<AssignedMeter> = [
    {
      key: 'meter',
      title: t('tariffs.assignments.meter'),
      render: (_, meter) => (
        <div>
          <Typography.Text strong>{meter.code}</Typography.Text>
          <span className={styles.muted}>{meter.name}</span>
        </div>
      ),
    },
    { key: 'type', title: t('tariffs.assignments.energyType'), render: (_, meter) => t(`tariffs.energyType.${meter.energyType}`) },
    { key: 'tariff', title: t('tariffs.assignments.tariff'), render: (_, meter) => source(effective.meter(meter), `assign-source-meter-${meter.id}`) },
    { key: 'set', title: t('tariffs.assignments.set'), render: (_, meter) => picker('meter', meter.id, meter.energyType) },
  ];

  return (
    <Flex gap={16} align="start" wrap={false} data-testid="tariff-assignments">
      <Card
        size="small"
        title={
          <>
            <ApartmentOutlined /> {t('tariffs.assignments.departments')}
          </>
        }
        style={{ width: 300, flex: 'none' }}
      >
        <Spin spinning={controller.loading}>
          {controller.nodes.length === 0 && !controller.loading ? (
            <Empty description={t('tariffs.assignments.noDepartments')} />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              key={controller.nodes.length}
              treeData={toTree(buildDepartmentTree(controller.nodes))}
              selectedKeys={controller.selectedId === undefined ? [] : [controller.selectedId]}
              onSelect={(keys) => keys[0] !== undefined && void controller.select(Number(keys[0]))}
              data-testid="assign-tree"
            />
          )}
        </Spin>
      </Card>
      <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
        {selected ? (
          <>
            <Card size="small" title={t('tariffs.assignments.tariffOf', { name: selected.name })}>
              <Table
                size="small"
                pagination={false}
                rowKey="energyType"
                columns={typeColumns}
                dataSource={TARIFF_ENERGY_TYPES.map((energyType) => ({ energyType }))}
                data-testid="assign-department-table"
              />
            </Card>
            <Card size="small" title={t('tariffs.assignments.meters', { name: selected.name })}>
              {canSeeMeters ? (
                <ListTable<AssignedMeter>
                  list={controller.meters}
                  rowKey="id"
                  columns={meterColumns}
                  testId="assign-meter-table"
                  rowAttributes={(meter) => ({ 'data-testid': `assign-meter-row-${meter.id}` })}
                  emptyText={t('tariffs.assignments.noMeters')}
                />
              ) : (
                <Empty description={t('tariffs.assignments.noMeterAccess')} />
              )}
            </Card>
          </>
        ) : (
          <Card size="small">
            <Empty description={t('tariffs.assignments.choose')} />
          </Card>
        )}
      </Flex>
    </Flex>
  );
});

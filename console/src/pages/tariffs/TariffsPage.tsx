import { Card, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTariffsApi } from '@shared/api/tariffsApi';
import type { Tariff } from '@shared/schemas/tariffs';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { useStores } from '../../stores/StoreContext';
import { AssignmentsTab } from './assignments/AssignmentsTab';
import { RecomputeJobsTab } from './RecomputeJobsTab';
import { TariffFormDialog } from './TariffFormDialog';
import styles from './tariffs.module.css';
import { TariffsController } from './TariffsController';
import { TariffVersionsDrawer } from './TariffVersionsDrawer';
import { TARIFFS_GATE } from './tariffTexts';

/** The tariff list: add/edit/delete under the screen's buttons, versions in a drawer. */
const TariffList = observer(function TariffList({ controller }: { controller: TariffsController }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState<{ tariff?: Tariff } | null>(null);

  const current = (tariff: Tariff) => tariff.versions.find((version) => version.id === tariff.currentVersionId);
  const columns: TableColumnsType<Tariff> = [
    {
      key: 'name',
      title: t('tariffs.list.name'),
      render: (_, tariff) => (
        <div>
          <Typography.Link strong onClick={() => void controller.openVersions(tariff.id)} data-testid={`tariff-open-${tariff.id}`}>
            {tariff.name}
          </Typography.Link>
          {tariff.note && (
            <span className={styles.muted}>
              <CutText text={tariff.note} maxWidth={260} type="secondary" />
            </span>
          )}
        </div>
      ),
    },
    { key: 'energyType', title: t('tariffs.list.energyType'), render: (_, tariff) => t(`tariffs.energyType.${tariff.energyType}`) },
    { key: 'currency', dataIndex: 'currency', title: t('tariffs.list.currency') },
    {
      key: 'current',
      title: t('tariffs.list.current'),
      render: (_, tariff) => {
        const version = current(tariff);
        if (!version) return <Typography.Text type="secondary">{t('tariffs.list.noCurrent')}</Typography.Text>;
        return (
          <div>
            <span className={styles.nowrapDays}>{version.validFrom} –</span>{' '}
            <span className={styles.nowrapDays}>{version.validTo ?? t('tariffs.list.openEnded')}</span>
          </div>
        );
      },
    },
    {
      key: 'versions',
      title: t('tariffs.list.versions'),
      render: (_, tariff) => t('tariffs.list.versionCount', { count: tariff.versions.length }),
    },
    {
      key: 'assigned',
      title: t('tariffs.list.assigned'),
      render: (_, tariff) =>
        tariff.assignmentCount > 0 ? (
          t('tariffs.list.targetCount', { count: tariff.assignmentCount })
        ) : (
          <Tag color="default" style={{ marginInlineEnd: 0 }}>
            {t('tariffs.list.unassigned')}
          </Tag>
        ),
    },
    {
      key: 'actions',
      title: t('tariffs.list.actions'),
      render: (_, tariff) => (
        <RowActions
          gate={TARIFFS_GATE}
          actions={[
            { label: t('tariffs.list.open'), testId: `tariff-versions-${tariff.id}`, onClick: () => void controller.openVersions(tariff.id) },
            { button: 'edit', label: t('tariffs.list.edit'), testId: `tariff-edit-${tariff.id}`, onClick: () => setEditing({ tariff }) },
            {
              button: 'delete',
              label: t('tariffs.list.delete'),
              danger: true,
              confirm: t('tariffs.list.deleteConfirm', { name: tariff.name }),
              testId: `tariff-delete-${tariff.id}`,
              onClick: () =>
                void controller.remove(tariff.id).then((done) => {
                  if (done) notify.success(t('tariffs.list.deleted', { name: tariff.name }));
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListToolbar list={controller} gate={TARIFFS_GATE} testId="tariff" onAdd={() => setEditing({})} addLabel={t('tariffs.list.add')} />
      <ListTable<Tariff>
        rows={controller.rows}
        loading={controller.loading || controller.busy}
        clientPageSize={20}
        rowKey="id"
        columns={columns}
        testId="tariff-table"
        rowAttributes={(tariff) => ({ 'data-testid': `tariff-row-${tariff.id}` })}
        emptyText={t('tariffs.list.none')}
        totalText={(total, count) => t('tariffs.list.total', { total, count })}
      />
      {editing && <TariffFormDialog controller={controller} {...(editing.tariff ? { tariff: editing.tariff } : {})} onClose={() => setEditing(null)} />}
      <TariffVersionsDrawer key={controller.openId ?? 0} controller={controller} />
    </>
  );
});

/** /devices/peakvalley: tariffs with their versions, assignments to departments and meters, recompute jobs. */
export const TariffsPage = observer(function TariffsPage() {
  const { http } = useStores();
  const { t } = useTranslation();
  const api = useMemo(() => createTariffsApi(http), [http]);
  const [controller] = useState(() => new TariffsController(api));
  const [tab, setTab] = useState('tariffs');
  useEffect(() => void controller.load(), [controller]);

  return (
    <Card data-testid="tariffs-page">
      <Typography.Paragraph type="secondary">{t('tariffs.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'tariffs',
            label: <span data-testid="tariffs-tab-tariffs">{t('tariffs.tabs.tariffs')}</span>,
            children: <TariffList controller={controller} />,
          },
          {
            key: 'assignments',
            label: <span data-testid="tariffs-tab-assignments">{t('tariffs.tabs.assignments')}</span>,
            children: <AssignmentsTab api={api} tariffs={controller.rows} onChanged={() => void controller.load()} />,
          },
          { key: 'jobs', label: <span data-testid="tariffs-tab-jobs">{t('tariffs.tabs.jobs')}</span>, children: <RecomputeJobsTab /> },
        ]}
      />
    </Card>
  );
});

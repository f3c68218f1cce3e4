import { Button, Popconfirm, Table, Tag, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../lists/DateTimeText';
import { useNotify } from '../feedback/notify';
import { usePermission } from '../permissions/Permission';
import { useStores } from '../stores/StoreContext';
import { createReportLinksApi, linkStateOf, type ReportLinkRow, type ReportLinksApi, type ReportLinkState } from './reportLinksApi';
import { LINKS_MENU } from './ShareReportButton';

const STATE_COLOURS: Record<ReportLinkState, string> = { active: 'green', expired: 'default', revoked: 'red' };

export interface ReportLinksTableProps {
  runId?: number;
  definitionId?: number;
  /** change it to read the list again (e.g. after a link was created) */
  reloadKey?: unknown;
  /** tests */
  api?: ReportLinksApi;
}

/** The public links of one run or definition: label, state, views, dates, and revoke (with a confirmation) for holders of the edit button. */
export const ReportLinksTable = observer(function ReportLinksTable({ runId, definitionId, reloadKey, api: given }: ReportLinksTableProps) {
  const { t } = useTranslation();
  const root = useStores();
  const can = usePermission(LINKS_MENU);
  const notify = useNotify();
  const api = useMemo(() => given ?? createReportLinksApi(root.http), [given, root.http]);
  const [rows, setRows] = useState<ReportLinkRow[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await api.list({ runId, definitionId }));
    } catch {
      // The console's error toast shows why.
    } finally {
      setLoading(false);
    }
  }, [api, runId, definitionId]);
  useEffect(() => void load(), [load, reloadKey]);

  const revoke = async (id: number) => {
    try {
      const revoked = await api.revoke(id);
      setRows((current) => current.map((row) => (row.id === id ? revoked : row)));
      notify.success(t('reportSheet.links.revokedDone'));
    } catch {
      // shown by the error toast
    }
  };

  const columns: ColumnsType<ReportLinkRow> = [
    {
      title: t('reportSheet.links.label'),
      dataIndex: 'label',
      render: (label: string, row) => <Typography.Text>{label || row.name}</Typography.Text>,
    },
    {
      title: t('reportSheet.links.state'),
      key: 'state',
      render: (_: unknown, row) => {
        const state = linkStateOf(row);
        return (
          <Tag
            color={STATE_COLOURS[state]}
            data-testid={`link-state-${row.id}`}
            title={row.revokedBy ? t('reportSheet.links.revokedBy', { user: row.revokedBy }) : undefined}
          >
            {t(`reportSheet.links.${state}`)}
          </Tag>
        );
      },
    },
    { title: t('reportSheet.links.views'), dataIndex: 'views', align: 'right', render: (views: number) => <span data-testid="link-views">{views}</span> },
    { title: t('reportSheet.links.lastViewed'), dataIndex: 'lastViewedAt', render: (at: number | null) => <DateTimeText at={at} /> },
    { title: t('reportSheet.links.createdBy'), dataIndex: 'createdBy' },
    { title: t('reportSheet.links.createdAt'), dataIndex: 'createdAt', render: (at: number) => <DateTimeText at={at} /> },
    { title: t('reportSheet.links.expiresAt'), dataIndex: 'expiresAt', render: (at: number) => <DateTimeText at={at} /> },
  ];
  if (can('edit'))
    columns.push({
      key: 'actions',
      render: (_: unknown, row) =>
        linkStateOf(row) === 'revoked' ? null : (
          <Popconfirm
            title={t('reportSheet.links.revokeConfirm')}
            okText={t('reportSheet.links.revoke')}
            okButtonProps={{ danger: true, 'data-testid': `link-revoke-confirm-${row.id}` } as ButtonProps}
            onConfirm={() => revoke(row.id)}
          >
            <Button size="small" danger data-testid={`link-revoke-${row.id}`}>
              {t('reportSheet.links.revoke')}
            </Button>
          </Popconfirm>
        ),
    });

  return (
    <Table<ReportLinkRow>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('reportSheet.links.empty') }}
      data-testid="report-links-table"
    />
  );
});

import { Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { ImportBatchView } from '@shared/powerImports/api';
import type { ImportBatchState } from '@shared/powerImports/constants';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import type { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { CutText } from '../../lists/CutText';
import { useNotify } from '../../feedback/notify';
import { saveFile } from '../meterData/saveFile';
import type { ImportsApi } from './importsApi';
import { allRejectedRows, rejectedFileName, rejectedRowsCsv } from './rejectedCsv';
import { zonedPeriod } from './zonedTime';

const STATE_COLOURS: Record<ImportBatchState, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', undone: 'warning' };

export function BatchStateTag({ state }: { state: ImportBatchState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid={`batch-state-${state}`}>
      {t(`powerImports.states.${state}`)}
    </Tag>
  );
}

export interface ImportHistoryProps {
  api: ImportsApi;
  list: PagedQuery<object, ImportBatchView>;
  /** The screen whose `delete` button undoes. */
  menu: string;
  timeZone: string;
}

/** The imports of this screen: file, who and when, rows imported and rejected, state; undo and the rejected rows as CSV. */
export const ImportHistory = observer(function ImportHistory({ api, list, menu, timeZone }: ImportHistoryProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const downloadRejected = async (batch: ImportBatchView) => {
    try {
      const rows = await allRejectedRows(api, batch.id);
      saveFile(new Blob([rejectedRowsCsv(t, rows)], { type: 'text/csv;charset=utf-8' }), rejectedFileName(t, batch));
    } catch {
      // The api hook showed why.
    }
  };
  const columns: TableColumnsType<ImportBatchView> = [
    {
      key: 'file',
      title: t('powerImports.history.file'),
      render: (_, batch) => (
        <span>
          <CutText text={batch.fileName} maxWidth={220} />
          {batch.sheet && (
            <Typography.Text type="secondary" className="batch-sheet">
              {' '}
              · {batch.sheet}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'when',
      title: `${t('powerImports.history.when')} / ${t('powerImports.history.who')}`,
      render: (_, batch) => (
        <div>
          <DateTimeText at={batch.createdAt} />
          <div>
            <Typography.Text type="secondary">{batch.createdBy ?? '—'}</Typography.Text>
          </div>
        </div>
      ),
    },
    { key: 'period', title: t('powerImports.history.period'), render: (_, batch) => zonedPeriod(batch.periodFrom, batch.periodTo, timeZone) },
    {
      key: 'imported',
      title: t('powerImports.history.imported'),
      align: 'right',
      render: (_, batch) => withThousands(batch.progress.importedRows, 0),
    },
    {
      key: 'rejected',
      title: t('powerImports.history.rejected'),
      align: 'right',
      render: (_, batch) =>
        batch.progress.rejectedRows > 0 ? (
          <Typography.Text type="danger">{withThousands(batch.progress.rejectedRows, 0)}</Typography.Text>
        ) : (
          withThousands(batch.progress.rejectedRows, 0)
        ),
    },
    {
      key: 'state',
      title: t('powerImports.history.state'),
      render: (_, batch) => (
        <div>
          <BatchStateTag state={batch.progress.state} />
          {batch.progress.state === 'undone' && (
            <div>
              <Typography.Text type="secondary">{t('powerImports.history.undoneBy', { who: batch.undoneBy ?? '—' })}</Typography.Text>{' '}
              <DateTimeText at={batch.undoneAt} />
            </div>
          )}
          {batch.progress.state === 'failed' && batch.error && <CutText text={batch.error} maxWidth={200} />}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, batch) => (
        <RowActions
          gate={{ menu }}
          actions={[
            batch.progress.rejectedRows > 0 && {
              label: t('powerImports.history.rejectedCsv'),
              onClick: () => void downloadRejected(batch),
              testId: `batch-rejected-${batch.id}`,
            },
            batch.progress.state === 'done' && {
              button: 'delete',
              label: t('powerImports.history.undo'),
              danger: true,
              confirm: t('powerImports.history.undoConfirm'),
              onClick: () =>
                void list.change(async () => {
                  await api.undo(batch.id);
                  notify.success(t('powerImports.history.undone'));
                }),
              testId: `batch-undo-${batch.id}`,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListTable
      list={list}
      columns={columns}
      testId="import-history"
      emptyText={t('powerImports.history.empty')}
      totalText={(total, count) => t('powerImports.history.total', { total, count })}
      rowAttributes={(batch) => ({ 'data-testid': `batch-row-${batch.id}` })}
    />
  );
});

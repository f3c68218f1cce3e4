import { DownloadOutlined } from '@ant-design/icons';
import { Button, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors';
import { formatDateTime } from '@shared/format/time';
import { REPORT_SHEET_TOKEN_PARAM } from '@shared/reports/constants';
import type { ReportSheetView } from '@shared/reports/types';
import { ReportTableView } from '../../reports/ReportTableView';
import { createReportSheetApi, type ReportSheetApi } from '../../reports/reportLinksApi';

/** Why a sheet cannot be shown: each has its own full-page message. */
export type SheetProblem = 'notFound' | 'revoked' | 'expired' | 'failed';

export function sheetProblemOf(error: unknown): SheetProblem {
  if (!isApiError(error)) return 'failed';
  if (error.code === ErrorCode.REPORT_LINK_REVOKED) return 'revoked';
  if (error.code === ErrorCode.REPORT_LINK_EXPIRED) return 'expired';
  if (error.code === ErrorCode.NOT_FOUND || error.status === 404) return 'notFound';
  return 'failed';
}

/** 12 B, 3.4 KB, 1.2 MB */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type State = { kind: 'loading' } | { kind: 'ready'; sheet: ReportSheetView } | { kind: 'problem'; problem: SheetProblem; message?: string };

/**
 * The public report sheet at /report-sheet?token=… (no console shell, no account, no console token sent): the
 * shared report's title, period and expiry, its table, and for a generated report its file. A link that does not
 * exist, was revoked or has expired gets a full-page message in the browser's language.
 */
export function ReportSheetPage({ api: given }: { api?: ReportSheetApi }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get(REPORT_SHEET_TOKEN_PARAM) ?? '';
  const api = useMemo(() => given ?? createReportSheetApi(), [given]);
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    if (!token) return setState({ kind: 'problem', problem: 'notFound', message: t('reportSheet.errors.missingToken') });
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', sheet: await api.sheet(token) });
    } catch (error) {
      setState({ kind: 'problem', problem: sheetProblemOf(error), ...(isApiError(error) ? { message: error.message } : {}) });
    }
  }, [api, token, t]);
  useEffect(() => void load(), [load]);

  useEffect(() => {
    const title = state.kind === 'ready' ? state.sheet.name : t('reportSheet.title');
    document.title = title;
  }, [state, t]);

  if (state.kind === 'loading')
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="report-sheet-loading">
        <Spin description={t('reportSheet.loading')}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </div>
    );

  if (state.kind === 'problem') {
    const { problem } = state;
    const title = t(`reportSheet.errors.${problem}Title`);
    const body =
      problem === 'failed'
        ? (state.message ?? '')
        : problem === 'notFound' && !token
          ? t('reportSheet.errors.missingToken')
          : t(`reportSheet.errors.${problem}Body`);
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }} data-testid={`report-sheet-${problem}`}>
        <Result
          status={problem === 'notFound' ? '404' : problem === 'failed' ? 'error' : 'warning'}
          title={title}
          subTitle={body}
          extra={
            problem === 'failed' ? (
              <Button type="primary" onClick={() => void load()}>
                {t('reportSheet.errors.retry')}
              </Button>
            ) : null
          }
        />
      </div>
    );
  }

  const { sheet } = state;
  const period = sheet.table?.period;
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: 'clamp(8px, 3vw, 24px)' }} data-testid="report-sheet">
      <div style={{ maxWidth: 1600, margin: '0 auto', background: '#fff', borderRadius: 8, padding: 'clamp(10px, 2.5vw, 24px)' }}>
        <Typography.Title level={3} style={{ marginTop: 0, overflowWrap: 'anywhere' }} data-testid="report-sheet-title">
          {sheet.table?.title ?? sheet.name}
        </Typography.Title>
        {sheet.table?.subtitle && <Typography.Paragraph type="secondary">{sheet.table.subtitle}</Typography.Paragraph>}
        <Typography.Paragraph style={{ marginBottom: 4 }}>
          {period && <span data-testid="report-sheet-period">{t('reportSheet.period', { from: period.from, to: period.to })}</span>}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" data-testid="report-sheet-expiry">
          {t('reportSheet.validUntil', { date: formatDateTime(sheet.expiresAt) })} · {t('reportSheet.readOnly')}
        </Typography.Paragraph>
        {sheet.file && (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={api.fileUrl(token)}
            download={sheet.file.fileName}
            style={{ marginBottom: 16 }}
            data-testid="report-sheet-download"
          >
            {t('reportSheet.download', { format: sheet.file.format.toUpperCase(), size: fileSizeText(sheet.file.sizeBytes) })}
          </Button>
        )}
        {sheet.table ? (
          <ReportTableView table={sheet.table} maxHeight="calc(100vh - 120px)" />
        ) : (
          <Typography.Paragraph type="secondary">{t('reportSheet.noTable')}</Typography.Paragraph>
        )}
      </div>
    </div>
  );
}

import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResendResult } from '@shared/api/pushesApi';

/** What a resend did: how many went back in the queue, and why each of the others did not. */
export function ResendResultAlert({ result, onClose }: { result: ResendResult; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      closable={{ onClose }}
      showIcon
      type={result.skipped.length ? 'warning' : 'success'}
      style={{ marginBottom: 16 }}
      title={t('pushes.records.resendDone', { count: result.changed.length })}
      description={
        result.skipped.length > 0 && (
          <>
            <div>{t('pushes.records.resendSkipped', { count: result.skipped.length })}</div>
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }} data-testid="resend-skipped">
              {result.skipped.map((skip) => (
                <li key={skip.id}>{t('pushes.records.skippedReason', { id: skip.id, reason: skip.reason })}</li>
              ))}
            </ul>
          </>
        )
      }
      data-testid="resend-result"
    />
  );
}

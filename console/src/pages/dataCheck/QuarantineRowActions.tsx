import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuarantineItem, QuarantineResolve } from '@shared/schemas/energy';
import { QuarantineResolveDialog } from './QuarantineResolveDialog';
import { claimedEnergy } from './quarantineFigures';

interface QuarantineRowActionsProps {
  item: QuarantineItem;
  /** `/base/check/edit`: deciding is a write. */
  canResolve: boolean;
  onResolve(body: QuarantineResolve): Promise<boolean>;
  onAudit(): void;
}

/** A pending step's decisions (accept, correct, discard) for those who may decide; the audit trail for all. */
export function QuarantineRowActions({ item, canResolve, onResolve, onAudit }: QuarantineRowActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'correct' | 'discard' | null>(null);
  const id = item._id;
  const pending = canResolve && item.status === 'pending';
  return (
    <Space size={0}>
      {pending && (
        <>
          <Popconfirm
            title={t('dataQuality.resolve.acceptConfirm', { energy: claimedEnergy(item) })}
            onConfirm={() => onResolve({ action: 'accept', note: '' })}
            okText={t('dataQuality.actions.accept')}
            cancelText={t('dataQuality.actions.cancel')}
            okButtonProps={{ 'data-testid': 'quarantine-accept-confirm' }}
          >
            <Button type="link" size="small" data-testid={`quarantine-accept-${id}`}>
              {t('dataQuality.actions.accept')}
            </Button>
          </Popconfirm>
          <Button type="link" size="small" onClick={() => setDialog('correct')} data-testid={`quarantine-correct-${id}`}>
            {t('dataQuality.actions.correct')}
          </Button>
          <Button type="link" size="small" danger onClick={() => setDialog('discard')} data-testid={`quarantine-discard-${id}`}>
            {t('dataQuality.actions.discard')}
          </Button>
        </>
      )}
      <Button type="link" size="small" onClick={onAudit} data-testid={`quarantine-audit-${id}`}>
        {t('dataQuality.actions.audit')}
      </Button>
      {dialog && <QuarantineResolveDialog item={item} action={dialog} onClose={() => setDialog(null)} onResolve={onResolve} />}
    </Space>
  );
}

import { Button, InputNumber, Modal, Space, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bpToPercent, DEFAULT_TOLERANCE_BP, type ComparisonAnswer } from '@shared/powerComparison';
import { useNotify } from '../../feedback/notify';
import { usePowerComparisonApi } from './powerComparisonApi';

interface ToleranceDialogProps {
  object: ComparisonAnswer['object'];
  current: number;
  onClose(): void;
  onSaved(): void;
}

/** One object's own tolerance, or back to the platform default. */
export function ToleranceDialog({ object, current, onClose, onSaved }: ToleranceDialogProps) {
  const { t } = useTranslation();
  const api = usePowerComparisonApi();
  const notify = useNotify();
  const [percent, setPercent] = useState<number | null>(current);
  const [busy, setBusy] = useState(false);
  const save = async (value: number | null) => {
    setBusy(true);
    try {
      await api.putTolerance({ objectType: object.type, objectId: object.id, tolerancePercent: value });
      notify.success(t('powerComparison.saved'));
      onSaved();
    } catch {
      // the client's error toast said why
    } finally {
      setBusy(false);
    }
  };
  const name = object.code ? `${object.code} ${object.name}` : object.name;
  return (
    <Modal
      open
      title={t('powerComparison.toleranceTitle', { name })}
      onCancel={onClose}
      onOk={() => void save(percent)}
      okText={t('powerComparison.save')}
      cancelText={t('powerComparison.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: percent === null, 'data-testid': 'comparison-tolerance-save' } as ButtonProps}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          {t('powerComparison.tolerancePercent')}
          <InputNumber<number>
            value={percent}
            min={0.01}
            max={100}
            step={0.5}
            precision={2}
            onChange={(value) => setPercent(value)}
            style={{ display: 'block', width: 160 }}
            data-testid="comparison-tolerance-input"
          />
        </label>
        <Typography.Text type="secondary">{t('powerComparison.toleranceHint', { percent: bpToPercent(DEFAULT_TOLERANCE_BP) })}</Typography.Text>
        <Button onClick={() => void save(null)} disabled={busy} data-testid="comparison-tolerance-default">
          {t('powerComparison.useDefault')}
        </Button>
      </Space>
    </Modal>
  );
}

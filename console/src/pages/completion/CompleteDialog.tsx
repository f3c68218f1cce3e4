import { Alert, Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPLETION_INTERVAL_MS,
  COMPLETION_METHODS,
  MAX_COMPLETION_INTERVALS,
  type CompletionMethod,
  type CompletionPreview,
  type DataGap,
} from '@shared/schemas/completion';
import { useNotify } from '../../feedback/notify';
import type { CompletionApi } from './completionApi';
import styles from './completion.module.css';
import { energyText } from './completionFormat';

interface CompleteDialogProps {
  api: CompletionApi;
  gap: DataGap;
  onClose(): void;
  onDone(): void;
}

const quarterTime = (start: number) => dayjs(start).format('MM-DD HH:mm');

/**
 * Completes a gap: the stretch (the gap's quarters, at most 31 days), a method, for manual values one number
 * per quarter, a note; the totals before and after (the server computes linear and weekday, manual is summed
 * here) before anything is written.
 */
export function CompleteDialog({ api, gap, onClose, onDone }: CompleteDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [from, setFrom] = useState(gap.from);
  const [to, setTo] = useState(Math.min(gap.to, gap.from + MAX_COMPLETION_INTERVALS * COMPLETION_INTERVAL_MS));
  const [method, setMethod] = useState<CompletionMethod>(gap.open ? 'manual' : 'linear');
  const count = Math.max(0, (to - from) / COMPLETION_INTERVAL_MS);
  const starts = useMemo(() => Array.from({ length: count }, (_, i) => from + i * COMPLETION_INTERVAL_MS), [from, count]);
  const [values, setValues] = useState<(number | null)[]>(() => starts.map(() => null));
  const [fill, setFill] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<CompletionPreview | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => setValues((old) => starts.map((_, i) => old[i] ?? null)), [starts]);
  useEffect(() => {
    setPreview(null);
    if (count === 0) return;
    let current = true;
    // Manual values are summed here; the server still tells what is stored now.
    const body = method === 'manual' ? { values: Array.from({ length: count }, () => 0) } : {};
    api.preview({ meterId: gap.meterId, from, to, method, ...body }).then(
      (answer) => current && setPreview(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, gap.meterId, from, to, method, count]);

  const manualTotal = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const manualReady = method !== 'manual' || values.every((value) => value !== null);
  const before = preview?.energyBefore ?? null;
  const after = method === 'manual' ? manualTotal : (preview?.energyAfter ?? null);

  const save = async () => {
    if (saving || !manualReady || count === 0) return;
    setSaving(true);
    try {
      await api.complete({ meterId: gap.meterId, from, to, method, note, ...(method === 'manual' ? { values: values.map((value) => value ?? 0) } : {}) });
      notify.success(t('completion.dialog.saved', { code: gap.meterCode, count }));
      onDone();
    } catch {
      // The api hook showed the server's reason (a closed month, an overlap…).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      centered
      width={720}
      mask={{ closable: false }}
      title={t('completion.dialog.title', { code: gap.meterCode })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('completion.dialog.save')}
      cancelText={t('completion.dialog.cancel')}
      okButtonProps={{ loading: saving, disabled: saving || !manualReady || count === 0, 'data-testid': 'complete-ok' }}
    >
      <Typography.Paragraph type="secondary">{gap.meterName}</Typography.Paragraph>
      <Form layout="vertical" data-testid="complete-form">
        <Form.Item label={t('completion.columns.stretch')} extra={t('completion.dialog.stretch', { from: quarterTime(from), to: quarterTime(to), count })}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm', minuteStep: 15 }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            value={[dayjs(from), dayjs(to)]}
            minDate={dayjs(gap.from)}
            maxDate={dayjs(gap.to)}
            onChange={(dates) => {
              const [start, end] = dates ?? [];
              if (!start || !end) return;
              const snap = (ms: number) => Math.round(ms / COMPLETION_INTERVAL_MS) * COMPLETION_INTERVAL_MS;
              const nextFrom = Math.max(gap.from, snap(start.valueOf()));
              setFrom(nextFrom);
              setTo(Math.min(gap.to, snap(end.valueOf()), nextFrom + MAX_COMPLETION_INTERVALS * COMPLETION_INTERVAL_MS));
            }}
            data-testid="complete-range"
          />
        </Form.Item>
        <Form.Item label={t('completion.dialog.method')} extra={t(`completion.methodHelp.${method}`)}>
          <Radio.Group
            optionType="button"
            value={method}
            options={COMPLETION_METHODS.map((value) => ({ value, label: t(`completion.methods.${value}`) }))}
            onChange={(event) => setMethod(event.target.value as CompletionMethod)}
            data-testid="complete-method"
          />
        </Form.Item>
        {method === 'manual' && (
          <Form.Item label={t('completion.dialog.values', { unit: gap.unit })}>
            <Space style={{ marginBottom: 8 }}>
              <InputNumber
                min={0}
                value={fill}
                onChange={(value) => setFill(value)}
                placeholder={t('completion.dialog.fillAll')}
                style={{ width: 220 }}
                data-testid="complete-fill"
              />
              <Button onClick={() => fill !== null && setValues(starts.map(() => fill))} data-testid="complete-fill-apply">
                {t('completion.dialog.fill')}
              </Button>
            </Space>
            <div className={styles.grid} data-testid="complete-values">
              {starts.map((start, i) => (
                <label key={start} className={styles.cell}>
                  <span className={styles.time}>{quarterTime(start)}</span>
                  <InputNumber
                    size="small"
                    min={0}
                    value={values[i] ?? null}
                    onChange={(value) => setValues((old) => old.map((v, j) => (j === i ? value : v)))}
                    data-testid={`complete-value-${i}`}
                  />
                </label>
              ))}
            </div>
          </Form.Item>
        )}
        <Form.Item label={t('completion.dialog.note')}>
          <Input.TextArea
            rows={2}
            maxLength={500}
            showCount
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t('completion.dialog.notePlaceholder')}
            data-testid="complete-note"
          />
        </Form.Item>
      </Form>
      {count > 0 ? (
        <Descriptions size="small" bordered column={2} data-testid="complete-preview">
          <Descriptions.Item label={t('completion.dialog.before')}>{before === null ? '—' : energyText(before, gap.unit)}</Descriptions.Item>
          <Descriptions.Item label={t('completion.dialog.after')}>
            <span data-testid="complete-after">{after === null ? '—' : energyText(after, gap.unit)}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="warning" title={t('completion.gaps.none')} />
      )}
    </Modal>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { METRICS } from '@shared/metering/metrics';
import type { ResourceOption } from '@shared/resources';
import styles from '../sprites.module.css';
import { spriteRuleText } from './spriteRuleText';
import type { SpriteDraft } from './SpriteDraft';

interface IconPanelProps {
  draft: SpriteDraft;
  meters: readonly ResourceOption[];
  metersLoading: boolean;
}

/** The selected icon's meter, metric, label, digits and position; the list of placed icons below. */
export const IconPanel = observer(function IconPanel({ draft, meters, metersLoading }: IconPanelProps) {
  const { t } = useTranslation();
  const index = draft.selected;
  const icon = draft.selectedIcon;
  const errors = index === null ? {} : draft.iconErrors(index);
  const field = (name: keyof typeof errors) =>
    errors[name] ? { validateStatus: 'error' as const, help: <span data-testid={`sprite-icon-error-${name}`}>{spriteRuleText(t, errors[name])}</span> } : {};
  const metricOptions = METRICS.map((metric) => {
    const label = t(`meterData.metrics.${metric.code}`, { defaultValue: metric.label });
    return { value: metric.code, label: metric.unit ? `${label} (${metric.unit})` : label };
  });

  return (
    <Card
      size="small"
      title={icon && index !== null ? t('sprites.editor.iconTitle', { index: index + 1, count: draft.icons.length }) : t('sprites.editor.iconsTitle')}
      data-testid="sprite-icon-panel"
    >
      {icon && index !== null ? (
        <Form layout="vertical" size="small">
          <Form.Item label={t('sprites.editor.meter')} required {...field('meterId')}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={metersLoading}
              placeholder={t('sprites.editor.chooseMeter')}
              options={meters.map((meter) => ({ value: meter.id, label: meter.name }))}
              value={icon.meterId > 0 ? icon.meterId : undefined}
              onChange={(meterId) =>
                draft.chooseMeter(
                  index,
                  { id: meterId, name: meters.find((meter) => meter.id === meterId)?.name ?? '' },
                  meters.find((meter) => meter.id === icon.meterId)?.name,
                )
              }
              aria-label={t('sprites.editor.meter')}
              data-testid="sprite-icon-meter"
            />
          </Form.Item>
          <Form.Item label={t('sprites.editor.metric')} {...field('metric')}>
            <Select<string>
              options={metricOptions}
              value={icon.metric}
              onChange={(metric) => draft.updateIcon(index, { metric })}
              popupMatchSelectWidth={false}
              aria-label={t('sprites.editor.metric')}
              data-testid="sprite-icon-metric"
            />
          </Form.Item>
          <Form.Item label={t('sprites.editor.label')} {...field('label')}>
            <Input
              value={icon.label}
              maxLength={40}
              placeholder={t('sprites.editor.labelPlaceholder')}
              onChange={(event) => draft.updateIcon(index, { label: event.target.value })}
              aria-label={t('sprites.editor.label')}
              data-testid="sprite-icon-label"
            />
          </Form.Item>
          <Form.Item label={t('sprites.editor.digits')} {...field('digits')}>
            <InputNumber
              min={0}
              max={4}
              precision={0}
              value={icon.digits}
              onChange={(digits) => digits !== null && draft.updateIcon(index, { digits })}
              aria-label={t('sprites.editor.digits')}
              data-testid="sprite-icon-digits"
            />
          </Form.Item>
          <Form.Item label={t('sprites.editor.position')} {...(errors.x ? field('x') : field('y'))}>
            <div style={{ display: 'flex', gap: 8 }}>
              <InputNumber
                min={0}
                max={100}
                step={0.1}
                precision={1}
                prefix="x"
                suffix="%"
                value={icon.x}
                onChange={(x) => x !== null && draft.moveIcon(index, { x, y: icon.y })}
                aria-label={t('sprites.editor.x')}
              />
              <InputNumber
                min={0}
                max={100}
                step={0.1}
                precision={1}
                prefix="y"
                suffix="%"
                value={icon.y}
                onChange={(y) => y !== null && draft.moveIcon(index, { x: icon.x, y })}
                aria-label={t('sprites.editor.y')}
              />
            </div>
          </Form.Item>
          <Button danger icon={<DeleteOutlined />} onClick={() => draft.removeIcon(index)} data-testid="sprite-icon-delete">
            {t('sprites.editor.deleteIcon')}
          </Button>
        </Form>
      ) : (
        <Typography.Paragraph type="secondary">{t('sprites.editor.howTo')}</Typography.Paragraph>
      )}
      {draft.icons.length > 0 && (
        <div className={styles.iconList} style={{ marginTop: 12 }} data-testid="sprite-icon-list">
          {draft.icons.map((placed, position) => (
            <Tag.CheckableTag
              key={position}
              checked={draft.selected === position}
              onChange={() => draft.select(position)}
              style={draft.hasIconErrors(position) ? { color: '#ff4d4f' } : undefined}
            >
              {`${position + 1}. ${placed.label || (placed.meterId > 0 ? t('liveWidgets.mimic.meter', { id: placed.meterId }) : t('sprites.editor.noMeter'))}`}
            </Tag.CheckableTag>
          ))}
        </div>
      )}
    </Card>
  );
});

import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, DatePicker, Flex, Input, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@shared/errors/codes';
import type { TariffVersion, TariffVersionBody } from '@shared/schemas/tariffs';
import { toastText } from '../../../feedback/toastText';
import type { FieldIssue } from '../../../forms/fieldErrors';
import { FieldError } from './FieldError';
import { PriceInputs } from './PriceInputs';
import { ruleText } from './ruleText';
import { SeasonEditor } from './SeasonEditor';
import { TiersEditor } from './TiersEditor';
import type { VersionDraft } from './VersionDraft';

const DAY = 'YYYY-MM-DD';
/** Errors listed in the summary at the top; the rest are under their fields. */
const SUMMARY_LIMIT = 8;

interface VersionEditorProps {
  draft: VersionDraft;
  title: string;
  currency: string;
  /** Creates or updates the version (the caller knows which). */
  send(body: TariffVersionBody): Promise<TariffVersion>;
  onSaved(version: TariffVersion): void;
  onCancel(): void;
  /** A reader without the edit button sees the version (and may try changes against the rules) but cannot save. */
  readOnly?: boolean;
}

const dayValue = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text, DAY).isValid() ? dayjs(text, DAY) : null);

/**
 * The version editor: the days it is valid, prices per band, seasons with their months and a 24-hour
 * layout per day type, and monthly tiers. The rules run as it is typed: errors under their fields and
 * summed up on top (save waits for none), warnings (the peak:valley 3:1 guidance) in an amber box that
 * never blocks. The server's refusals land in the same places; PERIOD_CLOSED is said on top.
 */
export const VersionEditor = observer(function VersionEditor({ draft, title, currency, send, onSaved, onCancel, readOnly = false }: VersionEditorProps) {
  const { t } = useTranslation();
  const { errors, warnings } = draft.findings;
  const seasons = draft.definition.seasons;
  const [activeSeason, setActiveSeason] = useState('0');
  const shownSeason = Number(activeSeason) < seasons.length ? activeSeason : String(seasons.length - 1);
  const save = async () => {
    const version = await draft.save(send);
    if (version) onSaved(version);
  };
  const list = (issues: FieldIssue[], testId: string) => (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid={testId}>
      {issues.slice(0, SUMMARY_LIMIT).map((issue) => (
        <li key={`${issue.field}|${issue.message}`}>{ruleText(t, issue)}</li>
      ))}
      {issues.length > SUMMARY_LIMIT && <li>…</li>}
    </ul>
  );

  return (
    <Flex vertical gap={16} data-testid="version-editor">
      <Flex gap={8} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onCancel} data-testid="version-back">
          {t('tariffs.editor.back')}
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {draft.failure && (
        <Alert
          type="error"
          showIcon
          title={draft.failure.code === ErrorCode.PERIOD_CLOSED ? t('tariffs.editor.periodClosed') : toastText(t, draft.failure.code, draft.failure.message)}
          description={draft.failure.code === ErrorCode.PERIOD_CLOSED ? toastText(t, draft.failure.code, draft.failure.message) : undefined}
          data-testid="version-failure"
        />
      )}
      {errors.length > 0 && <Alert type="error" showIcon title={t('tariffs.editor.errors')} description={list(errors, 'version-errors')} />}
      {warnings.length > 0 && <Alert type="warning" showIcon title={t('tariffs.editor.warnings')} description={list(warnings, 'version-warnings')} />}
      <Flex gap={16} wrap align="start">
        <label>
          <Typography.Text style={{ display: 'block', fontSize: 12 }}>{t('tariffs.editor.validFrom')}</Typography.Text>
          <DatePicker
            value={dayValue(draft.validFrom)}
            format={DAY}
            allowClear={false}
            status={draft.errorAt('validFrom') ? 'error' : undefined}
            onChange={(value) => draft.setDays(value ? value.format(DAY) : '', draft.validTo)}
            data-testid="version-validFrom"
          />
          <FieldError issue={draft.errorAt('validFrom')} />
        </label>
        <label>
          <Typography.Text style={{ display: 'block', fontSize: 12 }}>{t('tariffs.editor.validTo')}</Typography.Text>
          <DatePicker
            value={dayValue(draft.validTo)}
            format={DAY}
            style={{ width: 220 }}
            placeholder={t('tariffs.editor.validToHelp')}
            status={draft.errorAt('validTo') ? 'error' : undefined}
            onChange={(value) => draft.setDays(draft.validFrom, value ? value.format(DAY) : '')}
            data-testid="version-validTo"
          />
          <FieldError issue={draft.errorAt('validTo')} />
        </label>
        <label style={{ flex: 1, minWidth: 240 }}>
          <Typography.Text style={{ display: 'block', fontSize: 12 }}>{t('tariffs.editor.note')}</Typography.Text>
          <Input value={draft.note} maxLength={500} onChange={(event) => draft.setNote(event.target.value)} data-testid="version-note" />
          <FieldError issue={draft.errorAt('note')} />
        </label>
      </Flex>
      <Card size="small" title={t('tariffs.editor.prices', { currency })}>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('tariffs.editor.pricesHelp')}
        </Typography.Paragraph>
        <PriceInputs draft={draft} />
      </Card>
      <Card size="small" title={t('tariffs.editor.seasons')}>
        <FieldError issue={draft.errorAt('definition.seasons')} testId="seasons-error" />
        <Tabs
          type="editable-card"
          size="small"
          addIcon={<span data-testid="season-add">+ {t('tariffs.editor.addSeason')}</span>}
          activeKey={shownSeason}
          onChange={setActiveSeason}
          onEdit={(target, action) => {
            if (action === 'add') {
              draft.addSeason(t('tariffs.editor.newSeason', { n: seasons.length + 1 }));
              setActiveSeason(String(seasons.length - 1));
            } else draft.removeSeason(Number(target));
          }}
          items={seasons.map((season, index) => ({
            key: String(index),
            closable: seasons.length > 1,
            label: (
              <span data-testid={`season-tab-${index}`}>
                {draft.errorsUnder(`definition.seasons.${index}`).length > 0 ? <Badge status="error" /> : null} {season.name || t('tariffs.editor.season')}
              </span>
            ),
            children: <SeasonEditor draft={draft} season={index} />,
          }))}
        />
      </Card>
      <Card size="small" title={t('tariffs.editor.tiers')}>
        <TiersEditor draft={draft} />
      </Card>
      <Flex gap={8} justify="end">
        <Button onClick={onCancel} data-testid="version-cancel">
          {t('tariffs.editor.cancel')}
        </Button>
        {!readOnly && (
          <Button type="primary" icon={<SaveOutlined />} loading={draft.saving} disabled={!draft.valid} onClick={() => void save()} data-testid="version-save">
            {t('tariffs.editor.save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
});

import { CopyOutlined, DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Table, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BAND_COLOURS, BAND_TYPES, type BandSpan, type DayType } from '@shared/tariffs';
import styles from '../tariffs.module.css';
import { BandBar } from './BandBar';
import { FieldError } from './FieldError';
import { FALLBACK, layoutOwner, QUARTER_TIMES } from './layoutMath';
import { ruleText } from './ruleText';
import type { VersionDraft } from './VersionDraft';

const TIME_OPTIONS = QUARTER_TIMES.map((time) => ({ value: time, label: time }));

interface DayLayoutEditorProps {
  draft: VersionDraft;
  season: number;
  dayType: DayType;
}

/**
 * One season's bands for one day type: the 24-hour bar and the spans as a table (from, to, band) with
 * add and remove. Weekend, holiday and special days without their own layout show the one they fall back
 * to and offer "copy workday layout"; with their own they may drop it again.
 */
export const DayLayoutEditor = observer(function DayLayoutEditor({ draft, season, dayType }: DayLayoutEditorProps) {
  const { t } = useTranslation();
  const own = draft.hasOwnLayout(season, dayType);
  const spans = draft.spansOf(season, dayType);
  const path = `definition.seasons.${season}.layouts.${dayType}`;
  const testId = `layout-${season}-${dayType}`;
  const layoutIssues = own ? draft.findings.errors.filter((issue) => issue.field === path) : [];
  const spanIssue = (index: number, key?: keyof BandSpan) => draft.errorAt(key ? `${path}.${index}.${key}` : `${path}.${index}`);
  const seasonDef = draft.definition.seasons[season];
  const fallbackName = t(`tariffs.dayType.${dayType === 'workday' || !seasonDef ? 'workday' : layoutOwner(seasonDef, FALLBACK[dayType])}`);

  // The two edge columns differ only in which end of the span they edit.
  const timeColumn = (edge: 'from' | 'to'): TableColumnsType<BandSpan & { index: number }>[number] => ({
    key: edge,
    title: t(`tariffs.editor.${edge}`),
    width: 130,
    render: (_, span) => (
      <>
        <Select
          showSearch
          size="small"
          style={{ width: 100 }}
          value={span[edge]}
          options={TIME_OPTIONS}
          status={spanIssue(span.index, edge) ? 'error' : undefined}
          onChange={(value: string) => draft.setSpan(season, dayType, span.index, { [edge]: value })}
          data-testid={`${testId}-${edge}-${span.index}`}
        />
        <FieldError issue={spanIssue(span.index, edge)} />
      </>
    ),
  });
  const columns: TableColumnsType<BandSpan & { index: number }> = [
    timeColumn('from'),
    timeColumn('to'),
    {
      key: 'band',
      title: t('tariffs.editor.band'),
      render: (_, span) => (
        <>
          <Select
            size="small"
            style={{ width: 150 }}
            value={span.band}
            options={BAND_TYPES.map((band) => ({
              value: band,
              label: (
                <span>
                  <span className={styles.swatch} style={{ background: BAND_COLOURS[band] }} />
                  {t(`tariffs.band.${band}`)}
                </span>
              ),
            }))}
            onChange={(value) => draft.setSpan(season, dayType, span.index, { band: value })}
            data-testid={`${testId}-band-${span.index}`}
          />
          <FieldError issue={spanIssue(span.index)} />
        </>
      ),
    },
    {
      key: 'remove',
      width: 90,
      render: (_, span) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={spans.length <= 1}
          onClick={() => draft.removeSpan(season, dayType, span.index)}
          data-testid={`${testId}-remove-${span.index}`}
        >
          {t('tariffs.editor.removeSpan')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <BandBar spans={spans} testId={`${testId}-bar`} />
      {layoutIssues.map((issue) => (
        <Typography.Text key={issue.message} type="danger" role="alert" data-testid={`${testId}-error`}>
          {ruleText(t, issue)}
        </Typography.Text>
      ))}
      {own ? (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="index"
            columns={columns}
            dataSource={spans.map((span, index) => ({ ...span, index }))}
            data-testid={`${testId}-spans`}
          />
          <Flex gap={8} wrap>
            <Button size="small" icon={<PlusOutlined />} onClick={() => draft.addSpan(season, dayType)} data-testid={`${testId}-add`}>
              {t('tariffs.editor.addSpan')}
            </Button>
            {dayType !== 'workday' && (
              <>
                <Button size="small" icon={<CopyOutlined />} onClick={() => draft.copyWorkday(season, dayType)} data-testid={`${testId}-copy`}>
                  {t('tariffs.editor.copyWorkday')}
                </Button>
                <Button size="small" icon={<UndoOutlined />} onClick={() => draft.dropLayout(season, dayType)} data-testid={`${testId}-drop`}>
                  {t('tariffs.editor.useFallback', { dayType: fallbackName })}
                </Button>
              </>
            )}
          </Flex>
        </>
      ) : (
        dayType !== 'workday' && (
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{t('tariffs.editor.layoutFallback', { dayType: fallbackName })}</Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => draft.copyWorkday(season, dayType)} data-testid={`${testId}-copy`}>
              {t('tariffs.editor.copyWorkday')}
            </Button>
          </Flex>
        )
      )}
    </Flex>
  );
});

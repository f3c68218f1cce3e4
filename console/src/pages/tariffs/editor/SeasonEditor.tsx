import { Badge, Collapse, Flex, Input, Tabs, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DAY_TYPES } from '@shared/tariffs';
import { DayLayoutEditor } from './DayLayoutEditor';
import { FieldError } from './FieldError';
import { MonthPicker } from './MonthPicker';
import { PriceInputs } from './PriceInputs';
import type { VersionDraft } from './VersionDraft';

/** One season: its name, its months, its own prices (only where they differ) and a layout per day type. */
export const SeasonEditor = observer(function SeasonEditor({ draft, season }: { draft: VersionDraft; season: number }) {
  const { t } = useTranslation();
  const value = draft.definition.seasons[season];
  if (!value) return null;
  const path = `definition.seasons.${season}`;
  const nameIssue = draft.errorAt(`${path}.name`);
  const ownPrices = Object.values(value.prices ?? {}).some((text) => text?.trim());
  return (
    <Flex vertical gap={12} data-testid={`season-${season}`}>
      <Flex gap={16} wrap align="start">
        <label style={{ width: 220 }}>
          <Typography.Text style={{ display: 'block', fontSize: 12 }}>{t('tariffs.editor.seasonName')}</Typography.Text>
          <Input
            value={value.name}
            maxLength={40}
            status={nameIssue ? 'error' : undefined}
            onChange={(event) => draft.renameSeason(season, event.target.value)}
            data-testid={`season-${season}-name`}
          />
          <FieldError issue={nameIssue} />
        </label>
        <div style={{ flex: 1, minWidth: 360 }}>
          <Typography.Text style={{ display: 'block', fontSize: 12 }}>{t('tariffs.editor.months')}</Typography.Text>
          <MonthPicker draft={draft} season={season} />
          <FieldError issue={draft.errorAt(`${path}.months`)} testId={`season-${season}-months-error`} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tariffs.editor.monthsHelp')}
          </Typography.Text>
        </div>
      </Flex>
      <Collapse
        size="small"
        defaultActiveKey={ownPrices ? ['prices'] : []}
        items={[
          {
            key: 'prices',
            label: t('tariffs.editor.seasonPrices'),
            children: (
              <>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('tariffs.editor.seasonPricesHelp')}
                </Typography.Paragraph>
                <PriceInputs draft={draft} season={season} />
              </>
            ),
          },
        ]}
      />
      <div>
        <Typography.Text strong>{t('tariffs.editor.layouts')}</Typography.Text>
        <Tabs
          size="small"
          items={DAY_TYPES.map((dayType) => {
            const broken = draft.errorsUnder(`${path}.layouts.${dayType}`).length > 0;
            return {
              key: dayType,
              label: (
                <span data-testid={`season-${season}-tab-${dayType}`}>
                  {broken ? <Badge status="error" /> : null} {t(`tariffs.dayType.${dayType}`)}
                </span>
              ),
              children: <DayLayoutEditor draft={draft} season={season} dayType={dayType} />,
            };
          })}
        />
      </div>
    </Flex>
  );
});

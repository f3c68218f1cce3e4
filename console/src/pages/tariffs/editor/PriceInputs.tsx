import { Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BAND_COLOURS, BAND_TYPES } from '@shared/tariffs';
import styles from '../tariffs.module.css';
import { FieldError } from './FieldError';
import type { VersionDraft } from './VersionDraft';

/**
 * A price box per band (text, at most 6 decimals, checked with the shared rule as it is typed): the
 * version's prices, or with `season` that season's own prices, whose empty boxes show the version's.
 */
export const PriceInputs = observer(function PriceInputs({ draft, season }: { draft: VersionDraft; season?: number }) {
  const { t } = useTranslation();
  const prices = season === undefined ? draft.definition.prices : (draft.definition.seasons[season]?.prices ?? {});
  const base = season === undefined ? 'definition.prices' : `definition.seasons.${season}.prices`;
  const testBase = season === undefined ? 'price' : `season-${season}-price`;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 12 }}>
      {BAND_TYPES.map((band) => {
        const issue = draft.errorAt(`${base}.${band}`);
        const warned = draft.findings.warnings.some((warning) => warning.field === `${base}.${band}`);
        return (
          <label key={band} style={{ minWidth: 0 }}>
            <Typography.Text style={{ display: 'block', fontSize: 12 }}>
              <span className={styles.swatch} style={{ background: BAND_COLOURS[band] }} />
              {t(`tariffs.band.${band}`)}
            </Typography.Text>
            <Input
              value={prices[band] ?? ''}
              inputMode="decimal"
              placeholder={season === undefined ? t('tariffs.editor.pricePlaceholder') : (draft.definition.prices[band] ?? '')}
              status={issue ? 'error' : warned ? 'warning' : undefined}
              onChange={(event) => draft.setPrice(band, event.target.value, season)}
              data-testid={`${testBase}-${band}`}
            />
            <FieldError issue={issue} testId={`${testBase}-${band}-error`} />
          </label>
        );
      })}
    </div>
  );
});

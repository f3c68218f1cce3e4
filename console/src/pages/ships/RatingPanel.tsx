import { Alert, Select, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { CII_FIRST_YEAR, type CiiLetter, type ShipCiiAnswer, type ShipCiiYearsAnswer } from '@shared/ships/api';
import { CAPACITY_KIND_SOURCE } from '@shared/ships/shipTypes';
import { EChart } from '../../charts/EChart';
import type { ChartOption } from '../../charts/echartsCore';
import { ciiChartOption, ciiChartYears } from './ciiChart';
import { LetterBadge } from './LetterBadge';
import { ciiText, currentUtcYear, dropSentence, LETTER_COLOURS, LETTER_INK, percentText, tonnesText } from './shipFormat';
import { useShipsApi } from './shipsApi';
import styles from './ships.module.css';

function Figure({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className={styles.figure}>
      <div className={styles.figureLabel}>{label}</div>
      <div className={styles.figureValue} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** Which table a source string names, by its resolution. */
function sourceRole(source: string): 'capacity' | 'referenceLine' | 'reductionFactor' | 'ratingBoundaries' | 'carbonFactors' | 'other' {
  if (source.includes('MEPC.353')) return 'referenceLine';
  if (source.includes('MEPC.338') || source.includes('MEPC.400')) return 'reductionFactor';
  if (source.includes('MEPC.354')) return 'ratingBoundaries';
  if (source.includes('MEPC.364') || source.includes('Circ.684')) return 'carbonFactors';
  if (source.includes('MEPC.352')) return 'capacity';
  return 'other';
}

/** The answer's sources, led by the capacity rule (G1) when the answer leaves it out: the attained CII divides by that capacity. */
function withCapacitySource(sources: readonly string[]): string[] {
  return sources.some((source) => sourceRole(source) === 'capacity') ? [...sources] : [CAPACITY_KIND_SOURCE, ...sources];
}

const BOUNDARY_KEYS = [
  ['superior', 'A'],
  ['lower', 'B'],
  ['upper', 'C'],
  ['inferior', 'D'],
] as const;

/**
 * A ship's CII rating: the big letter of the chosen UTC year with attained, required, ratio, the four boundaries and
 * the resolutions behind every parameter; the chart of 2023–2030 with the A–E bands, the required line, attained
 * points, the current year so far and the projection, and the sentence naming the year the rating drops.
 */
export function RatingPanel({ shipId }: { shipId: number }) {
  const { t } = useTranslation();
  const api = useShipsApi();
  const thisYear = currentUtcYear();
  const [year, setYear] = useState(thisYear);
  const [cii, setCii] = useState<ShipCiiAnswer | null>(null);
  const [years, setYears] = useState<ShipCiiYearsAnswer | null>(null);

  useEffect(() => {
    let live = true;
    api
      .ciiYears(shipId)
      .then((answer) => live && setYears(answer))
      // The api hook showed why.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, shipId]);

  useEffect(() => {
    let live = true;
    setCii(null);
    api
      .cii(shipId, year)
      .then((answer) => live && setCii(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, shipId, year]);

  const capacityUnit = cii ? t('ships.rating.ciiUnit', { capacity: cii.capacityKind === 'dwt' ? 'DWT' : 'GT' }) : '';
  const chart = useMemo<ChartOption | null>(() => {
    if (!years) return null;
    const rows = ciiChartYears(years);
    if (rows.length === 0) return null;
    return ciiChartOption(
      rows,
      {
        band: (letter) => t('ships.chart.band', { letter }),
        required: t('ships.chart.required'),
        attained: t('ships.chart.attained'),
        yearToDate: t('ships.chart.yearToDate'),
        projection: t('ships.chart.projection'),
        unit: capacityUnit,
      },
      years.dropYear,
    );
  }, [years, t, capacityUnit]);

  const yearChoices = [];
  for (let choice = thisYear; choice >= CII_FIRST_YEAR; choice--) yearChoices.push({ value: choice, label: String(choice) });
  const letter: CiiLetter | null = cii?.rating?.letter ?? null;

  return (
    <div data-testid="ship-rating">
      <div className={styles.ratingTop}>
        <div className={styles.letterBox}>
          <Select aria-label={t('ships.rating.year')} value={year} options={yearChoices} onChange={setYear} style={{ width: 120 }} data-testid="rating-year" />
          <div
            className={`${styles.bigLetter} ${letter ? '' : styles.bigLetterEmpty}`}
            style={letter ? { background: LETTER_COLOURS[letter], color: LETTER_INK[letter] } : undefined}
            data-testid="rating-letter"
            aria-label={t('ships.rating.letterTitle', { year })}
          >
            {letter ?? '–'}
          </div>
          <div className={styles.muted}>{t('ships.rating.letterTitle', { year })}</div>
          {cii?.yearToDate && (
            <Tag color="orange" data-testid="rating-ytd">
              {t('ships.rating.yearToDate')}
            </Tag>
          )}
        </div>
        {cii ? (
          <div className={styles.figures}>
            <Figure label={t('ships.rating.attained')} testId="rating-attained">
              {ciiText(cii.attained)}
              <span className={styles.figureUnit}>{capacityUnit}</span>
            </Figure>
            <Figure label={t('ships.rating.required')} testId="rating-required">
              {ciiText(cii.required)}
              <span className={styles.figureUnit}>{capacityUnit}</span>
            </Figure>
            <Figure label={t('ships.rating.ratio')} testId="rating-ratio">
              {percentText(cii.rating?.ratio)}
            </Figure>
            <Figure label={t('ships.rating.z')} testId="rating-z">
              {withThousands(cii.z, 3).replace(/\.?0+$/, '')} %
            </Figure>
            <Figure label={t('ships.rating.capacity', { kind: cii.capacityKind === 'dwt' ? 'DWT' : 'GT' })} testId="rating-capacity">
              {withThousands(cii.capacity, 0)}
            </Figure>
            <Figure label={t('ships.rating.reference')} testId="rating-reference">
              <span style={{ fontSize: 14 }}>
                {t('ships.rating.referenceFormula', { a: withThousands(cii.reference.a, 0), c: cii.reference.c, value: ciiText(cii.reference.value) })}
              </span>
            </Figure>
            <Figure label={t('ships.rating.distance')} testId="rating-distance">
              {t('ships.rating.nm', { value: withThousands(cii.distanceNm, 0) })}
            </Figure>
            <Figure label={t('ships.rating.co2')} testId="rating-co2">
              {t('ships.rating.tonnes', { value: tonnesText(cii.co2Tonnes) })}
            </Figure>
            <Figure label={t('ships.rating.legs')} testId="rating-legs">
              {cii.legCount}
            </Figure>
          </div>
        ) : (
          <Spin />
        )}
        {cii && (
          <div className={styles.boundaries} data-testid="rating-boundaries">
            <Typography.Text strong>{t('ships.rating.boundaries')}</Typography.Text>
            {BOUNDARY_KEYS.map(([key, below]) => (
              <div className={styles.boundary} key={key} data-testid={`boundary-${key}`}>
                <span>
                  <span className={styles.swatch} style={{ background: LETTER_COLOURS[below] }} />
                  {t(`ships.rating.${key}`)}
                </span>
                <span className={styles.numbers}>{ciiText(cii.boundaries[key])}</span>
              </div>
            ))}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('ships.rating.rule')}
            </Typography.Text>
          </div>
        )}
      </div>

      {cii?.yearToDate && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('ships.rating.yearToDateNote', { year: cii.year })}
          data-testid="rating-ytd-note"
        />
      )}
      {cii && cii.attained === null && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('ships.rating.noAttained', { year: cii.year })} data-testid="rating-no-attained" />
      )}

      <Typography.Title level={5}>{t('ships.chart.title')}</Typography.Title>
      {years && (
        <Alert
          type={years.dropYear !== null ? 'error' : 'success'}
          showIcon
          style={{ marginBottom: 8 }}
          message={dropSentence(t, years, capacityUnit)}
          data-testid="rating-drop"
        />
      )}
      {chart ? <EChart option={chart} height={340} ariaLabel={t('ships.chart.aria')} /> : <Spin />}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('ships.chart.bandNote')}
      </Typography.Paragraph>
      {years && (
        <div className={styles.trend} style={{ marginBottom: 12 }} data-testid="rating-years">
          {years.years.map((row) => (
            <span key={row.year} className={styles.nowrap}>
              <span className={styles.trendYear}>{row.year}</span>
              <LetterBadge letter={row.letter} small title={row.yearToDate ? t('ships.fleet.yearToDate') : undefined} />
            </span>
          ))}
        </div>
      )}

      {cii && (
        <>
          <Typography.Title level={5}>{t('ships.rating.fuel')}</Typography.Title>
          <ul className={styles.sources} data-testid="rating-fuels">
            {cii.fuels.map((fuel) => (
              <li key={fuel.fuel}>
                {t(`resources.items.shipFuelEntry.values.${fuel.fuel}`)}: {t('ships.rating.tonnes', { value: tonnesText(fuel.tonnes, 2) })} → CO₂{' '}
                {t('ships.rating.tonnes', { value: tonnesText(fuel.co2Tonnes, 2) })}
              </li>
            ))}
          </ul>
          <Typography.Paragraph type="secondary">
            {t('ships.rating.fuelOrigins', {
              legs: tonnesText(cii.fuelOrigins.legEntries),
              days: tonnesText(cii.fuelOrigins.dayEntries),
              meters: tonnesText(cii.fuelOrigins.flowMeters),
            })}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('ships.rating.sources')}</Typography.Title>
          <ul className={styles.sources} data-testid="rating-sources">
            {withCapacitySource(cii.sources).map((source) => (
              <li key={source}>
                <Typography.Text strong>{t(`ships.rating.source.${sourceRole(source)}`)}</Typography.Text>: {source}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

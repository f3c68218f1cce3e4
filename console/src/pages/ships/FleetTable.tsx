import { RightOutlined } from '@ant-design/icons';
import { Button, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CII_FIRST_YEAR, type FleetCiiAnswer, type FleetCiiShip } from '@shared/ships/api';
import { LetterBadge } from './LetterBadge';
import { ciiText, currentUtcYear, percentText } from './shipFormat';
import { useShipsApi } from './shipsApi';
import styles from './ships.module.css';

interface FleetTableProps {
  selected: number | null;
  onOpen(ship: FleetCiiShip): void;
  /** Changes when the fleet's operation changed (a voyage saved): the ratings load again. */
  revision?: number;
}

/** The fleet with each ship's letter for a UTC year, attained against required, and the letters of the years before. */
export function FleetTable({ selected, onOpen, revision = 0 }: FleetTableProps) {
  const { t } = useTranslation();
  const api = useShipsApi();
  const thisYear = currentUtcYear();
  const [year, setYear] = useState(thisYear);
  const [answer, setAnswer] = useState<FleetCiiAnswer | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .fleet(year)
      .then((result) => live && setAnswer(result))
      // The api hook showed why.
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, year, revision]);

  const columns: TableColumnsType<FleetCiiShip> = [
    {
      key: 'ship',
      title: t('ships.fleet.ship'),
      render: (_, ship) => (
        <div>
          <div style={{ fontWeight: 600 }}>{ship.name}</div>
          <div className={styles.muted}>IMO {ship.imoNumber}</div>
        </div>
      ),
    },
    { key: 'type', title: t('ships.fleet.shipType'), render: (_, ship) => t(`resources.items.ship.values.${ship.shipType}`) },
    {
      key: 'letter',
      title: t('ships.fleet.letter'),
      render: (_, ship) => (
        <span className={styles.nowrap}>
          <LetterBadge letter={ship.letter} testId={`fleet-letter-${ship.shipId}`} />
          {answer?.yearToDate && ship.letter && (
            <Tag color="orange" style={{ marginLeft: 6 }}>
              {t('ships.fleet.yearToDate')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'attained',
      title: t('ships.fleet.attainedRequired'),
      render: (_, ship) =>
        ship.attained === null ? (
          <span className={styles.muted}>{t('ships.fleet.noDistance')}</span>
        ) : (
          <div className={styles.numbers} data-testid={`fleet-attained-${ship.shipId}`}>
            <div>
              {ciiText(ship.attained)} / {ciiText(ship.required)}
            </div>
            <div className={styles.muted} style={{ fontSize: 12 }}>
              {percentText(ship.attained / ship.required)} · {t('ships.fleet.ciiUnit')}
            </div>
          </div>
        ),
    },
    {
      key: 'trend',
      title: t('ships.fleet.trend'),
      render: (_, ship) => (
        <div className={styles.trend}>
          {ship.previous.map((previous) => (
            <span key={previous.year} className={styles.nowrap}>
              <span className={styles.trendYear}>{previous.year}</span>
              <LetterBadge letter={previous.letter} small />
            </span>
          ))}
        </div>
      ),
    },
    {
      key: 'open',
      title: '',
      render: (_, ship) => (
        <Button type="link" size="small" onClick={() => onOpen(ship)} data-testid={`fleet-open-${ship.shipId}`}>
          {t('ships.fleet.open')} <RightOutlined />
        </Button>
      ),
    },
  ];

  const years = [];
  for (let choice = thisYear; choice >= CII_FIRST_YEAR; choice--) years.push({ value: choice, label: String(choice) });
  return (
    <div data-testid="fleet">
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <span>{t('ships.fleet.year')}</span>
        <Select value={year} options={years} onChange={setYear} style={{ width: 120 }} data-testid="fleet-year" />
        {answer && (
          <span className={styles.trend} data-testid="fleet-counts">
            {(['A', 'B', 'C', 'D', 'E'] as const).map((letter) => (
              <span key={letter} className={styles.nowrap} style={{ marginRight: 6 }}>
                <LetterBadge letter={letter} small /> × {answer.counts[letter]}
              </span>
            ))}
          </span>
        )}
        {answer?.yearToDate && <Typography.Text type="warning">{t('ships.rating.yearToDate')}</Typography.Text>}
      </div>
      <Table<FleetCiiShip>
        rowKey="shipId"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={answer?.ships ?? []}
        pagination={false}
        locale={{ emptyText: t('ships.fleet.empty') }}
        rowClassName={(ship) => (ship.shipId === selected ? 'ant-table-row-selected' : '')}
        onRow={(ship) =>
          ({ onClick: () => onOpen(ship), style: { cursor: 'pointer' }, 'data-testid': `fleet-row-${ship.shipId}` }) as React.HTMLAttributes<HTMLElement>
        }
      />
    </div>
  );
}

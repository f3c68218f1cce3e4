import { Alert, Card, DatePicker, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceDayAnswer, DeviceDaysAnswer } from '@shared/productionDevices/api';
import { STATE_COLOURS, STATE_ORDER } from '@shared/productionDevices/stateColours';
import { EChart } from '../../charts/EChart';
import type { ChartOption } from '../../charts/echartsCore';
import { clockOf, figureText, idleBars, segmentBox } from './deviceFormat';
import { useDevicesApi } from './devicesApi';
import styles from './productionDevices.module.css';

const DAY = 'YYYY-MM-DD';
const BAR_DAYS = 30;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={styles.figure}>
      <div className={styles.figureLabel} title={label}>
        {label}
      </div>
      <div className={styles.figureValue} data-testid={testId} title={value}>
        {value}
      </div>
    </div>
  );
}

/** One device's day: its figures, the state timeline, and the idle energy of the 30 days up to that day. */
export function DevicePanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const api = useDevicesApi();
  const [day, setDay] = useState<Dayjs>(() => dayjs().startOf('day'));
  const [answer, setAnswer] = useState<DeviceDayAnswer | null>(null);
  const [history, setHistory] = useState<DeviceDaysAnswer | null>(null);

  useEffect(() => {
    let live = true;
    const to = day.format(DAY);
    const from = day.subtract(BAR_DAYS - 1, 'day').format(DAY);
    Promise.all([api.day(deviceId, to), api.days(deviceId, from, to)])
      .then(([one, many]) => {
        if (!live) return;
        setAnswer(one);
        setHistory(many);
      })
      // The api hook showed why.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, deviceId, day]);

  const bars = useMemo<ChartOption>(() => {
    const points = idleBars(history?.days ?? []);
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 56, right: 16, top: 28, bottom: 28 },
      xAxis: { type: 'category', data: points.map((point) => point.day.slice(5)) },
      yAxis: { type: 'value', name: 'kWh' },
      series: [
        { type: 'bar', name: t('productionDevices.figures.idleEnergy'), itemStyle: { color: STATE_COLOURS.idle }, data: points.map((point) => point.idle) },
      ],
    };
  }, [history, t]);

  if (!answer || answer.device.id !== deviceId) return null;
  const { device } = answer;
  const hours = (value: number) => t('productionDevices.units.hours', { value: figureText(value, 2) });
  const kwh = (value: number) => t('productionDevices.units.kwh', { value: figureText(value) });
  const ticks = [0, 6, 12, 18, 24];
  return (
    <Card className={styles.panel} data-testid="device-panel">
      <div className={styles.header}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {device.code} {device.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('productionDevices.thresholds', {
              run: figureText(device.runThresholdKw, 0),
              off: figureText(device.offThresholdKw, 0),
              rated: figureText(device.ratedPowerKw, 0),
            })}
          </Typography.Text>
        </div>
        <DatePicker
          value={day}
          allowClear={false}
          disabledDate={(candidate) => candidate.isAfter(dayjs(), 'day')}
          onChange={(value) => value && setDay(value.startOf('day'))}
          aria-label={t('productionDevices.day')}
          data-testid="device-day"
        />
      </div>
      <div className={styles.figures}>
        <Figure label={t('productionDevices.figures.runningHours')} value={hours(answer.hours.running)} testId="device-running-hours" />
        <Figure label={t('productionDevices.figures.idleHours')} value={hours(answer.hours.idle)} testId="device-idle-hours" />
        <Figure label={t('productionDevices.figures.offHours')} value={hours(answer.hours.off)} testId="device-off-hours" />
        <Figure label={t('productionDevices.figures.idleEnergy')} value={kwh(answer.energy.idle)} testId="device-idle-energy" />
        <Figure label={t('productionDevices.figures.energy')} value={kwh(answer.energy.total)} testId="device-energy" />
        <Figure
          label={t('productionDevices.figures.perRunningHour')}
          value={answer.energyPerRunningHour === null ? '–' : t('productionDevices.units.kwhPerHour', { value: figureText(answer.energyPerRunningHour, 2) })}
          testId="device-per-running-hour"
        />
        <Figure
          label={t('productionDevices.figures.perUnit')}
          value={answer.energyPerUnit === null ? '–' : t('productionDevices.units.kwhPerUnit', { value: figureText(answer.energyPerUnit, 3) })}
          testId="device-per-unit"
        />
        <Figure
          label={t('productionDevices.figures.output')}
          value={answer.standardOutput === null ? '–' : t('productionDevices.units.units', { value: figureText(answer.standardOutput) })}
          testId="device-output"
        />
      </div>
      {device.lineId === null ? (
        <Alert type="info" showIcon message={t('productionDevices.noLine')} style={{ marginBottom: 16 }} />
      ) : answer.standardOutput === null ? (
        <Alert type="info" showIcon message={t('productionDevices.noOutput')} style={{ marginBottom: 16 }} />
      ) : null}
      <Typography.Text strong>{t('productionDevices.timeline')}</Typography.Text>
      <div className={styles.timeline} data-testid="device-timeline" style={{ marginTop: 8 }}>
        {answer.timeline.map((segment) => {
          const box = segmentBox(segment, answer.dayStart, answer.dayEnd);
          const hint = t('productionDevices.timelineHint', {
            state: t(`productionDevices.states.${segment.state}`),
            from: clockOf(segment.from, answer.dayStart),
            to: clockOf(segment.to, answer.dayStart),
            kw: figureText(segment.averageKw),
          });
          return (
            <Tooltip key={segment.from} title={hint}>
              <div
                className={styles.segment}
                data-state={segment.state}
                aria-label={hint}
                style={{ left: `${box.left}%`, width: `${box.width}%`, background: STATE_COLOURS[segment.state] }}
              />
            </Tooltip>
          );
        })}
      </div>
      <div className={styles.ticks}>
        {ticks.map((hour) => (
          <span key={hour} className={styles.tick} style={{ left: `${(hour / 24) * 100}%` }}>
            {String(hour).padStart(2, '0')}:00
          </span>
        ))}
      </div>
      <div className={styles.legend}>
        {STATE_ORDER.map((state) => (
          <span key={state}>
            <span className={styles.swatch} style={{ background: STATE_COLOURS[state] }} />
            {t(`productionDevices.states.${state}`)} {hours(answer.hours[state])}
          </span>
        ))}
      </div>
      <Typography.Text strong>{t('productionDevices.idleBars')}</Typography.Text>
      {history && history.days.length > 0 ? (
        <EChart option={bars} height={240} ariaLabel={t('productionDevices.idleBars')} />
      ) : (
        <Typography.Paragraph type="secondary">{t('productionDevices.noDays')}</Typography.Paragraph>
      )}
    </Card>
  );
}

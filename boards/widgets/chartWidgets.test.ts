import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n';
import { CHART_WIDGETS } from './chartWidgets';

const IDS = ['kpi', 'gauge', 'live-trend', 'energy-bar', 'share-pie', 'energy-sankey', 'energy-calendar', 'energy-periods'];

describe('chart widgets', () => {
  it('lists the eight chart widgets, each in its own folder', () => {
    expect(CHART_WIDGETS.map((widget) => widget.id)).toEqual(IDS);
    for (const widget of CHART_WIDGETS) {
      expect(widget.nameKey).toBe(`chartWidgets.names.${widget.id}`);
      expect(widget.version).toBe(1);
    }
  });

  it('names every widget in English, Chinese and Spanish', () => {
    const names = (language: 'en' | 'zh' | 'es') => {
      const i18n = createI18n(language);
      return CHART_WIDGETS.map((widget) => i18n.t(widget.nameKey));
    };
    expect(names('en')).toEqual([
      'KPI figure',
      'Gauge',
      'Live trend',
      'Energy bars',
      'Energy share',
      'Energy flow',
      'Daily energy calendar',
      'Energy by period',
    ]);
    expect(names('zh')).toEqual(['指标数字', '仪表盘', '实时趋势', '能耗柱状图', '能耗占比', '能流图', '每日能耗日历', '分期能耗对比']);
    expect(names('es')).toEqual([
      'Cifra KPI',
      'Indicador',
      'Tendencia en vivo',
      'Barras de energía',
      'Reparto de energía',
      'Flujo de energía',
      'Calendario de energía diaria',
      'Energía por periodo',
    ]);
  });

  it('builds a zero-input stub and its channels for every widget', () => {
    const channels = CHART_WIDGETS.map((widget) => widget.channels({}, widget.options.parse({})));
    expect(channels).toEqual([
      [],
      [],
      [],
      ['energy:ranking:department:top:electricity:day:1:10'],
      ['energy:ranking:department:top:electricity:day:1:6'],
      ['energy:flow:electricity:day:1'],
      [],
      [],
    ]);
  });

  it('loads each renderer lazily as a component', async () => {
    for (const widget of CHART_WIDGETS) {
      const module = await widget.load();
      expect(typeof module.default === 'function' || typeof module.default === 'object', widget.id).toBe(true);
    }
  });
});

import { useEffect, useRef, type RefObject } from 'react';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { chartUpdates } from './chartUpdateQueue';

// Every chart widget draws on canvas; chart types and components are registered by each widget's module.
echarts.use([CanvasRenderer]);

/**
 * Instances alive right now, counted for the memory bench (window.__charts.count()): a wall that switches
 * boards for weeks must end with as many charts as it started with.
 */
const liveCharts = new Set<echarts.EChartsType>();
if (typeof window !== 'undefined') Object.defineProperty(window, '__charts', { value: Object.freeze({ count: () => liveCharts.size }), configurable: true });

export interface EchartSize {
  width: number;
  height: number;
}

/**
 * One echarts instance per element, drawn at the tile's real pixel size and the screen's devicePixelRatio
 * (never CSS-scaled, so text and lines stay sharp on 4K and 8K walls), disposed on unmount so a wall that
 * switches boards for weeks does not pile up canvases. Each widget registers the chart types it uses with
 * `echarts.use([...])` in its own module, so a board downloads only those (a widget asking for 'svg'
 * registers SVGRenderer itself).
 * The option is merged with `replaceMerge: ['series']` (a series that went away is removed, the rest update
 * in place) through the page's ChartUpdateQueue, which spreads the charts of a busy wall over frames; pass a
 * memoised option.
 */
export function useEchart(option: EChartsCoreOption, size: EchartSize, renderer: 'canvas' | 'svg' = 'canvas'): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.EChartsType | null>(null);
  // What the instance shows now, so the init effect and the option effect never apply the same option twice.
  const applied = useRef<EChartsCoreOption | null>(null);
  const latest = useRef({ option, size });
  latest.current = { option, size };

  useEffect(() => {
    if (!element.current) return undefined;
    const { option: first, size: at } = latest.current;
    const instance = echarts.init(element.current, undefined, {
      renderer,
      width: Math.max(1, at.width),
      height: Math.max(1, at.height),
      devicePixelRatio: window.devicePixelRatio || 1,
    });
    liveCharts.add(instance);
    instance.setOption(first, { notMerge: true });
    applied.current = first;
    chart.current = instance;
    return () => {
      chart.current = null;
      applied.current = null;
      chartUpdates.forget(instance);
      instance.dispose();
      liveCharts.delete(instance);
    };
    // The instance lives as long as the element; size and option changes are applied below.
  }, [renderer]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || (instance.getWidth() === size.width && instance.getHeight() === size.height)) return;
    instance.resize({ width: Math.max(1, size.width), height: Math.max(1, size.height), animation: { duration: 0 } });
  }, [size.width, size.height]);

  useEffect(() => {
    if (!chart.current || applied.current === option) return;
    chartUpdates.push(chart.current, option);
    applied.current = option;
  }, [option]);

  return element;
}

import { useEffect, useRef, type RefObject } from 'react';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';

export interface EchartSize {
  width: number;
  height: number;
}

/**
 * One echarts instance per element, drawn at the tile's real pixel size and the screen's devicePixelRatio
 * (never CSS-scaled, so text and lines stay sharp on 4K and 8K walls), disposed on unmount so a wall that
 * switches boards for weeks does not pile up canvases. Each widget registers the chart types it uses with
 * `echarts.use([...])` in its own module, so a board downloads only those.
 * The option is applied with `notMerge: false, lazyUpdate: true`; pass a memoised option to avoid work.
 */
export function useEchart(option: EChartsCoreOption, size: EchartSize, renderer: 'canvas' | 'svg' = 'canvas'): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.EChartsType | null>(null);

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, undefined, { renderer, width: size.width, height: size.height, devicePixelRatio: window.devicePixelRatio || 1 });
    chart.current = instance;
    return () => {
      chart.current = null;
      instance.dispose();
    };
    // The instance lives as long as the element; size and option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderer]);

  useEffect(() => {
    chart.current?.resize({ width: size.width, height: size.height });
  }, [size.width, size.height]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: false, lazyUpdate: true });
  }, [option]);

  return element;
}

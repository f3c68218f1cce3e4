import { useEffect, useRef, type CSSProperties } from 'react';
import { echarts, type ChartOption } from './echartsCore';

export interface EChartProps {
  option: ChartOption;
  /** CSS height; the width follows the container. */
  height?: number | string;
  loading?: boolean;
  style?: CSSProperties;
  /** Test hook and accessible name for the chart region. */
  ariaLabel?: string;
}

/**
 * One echarts instance bound to a div: created once, option replaced (not merged) on change, resized
 * with its container, disposed on unmount so kept-alive tabs do not leak canvases.
 */
export function EChart({ option, height = 320, loading = false, style, ariaLabel }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    if (loading) chart.current?.showLoading();
    else chart.current?.hideLoading();
  }, [loading]);

  return <div ref={host} role="img" aria-label={ariaLabel} data-testid="echart" style={{ width: '100%', height, ...style }} />;
}

import { useEffect, useRef, type CSSProperties } from 'react';
import { useScreenScale } from '../layout/useScreenScale';
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
  const scale = useScreenScale();

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    // Under the console's zoom the canvas is drawn at the zoomed size, so it stays sharp.
    const instance = echarts.init(element, undefined, { devicePixelRatio: window.devicePixelRatio * scale });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scale]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, scale]);

  useEffect(() => {
    if (loading) chart.current?.showLoading();
    else chart.current?.hideLoading();
  }, [loading, scale]);

  return <div ref={host} role="img" aria-label={ariaLabel} data-testid="echart" style={{ width: '100%', height, ...style }} />;
}

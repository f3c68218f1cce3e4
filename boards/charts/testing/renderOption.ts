import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([SVGRenderer]);

/**
 * Tests only: draws an option with echarts' server-side SVG renderer (no DOM), so an option builder's
 * output is checked by echarts itself (unknown components throw, labels come out as text), then disposes.
 */
export function renderOptionToSvg(option: EChartsCoreOption, uses: Parameters<typeof echarts.use>[0], width = 600, height = 400): string {
  echarts.use(uses);
  const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

import type { EChartsCoreOption, EChartsType } from 'echarts/core';

/** Main-thread time the queue may spend per frame: the rest of the 16.7 ms frame stays free, so no long task. */
export const CHART_FRAME_BUDGET_MS = 8;

type Scheduler = (run: () => void) => void;
const nextFrame: Scheduler = (run) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => run()) : setTimeout(run, 16));

/**
 * Chart updates of a whole wall, spread over frames. Fifty widgets at 1 Hz tend to land in the same frame
 * (one socket batch), and echarts would lay out and paint all of them in it: a long task of 60–180 ms.
 * Here each chart's newest option is applied and painted in turn until the frame's budget is spent; the
 * rest wait for the next frame. A chart updated again before its turn keeps only the newest option.
 */
export class ChartUpdateQueue {
  private readonly pending = new Map<EChartsType, EChartsCoreOption>();
  private scheduled = false;

  constructor(
    private readonly schedule: Scheduler = nextFrame,
    private readonly now: () => number = () => performance.now(),
    private readonly budgetMs = CHART_FRAME_BUDGET_MS,
  ) {}

  push(chart: EChartsType, option: EChartsCoreOption): void {
    this.pending.delete(chart); // re-inserted at the end: the charts waiting longest go first
    this.pending.set(chart, option);
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.run());
    }
  }

  /** A disposed chart must never be drawn. */
  forget(chart: EChartsType): void {
    this.pending.delete(chart);
  }

  get size(): number {
    return this.pending.size;
  }

  private run(): void {
    this.scheduled = false;
    const started = this.now();
    for (const [chart, option] of this.pending) {
      this.pending.delete(chart);
      if (!chart.isDisposed()) {
        chart.setOption(option, { replaceMerge: ['series'] });
        // Paint now, inside the budget, rather than in echarts' own frame with every other chart.
        chart.getZr().flush();
      }
      if (this.now() - started >= this.budgetMs) break;
    }
    if (this.pending.size > 0 && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.run());
    }
  }
}

/** The one queue of the page. */
export const chartUpdates = new ChartUpdateQueue();

import { RecomputeJobsPanel } from '../recompute/RecomputeJobsPanel';

/**
 * The recompute jobs tab: band figures being rebuilt after a tariff version, calendar or assignment change,
 * with their progress (the panel of console/src/pages/recompute/; it polls while a job runs). The tab is
 * mounted only while shown (the page's Tabs destroy hidden panes), so it polls only then.
 */
export function RecomputeJobsTab() {
  return <RecomputeJobsPanel />;
}

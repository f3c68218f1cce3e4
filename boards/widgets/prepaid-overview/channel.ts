import type { PrepaidOverview } from '@shared/prepaid/types';

/**
 * `prepaid:overview`: the caller's open prepaid rooms per state (normal, level 1, level 2, arrears, cut off,
 * keep-supply, no data) and today's paid top-ups. Served by server/modules/prepaidBills (the same figures as
 * GET /api/prepaid/wall/overview), recomputed every 30 s. Pure: the server imports this builder and parser.
 */
export const PREPAID_OVERVIEW_CHANNEL = 'prepaid:overview';
export type PrepaidOverviewData = PrepaidOverview;

export const prepaidOverviewChannel = (): string => PREPAID_OVERVIEW_CHANNEL;
export const isPrepaidOverviewChannel = (channel: string): boolean => channel === PREPAID_OVERVIEW_CHANNEL;

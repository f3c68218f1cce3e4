import type { AxiosInstance } from 'axios';
import { createResourceApi, fetchOptions, meterResource, type ResourceOption } from '@shared/resources';

/** What the rule reads of a meter row (GET /meters). */
export interface IncomerCandidate {
  id: number;
  code: string;
  energyType: string;
  isMain: boolean;
  departmentId: number | null;
}

/**
 * The meter the screen opens on when none is named: the site's main incomer. Among the electricity meters
 * the caller can see, first by code: the main meter of a top-level department (one whose parent the caller
 * cannot see, so a sub-user's own top counts), then any main meter, then any electricity meter; a site
 * without electricity opens on its first meter. Undefined when the tree has no meters.
 */
export function mainIncomer(meters: readonly IncomerCandidate[], departments: readonly ResourceOption[]): number | undefined {
  const visible = new Set(departments.map((department) => department.id));
  const topLevel = new Set(
    departments.filter((department) => department.parentId == null || !visible.has(department.parentId)).map((department) => department.id),
  );
  const byCode = [...meters].sort((a, b) => a.code.localeCompare(b.code));
  const electricity = byCode.filter((meter) => meter.energyType === 'electricity');
  const pick =
    electricity.find((meter) => meter.isMain && meter.departmentId !== null && topLevel.has(meter.departmentId)) ??
    electricity.find((meter) => meter.isMain) ??
    electricity[0] ??
    byCode[0];
  return pick?.id;
}

/** Electricity meters are what the rule prefers; one page of the most a list gives is the whole demo many times over. */
const MAX_CANDIDATES = 1000;

/** Asks the server for the caller's meters and departments and applies the rule. */
export async function findMainIncomer(http: AxiosInstance): Promise<number | undefined> {
  const [page, departments] = await Promise.all([
    createResourceApi(http, meterResource).list({ page: 1, size: MAX_CANDIDATES }),
    fetchOptions(http, 'departments'),
  ]);
  const meters = page.rows.map((row) => ({
    id: row.id,
    code: String(row.code),
    energyType: String(row.energyType),
    isMain: row.isMain === true,
    departmentId: typeof row.departmentId === 'number' ? row.departmentId : null,
  }));
  return mainIncomer(meters, departments);
}

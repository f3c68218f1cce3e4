import { PagedQuery } from '../lists/PagedQuery';
import type { ResourceApi, ResourceRow } from '@shared/resources';

/** A resource list's filters: the keyword, the definition's filters and those the screen fixes. */
export type ResourceFilterValues = Record<string, unknown> & { keyword?: string };
export type ResourceList = PagedQuery<ResourceFilterValues, ResourceRow>;

/** The paged list of one resource; `fixed` filters (the department chosen in a tree) are always sent. */
export const createResourceList = (api: ResourceApi, fixed: Record<string, unknown> = {}): ResourceList =>
  new PagedQuery<ResourceFilterValues, ResourceRow>((query) => api.list({ ...query, ...fixed }), { ...fixed });

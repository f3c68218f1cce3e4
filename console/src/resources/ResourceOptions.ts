import { makeAutoObservable, runInAction } from 'mobx';
import type { AxiosInstance } from 'axios';
import { fetchOptions, type FieldSpec, type ResourceOption } from '@shared/resources';

/** Picker choices per API path (departments, gateways, tags…), fetched once per screen. */
export class ResourceOptions {
  byPath = new Map<string, ResourceOption[]>();
  /** True while a first load runs: lists wait for it instead of showing bare ids. */
  loading = false;

  constructor(private readonly http: AxiosInstance) {
    makeAutoObservable<ResourceOptions, 'http'>(this, { http: false }, { autoBind: true });
  }

  async load(fields: readonly Pick<FieldSpec, 'ref'>[], reload = false): Promise<void> {
    const paths = [...new Set(fields.map((field) => field.ref).filter((path): path is string => Boolean(path)))];
    const first = !reload && paths.some((path) => !this.byPath.has(path));
    if (first) this.loading = true;
    await Promise.all(
      paths
        .filter((path) => reload || !this.byPath.has(path))
        .map(async (path) => {
          try {
            const options = await fetchOptions(this.http, path);
            runInAction(() => this.byPath.set(path, options));
          } catch {
            // Shown by the api hook; the picker stays empty and ids show as numbers.
          }
        }),
    );
    if (first) runInAction(() => (this.loading = false));
  }

  of(path: string | undefined): ResourceOption[] {
    return (path && this.byPath.get(path)) || [];
  }

  nameOf(path: string | undefined, id: unknown): string | undefined {
    return this.of(path).find((option) => option.id === id)?.name;
  }
}

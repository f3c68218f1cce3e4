import { makeAutoObservable, runInAction } from 'mobx';
import { useState } from 'react';
import { fetchOptions, meterResource, type ResourceOption } from '@shared/resources';
import { useStores } from '../../stores/StoreContext';

/**
 * The meters an equipment board can be about, as the resource API's picker answers them
 * (GET /api/meters/options: "<code> <name>"). Loaded once per screen.
 */
export class MeterChoices {
  options: ResourceOption[] = [];
  loaded = false;

  constructor(private readonly fetch: () => Promise<ResourceOption[]>) {
    makeAutoObservable<MeterChoices, 'fetch'>(this, { fetch: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const options = await this.fetch();
      runInAction(() => (this.options = options));
    } catch {
      // The api toast said why; rows show the meter id instead of its name.
    } finally {
      runInAction(() => (this.loaded = true));
    }
  }

  /** "<code> <name>", or undefined while unknown (not loaded, or a meter since deleted). */
  labelOf(id: number | null): string | undefined {
    return id === null ? undefined : this.options.find((option) => option.id === id)?.name;
  }

  get selectOptions(): { value: number; label: string }[] {
    return this.options.map((option) => ({ value: option.id, label: option.name }));
  }
}

/** One MeterChoices per screen over the console's http client (load it in an effect). */
export function useMeterChoices(): MeterChoices {
  const root = useStores();
  const [choices] = useState(() => new MeterChoices(() => fetchOptions(root.http, meterResource.path)));
  return choices;
}

/** Anything a registry holds: an id, and old ids it still answers to after a rename. */
export interface RegistryItem {
  id: string;
  aliasIds?: readonly string[];
}

/**
 * A catalogue keyed by id (widgets, later data sources): registration is data, never a `switch`.
 * A duplicate id or alias throws at start-up, so two widgets can never silently shadow each other.
 */
export class Registry<T extends RegistryItem> {
  private readonly byId = new Map<string, T>();
  private readonly aliases = new Map<string, string>();

  constructor(private readonly kind: string) {}

  register(item: T): this {
    for (const key of [item.id, ...(item.aliasIds ?? [])]) {
      if (this.byId.has(key) || this.aliases.has(key)) throw new Error(`${this.kind} "${key}" is registered twice`);
    }
    this.byId.set(item.id, item);
    for (const alias of item.aliasIds ?? []) this.aliases.set(alias, item.id);
    return this;
  }

  /** The item for an id or one of its aliases; undefined when unknown (callers render an error tile). */
  get(id: string): T | undefined {
    return this.byId.get(id) ?? this.byId.get(this.aliases.get(id) ?? '');
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  list(): T[] {
    return [...this.byId.values()];
  }
}

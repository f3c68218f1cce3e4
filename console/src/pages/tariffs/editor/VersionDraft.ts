import { makeAutoObservable } from 'mobx';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { tariffVersionBodySchema, type TariffVersion, type TariffVersionBody } from '@shared/schemas/tariffs';
import { BAND_TYPES, DAY_TYPES, type BandPrices, type BandSpan, type BandType, type DayType, type TariffDefinition } from '@shared/tariffs';
import { checkDefinition } from '@shared/tariffs/tariffRules';
import { schemaIssues, serverIssues, type FieldIssue } from '../../../forms/fieldErrors';
import { cloneDefinition, flatDay, layoutOwner, newDefinition, newSeason, nextSpan } from './layoutMath';

/** A tier as typed: the units box may be empty for a moment. */
export interface DraftTier {
  fromUnits: number | null;
  adder: string;
}

/** The definition while it is edited: prices may be blank (left out of the body), tiers half typed. */
export type DraftDefinition = Omit<TariffDefinition, 'tiers'> & { tiers: DraftTier[] };

export interface DraftStart {
  id?: number;
  validFrom: string;
  validTo: string | null;
  note: string;
  definition: TariffDefinition;
}

/** Where a rule finding of the definition sits in the version body (the server names them so too). */
const inBody = (path: string) => (path ? `definition.${path}` : 'definition');

/** Blank prices are not prices: they stay out of the body, so "no price for a used band" is what the rules say. */
function pricesOf(prices: BandPrices | undefined): BandPrices {
  const kept: BandPrices = {};
  for (const band of BAND_TYPES) {
    const text = prices?.[band]?.trim();
    if (text) kept[band] = text;
  }
  return kept;
}

/**
 * One tariff version being written: the days it covers, its note and its definition, checked as it is
 * typed by the same contract the server applies (the body schema for shapes, checkDefinition for tiling,
 * months, prices and the peak:valley guidance). Findings are FieldIssues named as the server names its
 * 40000 issues (`definition.seasons.0.layouts.workday`), so the browser's and the server's go under the
 * same fields. Headless; VersionEditor renders it.
 */
export class VersionDraft {
  readonly id: number | undefined;
  validFrom: string;
  validTo: string;
  note: string;
  definition: DraftDefinition;
  /** The server's field issues of the last refused save, until the next edit. */
  refused: FieldIssue[] = [];
  /** A refusal that is not about a field (PERIOD_CLOSED, a conflict): its code and message. */
  failure: { code: number; message: string } | null = null;
  saving = false;

  constructor(start: DraftStart) {
    this.id = start.id;
    this.validFrom = start.validFrom;
    this.validTo = start.validTo ?? '';
    this.note = start.note;
    const definition = cloneDefinition(start.definition);
    this.definition = { ...definition, tiers: definition.tiers ?? [] };
    makeAutoObservable(this, { id: false }, { autoBind: true });
  }

  /** A first version from a day on, with one season over the year and one flat band. */
  static blank(validFrom: string, seasonName: string): VersionDraft {
    return new VersionDraft({ validFrom, validTo: null, note: '', definition: newDefinition(seasonName) });
  }

  /** An existing version to edit (or, without its id, to copy as a new one). */
  static of(version: TariffVersion, asCopy = false): VersionDraft {
    return new VersionDraft({
      ...(asCopy ? {} : { id: version.id }),
      validFrom: version.validFrom,
      validTo: version.validTo,
      note: version.note,
      definition: version.definition,
    });
  }

  /** The definition a save sends: blank prices left out, an empty units box as NaN (refused by the shape). */
  get cleanDefinition(): TariffDefinition {
    return {
      prices: pricesOf(this.definition.prices),
      seasons: this.definition.seasons.map((season) => {
        const prices = pricesOf(season.prices);
        const { prices: _typed, ...rest } = season;
        return Object.keys(prices).length ? { ...rest, prices } : rest;
      }),
      tiers: this.definition.tiers.map((tier) => ({ fromUnits: tier.fromUnits ?? Number.NaN, adder: tier.adder.trim() })),
    };
  }

  /** The body a save sends. */
  get body(): TariffVersionBody {
    const definition = this.cleanDefinition;
    return { validFrom: this.validFrom.trim(), validTo: this.validTo.trim() || null, definition, note: this.note };
  }

  /** What the rules find now: shape issues and rule errors, then the rule warnings (never blocking). */
  get findings(): { errors: FieldIssue[]; warnings: FieldIssue[] } {
    const body = this.body;
    const errors = schemaIssues(tariffVersionBodySchema, body);
    const warnings: FieldIssue[] = [];
    try {
      const rules = checkDefinition(this.cleanDefinition);
      errors.push(...rules.errors.map((issue) => ({ field: inBody(issue.path), message: issue.message })));
      warnings.push(...rules.warnings.map((issue) => ({ field: inBody(issue.path), message: issue.message })));
    } catch {
      // A definition too broken for the rules already has shape issues to show.
    }
    const seen = new Set<string>();
    const unique = [...errors, ...this.refused].filter((issue) => {
      const key = `${issue.field}\n${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { errors: unique, warnings };
  }

  get valid(): boolean {
    return this.findings.errors.length === 0;
  }

  /** The first error at exactly this path. */
  errorAt(path: string): FieldIssue | undefined {
    return this.findings.errors.find((issue) => issue.field === path);
  }

  /** Every error at this path or below it (a season's tab, a layout's table). */
  errorsUnder(path: string): FieldIssue[] {
    return this.findings.errors.filter((issue) => issue.field === path || issue.field.startsWith(`${path}.`));
  }

  warningsUnder(path: string): FieldIssue[] {
    return this.findings.warnings.filter((issue) => issue.field === path || issue.field.startsWith(`${path}.`));
  }

  /** An edit makes the server's last refusal stale. */
  private edited(): void {
    this.refused = [];
    this.failure = null;
  }

  setDays(validFrom: string, validTo: string): void {
    this.validFrom = validFrom;
    this.validTo = validTo;
    this.edited();
  }

  setNote(note: string): void {
    this.note = note;
    this.edited();
  }

  setPrice(band: BandType, text: string, season?: number): void {
    if (season === undefined) this.definition.prices[band] = text;
    else {
      const target = this.definition.seasons[season];
      if (target) target.prices = { ...target.prices, [band]: text };
    }
    this.edited();
  }

  addSeason(name: string): void {
    this.definition.seasons.push(newSeason(this.cleanDefinition, name));
    this.edited();
  }

  removeSeason(index: number): void {
    if (this.definition.seasons.length <= 1) return;
    this.definition.seasons.splice(index, 1);
    this.edited();
  }

  renameSeason(index: number, name: string): void {
    const season = this.definition.seasons[index];
    if (season) season.name = name;
    this.edited();
  }

  /** A click on a month chip: a month of this season leaves it; any other month moves here from its season. */
  toggleMonth(index: number, month: number): void {
    const season = this.definition.seasons[index];
    if (!season) return;
    if (season.months.includes(month)) season.months = season.months.filter((m) => m !== month);
    else {
      for (const other of this.definition.seasons) other.months = other.months.filter((m) => m !== month);
      season.months = [...season.months, month].sort((a, b) => a - b);
    }
    this.edited();
  }

  /** The spans a day type is priced by: its own, else the layout it falls back to. */
  spansOf(index: number, dayType: DayType): BandSpan[] {
    const season = this.definition.seasons[index];
    return season ? (season.layouts[layoutOwner(season, dayType)] ?? []) : [];
  }

  hasOwnLayout(index: number, dayType: DayType): boolean {
    return Boolean(this.definition.seasons[index]?.layouts[dayType]);
  }

  setSpan(index: number, dayType: DayType, spanIndex: number, patch: Partial<BandSpan>): void {
    const span = this.definition.seasons[index]?.layouts[dayType]?.[spanIndex];
    if (span) Object.assign(span, patch);
    this.edited();
  }

  addSpan(index: number, dayType: DayType): void {
    const layout = this.definition.seasons[index]?.layouts[dayType];
    if (layout) layout.push(nextSpan(layout));
    this.edited();
  }

  removeSpan(index: number, dayType: DayType, spanIndex: number): void {
    const layout = this.definition.seasons[index]?.layouts[dayType];
    if (layout && layout.length > 1) layout.splice(spanIndex, 1);
    this.edited();
  }

  /** Weekend, holiday or special day gets a copy of the workday spans as its own layout. */
  copyWorkday(index: number, dayType: Exclude<DayType, 'workday'>): void {
    const season = this.definition.seasons[index];
    if (!season) return;
    season.layouts[dayType] = season.layouts.workday.map((span) => ({ ...span }));
    this.edited();
  }

  /** A day type drops its own layout and falls back again (weekend → workday, holiday → weekend, special → workday). */
  dropLayout(index: number, dayType: Exclude<DayType, 'workday'>): void {
    const season = this.definition.seasons[index];
    if (!season) return;
    delete season.layouts[dayType];
    this.edited();
  }

  /** Starts the workday afresh as one flat band (when a copied layout is beyond repair). */
  resetLayout(index: number, dayType: DayType): void {
    const season = this.definition.seasons[index];
    if (season) season.layouts[dayType] = flatDay();
    this.edited();
  }

  addTier(): void {
    const last = this.definition.tiers.at(-1);
    this.definition.tiers.push({ fromUnits: last?.fromUnits ? last.fromUnits * 2 : null, adder: '' });
    this.edited();
  }

  setTier(index: number, patch: Partial<DraftTier>): void {
    const tier = this.definition.tiers[index];
    if (tier) Object.assign(tier, patch);
    this.edited();
  }

  removeTier(index: number): void {
    this.definition.tiers.splice(index, 1);
    this.edited();
  }

  /**
   * Saves through `send` when the rules find no error. A 40000 refusal puts the server's issues under their
   * fields; another refusal (PERIOD_CLOSED) is kept as `failure` for the editor to say. The api hook toasts too.
   */
  async save(send: (body: TariffVersionBody) => Promise<TariffVersion>): Promise<TariffVersion | null> {
    if (this.saving || !this.valid) return null;
    this.saving = true;
    try {
      return await send(this.body);
    } catch (error) {
      this.refuse(error);
      return null;
    } finally {
      this.done();
    }
  }

  private refuse(error: unknown): void {
    const issues = serverIssues(error);
    this.refused = issues;
    this.failure = issues.length === 0 && isApiError(error) && error.code !== ErrorCode.VALIDATION_FAILED ? { code: error.code, message: error.message } : null;
  }

  private done(): void {
    this.saving = false;
  }
}

/** Day types in the order the editor shows them. */
export const EDITOR_DAY_TYPES: readonly DayType[] = DAY_TYPES;

import { makeAutoObservable, runInAction } from 'mobx';
import { fieldErrors, schemaIssues, serverIssues } from '../../../forms/fieldErrors';
import { MAX_MIMIC_ICONS, type MimicIcon } from '@boards/widgets/mimic/options';
import { spriteBodySchema, type Sprite, type SpriteBody } from '@shared/schemas/sprites';
import type { SpritesApi } from '../spritesApi';
import { clampPercent, type IconSpot } from './iconPlacement';

/** Dotted field path (`name`, `icons.2.meterId`) → the contract's or the server's message (translated by the view). */
export type SpriteFieldErrors = Partial<Record<string, string>>;

/** A freshly placed icon: no meter yet (0 fails "Choose a meter"), active power with one decimal. */
export const NEW_ICON: Omit<MimicIcon, 'x' | 'y'> = { meterId: 0, label: '', metric: 'kw', digits: 1 };

/** The fields the editor shows; a server issue about anything else is listed above the form. */
const SHOWN_FIELD = /^(name|picture|icons|icons\.\d+\.(meterId|x|y|label|metric|digits))$/;
const ICON_FIELD = /^icons\.(\d+)\.(.+)$/;

/** A meter name as an icon label: the mimic's 40-character rule. */
const labelOf = (name: string): string => name.trim().slice(0, MAX_LABEL);
const MAX_LABEL = 40;

/**
 * The sprite being edited: name, plant picture and icons (positions in % of the picture), the selected icon
 * and the field errors of the last check or refused save. No antd here: the view stays thin.
 */
export class SpriteDraft {
  name: string;
  picture: string;
  icons: MimicIcon[];
  selected: number | null = null;
  errors: SpriteFieldErrors = {};
  saving = false;

  constructor(
    private readonly api: Pick<SpritesApi, 'create' | 'update'>,
    readonly original: Sprite | null = null,
  ) {
    this.name = original?.name ?? '';
    this.picture = original?.picture ?? '';
    this.icons = original ? original.icons.map((icon) => ({ ...icon })) : [];
    makeAutoObservable<SpriteDraft, 'api'>(this, { api: false, original: false }, { autoBind: true });
  }

  get selectedIcon(): MimicIcon | null {
    return this.selected === null ? null : (this.icons[this.selected] ?? null);
  }

  /** Server issues about fields the editor has no place for, as `field: message`. */
  get otherErrors(): [string, string][] {
    return Object.entries(this.errors).filter((entry): entry is [string, string] => entry[1] !== undefined && !SHOWN_FIELD.test(entry[0]));
  }

  /** The messages under one icon's fields, by field name (meterId, metric …). */
  iconErrors(index: number): Partial<Record<keyof MimicIcon, string>> {
    const errors: Partial<Record<string, string>> = {};
    for (const [field, message] of Object.entries(this.errors)) {
      const match = ICON_FIELD.exec(field);
      if (match && Number(match[1]) === index) errors[match[2]!] = message;
    }
    return errors;
  }

  hasIconErrors(index: number): boolean {
    return Object.keys(this.iconErrors(index)).length > 0;
  }

  setName(name: string): void {
    this.name = name;
    this.clear('name');
  }

  setPicture(url: string): void {
    this.picture = url;
    this.clear('picture');
  }

  select(index: number | null): void {
    this.selected = index !== null && index >= 0 && index < this.icons.length ? index : null;
  }

  /** A new icon at a spot of the picture, selected so its meter can be chosen next; null past the limit. */
  placeIcon(spot: IconSpot): number | null {
    if (this.icons.length >= MAX_MIMIC_ICONS) {
      this.errors.icons = `At most ${MAX_MIMIC_ICONS} icons`;
      return null;
    }
    this.icons.push({ ...NEW_ICON, x: clampPercent(spot.x), y: clampPercent(spot.y) });
    this.selected = this.icons.length - 1;
    this.clear('icons');
    return this.selected;
  }

  moveIcon(index: number, spot: IconSpot): void {
    const icon = this.icons[index];
    if (!icon) return;
    icon.x = clampPercent(spot.x);
    icon.y = clampPercent(spot.y);
    this.clear(`icons.${index}.x`);
    this.clear(`icons.${index}.y`);
  }

  updateIcon(index: number, patch: Partial<MimicIcon>): void {
    const icon = this.icons[index];
    if (!icon) return;
    Object.assign(icon, patch);
    for (const key of Object.keys(patch)) this.clear(`icons.${index}.${key}`);
  }

  /**
   * Binds an icon to a meter. The wall cannot look meter names up, so an empty label (or the one this
   * took from the previous meter) becomes the meter's name: the wall then shows it instead of "Meter <id>".
   */
  chooseMeter(index: number, meter: { id: number; name: string }, previousName?: string): void {
    const icon = this.icons[index];
    if (!icon) return;
    const takenFromMeter = icon.label === '' || (previousName !== undefined && icon.label === labelOf(previousName));
    this.updateIcon(index, takenFromMeter ? { meterId: meter.id, label: labelOf(meter.name) } : { meterId: meter.id });
  }

  /** Removes an icon; the messages of the icons after it move up with them. */
  removeIcon(index: number): void {
    if (!this.icons[index]) return;
    this.icons.splice(index, 1);
    const errors: SpriteFieldErrors = {};
    for (const [field, message] of Object.entries(this.errors)) {
      const match = ICON_FIELD.exec(field);
      if (!match) errors[field] = message;
      else if (Number(match[1]) > index) errors[`icons.${Number(match[1]) - 1}.${match[2]}`] = message;
      else if (Number(match[1]) < index) errors[field] = message;
    }
    this.errors = errors;
    if (this.selected === index) this.selected = null;
    else if (this.selected !== null && this.selected > index) this.selected -= 1;
  }

  body(): SpriteBody {
    return { name: this.name, picture: this.picture, icons: this.icons.map((icon) => ({ ...icon })) };
  }

  /** The contract's own check, before anything is sent; true when the body passes. */
  check(): boolean {
    const issues = schemaIssues(spriteBodySchema, this.body());
    this.errors = fieldErrors(issues);
    this.selectFirstFaultyIcon();
    return issues.length === 0;
  }

  /**
   * Checks, then creates or updates. A VALIDATION_FAILED answer puts each issue under its field (route
   * validation names them `body.<path>`); the first icon with a problem is selected so its message shows.
   * Other failures were toasted by the api hook. Resolves with the stored sprite, or null.
   */
  async save(): Promise<Sprite | null> {
    if (this.saving || !this.check()) return null;
    this.saving = true;
    try {
      const body = this.body();
      const saved = this.original ? await this.api.update(this.original.id, body) : await this.api.create(body);
      runInAction(() => (this.saving = false));
      return saved;
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        const issues = serverIssues(error);
        if (issues.length) {
          this.errors = fieldErrors(issues);
          this.selectFirstFaultyIcon();
        }
      });
      return null;
    }
  }

  private selectFirstFaultyIcon(): void {
    const faulty = this.icons.findIndex((_, index) => this.hasIconErrors(index));
    if (faulty >= 0) this.selected = faulty;
  }

  private clear(field: string): void {
    if (field in this.errors) delete this.errors[field];
  }
}

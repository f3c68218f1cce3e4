import type { TFunction } from 'i18next';
import type { ResourceLists } from '../binding/resourceChoices';
import { optionMessage } from './optionMessage';
import { dotted, type OptionPath } from './optionValues';

/** What every field of one options form shares. */
export interface OptionForm {
  widgetType: string;
  /** Test ids are `<prefix>-<dotted.path>`. */
  prefix: string;
  errors: Readonly<Record<string, string>>;
  lists: ResourceLists;
  loading: boolean;
  /** Puts a value at a path and hands the whole next options object up. */
  set(path: OptionPath, next: unknown): void;
}

export const testId = (form: OptionForm, path: OptionPath, suffix = ''): string => `${form.prefix}-${dotted(path)}${suffix}`;

/** The message at a path; with `within`, else the first one below it (a list of choices' entry 'kinds.1'). */
export function messageAt(errors: Readonly<Record<string, string>>, path: string, within = false): string | undefined {
  if (errors[path] !== undefined || !within) return errors[path];
  return Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

/**
 * antd's error state and message of the field at a path, in the reader's language. A single control
 * (`within`) also shows what is wrong inside its value; lists and groups leave that to their entries.
 */
export function problemAt(t: TFunction, form: OptionForm, path: OptionPath, within = false): { validateStatus?: 'error'; help?: string } {
  const message = messageAt(form.errors, dotted(path), within);
  return message === undefined ? {} : { validateStatus: 'error', help: optionMessage(t, message) };
}

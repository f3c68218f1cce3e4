import { action, makeObservable, observable } from 'mobx';
import type { i18n } from 'i18next';
import type { Language } from '../i18n/language';

export interface AppDeps {
  i18n: i18n;
  /** Persists the choice (the `language` cookie in the browser). */
  saveLanguage: (language: Language) => void;
}

/**
 * Interface state shared by the whole app (spec §3). Only the language for now; sidebar, device
 * and size join it with the layout.
 */
export class AppStore {
  language: Language;

  constructor(
    private readonly deps: AppDeps,
    language: Language,
  ) {
    this.language = language;
    makeObservable(this, { language: observable, setLanguage: action });
  }

  /** Switches the catalogue and remembers the choice for the next visit. */
  setLanguage(language: Language): void {
    this.language = language;
    this.deps.saveLanguage(language);
    void this.deps.i18n.changeLanguage(language);
  }
}

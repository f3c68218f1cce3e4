import type { AxiosAdapter, AxiosInstance } from 'axios';
import type { i18n } from 'i18next';
import type { ApiError } from '../api/apiError';
import { createAccountApi, type AccountApi } from '../api/accountApi';
import { createAuthApi, type AuthApi } from '../api/authApi';
import { createApiClient } from '../api/client';
import { getToken, removeToken, setToken } from '../api/token';
import { createI18n } from '../i18n/createI18n';
import { currentLanguage, saveLanguage, type Language } from '../i18n/language';
import { AlarmStore } from './alarmStore';
import { AppStore } from './appStore';
import { ErrorLogStore } from './errorLogStore';
import { browserCookies, type InterfaceCookies } from './interfaceCookies';
import { clearSessionCaches } from './localCaches';
import { PermissionStore } from './permissionStore';
import { SessionStore, type TokenPersistence } from './sessionStore';
import { SettingsStore, type SettingsStorage } from './settingsStore';
import { TagsViewStore } from './tagsViewStore';

export type ApiErrorListener = (error: ApiError) => void;

export interface RootStoreOptions {
  language?: Language;
  persistence?: TokenPersistence;
  /** Tests answer requests in-process through this. */
  adapter?: AxiosAdapter;
  /** Where the sidebar and size cookies live (the browser's by default). */
  cookies?: InterfaceCookies;
  /** Where the settings are saved (localStorage by default). */
  settingsStorage?: SettingsStorage;
}

/**
 * Builds the app's stores and the api client once and wires them: the client reads and renews
 * the token through the session store, and reports failures to whoever registered onApiError.
 */
export class RootStore {
  readonly i18n: i18n;
  readonly http: AxiosInstance;
  readonly authApi: AuthApi;
  readonly accountApi: AccountApi;
  readonly session: SessionStore;
  readonly permission: PermissionStore;
  readonly app: AppStore;
  /** Open-alarm counters for the menu badges and the dashboard. */
  readonly alarms = new AlarmStore();
  /** Runtime errors for the navbar's error log; the console starts it with `errorLog.listen(window)`. */
  readonly errorLog = new ErrorLogStore();
  readonly settings: SettingsStore;
  /** The tags bar of visited views (spec §2 layout). */
  readonly tagsView = new TagsViewStore();
  private readonly apiErrorListeners = new Set<ApiErrorListener>();

  constructor(options: RootStoreOptions = {}) {
    const language = options.language ?? currentLanguage();
    this.i18n = createI18n(language);
    this.http = createApiClient({
      // Read lazily: the session store is built below, and requests only start after that.
      tokens: { get: () => this.session.token || undefined, set: (token) => this.session.setToken(token) },
      onError: (error) => this.reportApiError(error),
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
    this.authApi = createAuthApi(this.http);
    this.session = new SessionStore({
      api: this.authApi,
      persistence: options.persistence ?? { get: getToken, set: setToken, remove: removeToken },
      clearCaches: () => clearSessionCaches(),
    });
    this.accountApi = createAccountApi(this.http);
    this.permission = new PermissionStore(this.session, this.accountApi);
    this.app = new AppStore({ i18n: this.i18n, saveLanguage, cookies: options.cookies ?? browserCookies }, language);
    this.settings = new SettingsStore(options.settingsStorage);
  }

  /** UI reactions to failed calls (toasts, the logout confirm) register here; returns the disposer. */
  onApiError(listener: ApiErrorListener): () => void {
    this.apiErrorListeners.add(listener);
    return () => this.apiErrorListeners.delete(listener);
  }

  dispose(): void {
    this.apiErrorListeners.clear();
    this.errorLog.dispose();
  }

  private reportApiError(error: ApiError): void {
    for (const listener of this.apiErrorListeners) {
      try {
        listener(error);
      } catch (listenerError) {
        // A broken toast must not change what the caller receives.
        console.warn('An api error listener failed', listenerError);
      }
    }
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import type { AlarmsApi } from '@shared/api/alarmsApi';
import type { ThresholdRule, ThresholdRuleInput, ThresholdSuggestion } from '@shared/schemas/alarms';
import { serverFieldErrors, type RuleFocus, type RuleFormValues } from './ruleForm';

export type RuleSaveResult = { ok: true; rule: ThresholdRule } | { ok: false; fieldErrors: Partial<Record<keyof RuleFormValues, string>> };

/** Days of history the suggestion looks at. */
export const SUGGEST_DAYS = 30;

/**
 * The threshold rules of a screen (all of them, or one scope and metric on devices/power-thresholds)
 * and their changes. Failures were already toasted by the api hook; a refused save also hands back the
 * server's messages per field, so the dialog shows them where they belong.
 */
export class ThresholdRulesController {
  rows: ThresholdRule[] = [];
  total = 0;
  page = 1;
  size = 20;
  keyword = '';
  loading = false;
  saving = false;
  private requestSeq = 0;

  constructor(
    private readonly api: Pick<AlarmsApi, 'rules' | 'createRule' | 'updateRule' | 'deleteRules' | 'suggest'>,
    readonly focus?: RuleFocus,
  ) {
    makeAutoObservable<ThresholdRulesController, 'api' | 'requestSeq'>(this, { api: false, focus: false, requestSeq: false }, { autoBind: true });
  }

  get query() {
    const keyword = this.keyword.trim();
    return { page: this.page, size: this.size, ...(this.focus ? { scope: this.focus.scope, metric: this.focus.metric } : {}), ...(keyword ? { keyword } : {}) };
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const result = await this.api.rules(this.query);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
      });
    } catch {
      // Toasted; the list keeps what it had.
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  setPage(page: number, size: number): Promise<void> {
    this.page = size === this.size ? page : 1;
    this.size = size;
    return this.load();
  }

  search(keyword: string): Promise<void> {
    this.keyword = keyword;
    this.page = 1;
    return this.load();
  }

  /** Creates (no id) or updates a rule, then reloads the list. */
  async save(id: number | undefined, body: ThresholdRuleInput): Promise<RuleSaveResult> {
    if (this.saving) return { ok: false, fieldErrors: {} };
    this.saving = true;
    try {
      const rule = id === undefined ? await this.api.createRule(body) : await this.api.updateRule(id, body);
      void this.load();
      return { ok: true, rule };
    } catch (error) {
      return { ok: false, fieldErrors: serverFieldErrors(error) };
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async remove(ids: readonly number[]): Promise<boolean> {
    try {
      await this.api.deleteRules(ids);
    } catch {
      return false;
    }
    await this.load();
    return true;
  }

  /** The knee point of a meter metric's last SUGGEST_DAYS days; null when the call failed. */
  suggest(meterId: number, metric: string): Promise<ThresholdSuggestion | null> {
    return this.api.suggest({ meterId, metric, days: SUGGEST_DAYS }).catch(() => null);
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import type { AlarmsApi, ThresholdRuleQuery } from '@shared/api/alarmsApi';
import type { ThresholdRule, ThresholdRuleInput, ThresholdSuggestion } from '@shared/schemas/alarms';
import { PagedQuery } from '../../../lists/PagedQuery';
import { serverFieldErrors, type RuleFocus, type RuleFormValues } from './ruleForm';

export type RuleSaveResult = { ok: true; rule: ThresholdRule } | { ok: false; fieldErrors: Partial<Record<keyof RuleFormValues, string>> };

/** Days of history the suggestion looks at. */
export const SUGGEST_DAYS = 30;

/**
 * The threshold rules of a screen (all of them, or one scope and metric on devices/power-thresholds)
 * and their changes. Failures were already toasted by the api hook; a refused save also hands back the
 * server's messages per field, so the dialog shows them where they belong.
 */
type RuleFilters = Omit<ThresholdRuleQuery, 'page' | 'size'>;

export class ThresholdRulesController {
  saving = false;
  /** The paged list; the focus (devices/power-thresholds) is a fixed filter. */
  readonly list: PagedQuery<RuleFilters, ThresholdRule>;

  constructor(
    private readonly api: Pick<AlarmsApi, 'rules' | 'createRule' | 'updateRule' | 'deleteRules' | 'suggest'>,
    readonly focus?: RuleFocus,
  ) {
    this.list = new PagedQuery<RuleFilters, ThresholdRule>((query) => api.rules(query), focus ? { scope: focus.scope, metric: focus.metric } : {});
    makeAutoObservable<ThresholdRulesController, 'api'>(this, { api: false, focus: false, list: false }, { autoBind: true });
  }

  load(): Promise<void> {
    return this.list.load();
  }

  search(keyword: string): Promise<void> {
    return this.list.search(keyword);
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

  remove(ids: readonly number[]): Promise<boolean> {
    return this.list.change(() => this.api.deleteRules(ids));
  }

  /** The knee point of a meter metric's last SUGGEST_DAYS days; null when the call failed. */
  suggest(meterId: number, metric: string): Promise<ThresholdSuggestion | null> {
    return this.api.suggest({ meterId, metric, days: SUGGEST_DAYS }).catch(() => null);
  }
}

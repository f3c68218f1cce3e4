import { serverFieldErrors as fieldErrorsOf } from '../../../forms/fieldErrors';
import type { AlarmSeverity, ThresholdRule, ThresholdRuleInput, ThresholdScope } from '@shared/schemas/alarms';

/** The dialog's fields; empty number inputs are null. */
export interface RuleFormValues {
  name: string;
  scope: ThresholdScope;
  scopeId: number | undefined;
  metric: string | undefined;
  over: number | null;
  under: number | null;
  durationS: number | null;
  hysteresis: number | null;
  severity: AlarmSeverity;
  enabled: boolean;
}

/** A rule fixed to one scope and metric (devices/power-thresholds: meters' kW). */
export interface RuleFocus {
  scope: ThresholdScope;
  metric: string;
}

export function ruleFormValues(rule: ThresholdRule | undefined, focus: RuleFocus | undefined): RuleFormValues {
  if (rule) {
    const { name, scope, scopeId, metric, over, under, durationS, hysteresis, severity, enabled } = rule;
    return { name, scope, scopeId, metric, over, under, durationS, hysteresis, severity, enabled };
  }
  return {
    name: '',
    scope: focus?.scope ?? 'meter',
    scopeId: undefined,
    metric: focus?.metric,
    over: null,
    under: null,
    durationS: 0,
    hysteresis: 0,
    severity: 'medium',
    enabled: true,
  };
}

/** The body the contract's schema checks (and the server receives). */
export function ruleBody(values: RuleFormValues): ThresholdRuleInput {
  return {
    name: values.name ?? '',
    scope: values.scope,
    scopeId: values.scopeId as number,
    metric: values.metric as string,
    over: values.over ?? null,
    under: values.under ?? null,
    durationS: values.durationS ?? 0,
    hysteresis: values.hysteresis ?? 0,
    severity: values.severity,
    enabled: values.enabled,
  };
}

/**
 * The body to check one field with: the other required fields given stand-in valid values, so the
 * object-level rules (an upper or a lower limit; lower below upper) are judged even before the rest
 * of the form is filled in.
 */
export function probeBody(values: RuleFormValues, field: keyof RuleFormValues): ThresholdRuleInput {
  const body = ruleBody(values);
  const standIn = { name: 'x', scopeId: 1, metric: 'kw' };
  return {
    ...body,
    ...(field === 'name' ? {} : { name: standIn.name }),
    ...(field === 'scopeId' ? {} : { scopeId: standIn.scopeId }),
    ...(field === 'metric' ? {} : { metric: standIn.metric }),
  };
}

/** Field → message from a refused save: the server's validation issues (`body.over` → `over`). */
export const serverFieldErrors = (error: unknown): Partial<Record<keyof RuleFormValues, string>> => fieldErrorsOf(error);

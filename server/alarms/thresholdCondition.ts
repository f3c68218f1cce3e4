/** The limits of a threshold rule as the evaluation needs them. */
export interface ThresholdLimits {
  over: number | null;
  under: number | null;
  durationS: number;
  hysteresis: number;
}

/** Where one rule stands for one subject. Kept in memory; `active` is rebuilt from open records on start. */
export interface ConditionState {
  /** Since when the value is beyond a limit without having raised yet (durationS not reached). */
  pendingSince: number | null;
  /** The alarm is raised and its condition has not ended: which limit it crossed. */
  active: 'over' | 'under' | null;
  /** Last sample time evaluated: older samples (late readings) are ignored. */
  lastTs: number;
}

export type ConditionStep = { kind: 'raise'; side: 'over' | 'under'; limit: number } | { kind: 'end' } | { kind: 'none' };

export const freshCondition = (): ConditionState => ({ pendingSince: null, active: null, lastTs: -Infinity });

function beyond(limits: ThresholdLimits, value: number): 'over' | 'under' | null {
  if (limits.over !== null && value > limits.over) return 'over';
  if (limits.under !== null && value < limits.under) return 'under';
  return null;
}

/**
 * One sample through the rule: beyond a limit for `durationS` raises (a duration of 0 raises at once);
 * a raised condition ends only once the value is back inside by `hysteresis` (so a value hovering at
 * the limit does not end and re-raise on every sample). Mutates `state`.
 */
export function stepCondition(state: ConditionState, limits: ThresholdLimits, ts: number, value: number): ConditionStep {
  if (ts <= state.lastTs) return { kind: 'none' };
  state.lastTs = ts;
  if (state.active === 'over') {
    if (value <= limits.over! - limits.hysteresis) return end(state);
    return { kind: 'none' };
  }
  if (state.active === 'under') {
    if (value >= limits.under! + limits.hysteresis) return end(state);
    return { kind: 'none' };
  }
  const side = beyond(limits, value);
  if (side === null) {
    state.pendingSince = null;
    return { kind: 'none' };
  }
  state.pendingSince ??= ts;
  if (ts - state.pendingSince < limits.durationS * 1000) return { kind: 'none' };
  state.pendingSince = null;
  state.active = side;
  return { kind: 'raise', side, limit: side === 'over' ? limits.over! : limits.under! };
}

function end(state: ConditionState): ConditionStep {
  state.active = null;
  state.pendingSince = null;
  return { kind: 'end' };
}

import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { voyageBodySchema } from '@shared/ships/schemas';
import { namePath, serverIssues } from '../../forms/fieldErrors';
import { issueField, voyageBody, type VoyageValues } from './voyageForm';
import { voyageMessageText } from './voyageMessages';

const empty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * An antd rule for one field of the voyage form (`code`, `legs.1.arrivalAt`): the whole body is checked with the
 * contract the server applies, so the rules across fields (arrival after departure, cargo against laden or ballast,
 * legs in order, one cargo unit) show at the field they name, as the server would name them.
 */
export function voyageRule(t: TFunction, form: FormInstance<VoyageValues>, path: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const values = neutralFilled(copyValues(form.getFieldsValue(true) as VoyageValues));
      setAt(values, path, value);
      const result = voyageBodySchema.safeParse(voyageBody(values));
      if (result.success) return;
      const issue = result.error.issues.find((found) => found.path.map(String).join('.') === path);
      if (!issue) return;
      // An empty box fails the type check ("Must be a number", "Give a date-time…"): say it is missing.
      throw new Error(issue.code === 'invalid_type' || empty(value) ? t('resources.validation.required') : voyageMessageText(t, issue.message));
    },
  };
}

/** A refused save: each issue the server names goes under its field; true when one did (else the toast alone spoke). */
export function showVoyageIssues(t: TFunction, form: FormInstance<VoyageValues>, error: unknown): boolean {
  const fields = serverIssues(error).flatMap((issue) => {
    const field = issueField(issue.field);
    return field ? [{ name: namePath(field), errors: [voyageMessageText(t, issue.message)] }] : [];
  });
  form.setFields(fields as Parameters<typeof form.setFields>[0]);
  return fields.length > 0;
}

/**
 * Boxes not filled in yet get a value that passes their own check (text "–", amounts 0), so the rules across
 * fields run: zod only runs a leg's cross-field rules (and the voyage's) once the leg's own fields parse. Times are
 * never made up: a rule about a time needs both times. The field being checked is set back afterwards.
 */
function neutralFilled(values: VoyageValues): VoyageValues {
  const text = (value: string | undefined) => (value?.trim() ? value : '–');
  const amount = (value: number | null | undefined) => value ?? 0;
  return {
    code: text(values.code),
    note: values.note ?? '',
    legs: (values.legs ?? []).map((leg) => ({
      ...leg,
      portFrom: text(leg.portFrom),
      portTo: text(leg.portTo),
      distanceNm: amount(leg.distanceNm),
      cargo: amount(leg.cargo),
    })),
  };
}

/** A copy deep enough to set one value in (dayjs values are kept as they are: the body reads them, never writes). */
function copyValues(values: VoyageValues): VoyageValues {
  return { ...values, legs: (values.legs ?? []).map((leg) => ({ ...leg })) };
}

function setAt(values: VoyageValues, path: string, value: unknown): void {
  const parts = path.split('.');
  if (parts[0] === 'legs' && parts.length === 3) {
    const leg = values.legs?.[Number(parts[1])];
    if (leg) (leg as Record<string, unknown>)[parts[2]!] = value;
    return;
  }
  (values as Record<string, unknown>)[path] = value;
}

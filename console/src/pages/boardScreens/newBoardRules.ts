import type { TFunction } from 'i18next';
import { boardMetaSchema } from '@shared/board/document';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import type { NewBoardFields } from './newBoardDocument';
import type { PurposeScreen } from './purposes';
import { rule, ruleText } from './ruleText';

export type NewBoardField = keyof NewBoardFields;
export type NewBoardErrors = Partial<Record<NewBoardField, string>>;

const FIELDS: readonly NewBoardField[] = ['name', 'code', 'equipmentMeterId'];
const asField = (name: string | undefined): NewBoardField | undefined => FIELDS.find((field) => field === name);

/** What the contract (boardMetaSchema) says about the new board's fields, plus the code a data board needs. */
export function newBoardErrors(t: TFunction, screen: PurposeScreen, fields: NewBoardFields): NewBoardErrors {
  const errors: NewBoardErrors = {};
  const result = boardMetaSchema.safeParse({ ...fields, purpose: screen.purpose, equipmentMeterId: screen.needsMeter ? fields.equipmentMeterId : null });
  for (const issue of result.success ? [] : result.error.issues) {
    const field = asField(String(issue.path[0]));
    if (field) errors[field] ??= ruleText(t, issue.message);
  }
  if (screen.needsCode && fields.code.trim() === '') errors.code ??= rule(t, 'codeRequired');
  return errors;
}

/** A refused create's field messages: VALIDATION_FAILED issues named `body.document.meta.<field>` (or without `body.`). */
export function serverNewBoardErrors(t: TFunction, error: unknown): NewBoardErrors {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return {};
  const issues = (error.data as { issues?: { field: string; message: string }[] } | null)?.issues ?? [];
  const errors: NewBoardErrors = {};
  for (const issue of issues) {
    const field = asField(/(?:^|\.)meta\.([A-Za-z]+)$/.exec(issue.field)?.[1]);
    if (field) errors[field] ??= ruleText(t, issue.message);
  }
  return errors;
}

import type { TFunction } from 'i18next';
import { boardMetaSchema } from '@shared/board/document';
import { fieldErrors, schemaIssues, serverIssues, type FieldIssue } from '../../forms/fieldErrors';
import type { NewBoardFields } from './newBoardDocument';
import type { PurposeScreen } from './purposes';
import { rule, ruleText } from './ruleText';

export type NewBoardField = keyof NewBoardFields;
export type NewBoardErrors = Partial<Record<NewBoardField, string>>;

const FIELDS: readonly NewBoardField[] = ['name', 'code', 'equipmentMeterId'];
const asField = (name: string | undefined): NewBoardField | undefined => FIELDS.find((field) => field === name);

/** What the contract (boardMetaSchema) says about the new board's fields, plus the code a data board needs. */
export function newBoardErrors(t: TFunction, screen: PurposeScreen, fields: NewBoardFields): NewBoardErrors {
  const errors = newBoardFieldErrors(
    t,
    schemaIssues(boardMetaSchema, { ...fields, purpose: screen.purpose, equipmentMeterId: screen.needsMeter ? fields.equipmentMeterId : null }),
  );
  if (screen.needsCode && fields.code.trim() === '') errors.code ??= rule(t, 'codeRequired');
  return errors;
}

/** A refused create's field messages: VALIDATION_FAILED issues named `body.document.meta.<field>` (or without `body.`). */
export const serverNewBoardErrors = (t: TFunction, error: unknown): NewBoardErrors => newBoardFieldErrors(t, serverIssues(error));

/** The dialog's fields among the issues (`name` from the contract, `document.meta.name` from the server), first text each. */
function newBoardFieldErrors(t: TFunction, issues: FieldIssue[]): NewBoardErrors {
  return fieldErrors(issues, {
    field: (path) => asField(/(?:^|\.)meta\.([A-Za-z]+)$/.exec(path)?.[1] ?? path.split('.')[0]),
    text: (issue) => ruleText(t, issue.message),
  });
}

import type { TFunction } from 'i18next';
import { isApiError } from '@shared/api/apiError';
import { USER_MESSAGES } from '@shared/schemas/userAdmin';
import { fieldErrors, keyText, serverIssues, topField } from '../../forms/fieldErrors';

/** A message under one form field. */
export interface FieldProblem {
  name: string;
  errors: string[];
}

/** What a refused save shows: the notification's text and the messages under the fields it names. */
export interface SaveProblem {
  message: string;
  fields: FieldProblem[];
}

/** A single business refusal (envelope message = catalogue key) that belongs to one field. */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [USER_MESSAGES.usernameTaken]: 'username',
  [USER_MESSAGES.emailTaken]: 'email',
  [USER_MESSAGES.mqttUsernameTaken]: 'mqttUsername',
  [USER_MESSAGES.phoneTaken]: 'pushPhones',
};

/**
 * Reads a failed save (spec §8): VALIDATION_FAILED issues go under their fields; a business refusal keyed
 * to a field goes under it too; the notification shows the server's message, in the reader's language
 * when it is a catalogue key.
 */
export function saveProblem(t: TFunction, error: unknown): SaveProblem {
  if (!isApiError(error)) return { message: error instanceof Error ? error.message : String(error), fields: [] };
  const issues = serverIssues(error);
  // `pushPhones.2` is about the pushPhones field.
  const byField = fieldErrors(issues, { field: topField, text: (issue) => keyText(t, issue.message) });
  const ownField = FIELD_OF_MESSAGE[error.message];
  if (ownField) byField[ownField] = keyText(t, error.message);
  const message = issues[0]?.message ?? error.message;
  return { message: keyText(t, message), fields: Object.entries(byField).map(([name, text]) => ({ name, errors: text ? [text] : [] })) };
}

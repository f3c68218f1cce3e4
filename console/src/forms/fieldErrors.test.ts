import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { createI18n } from '@shared/i18n/createI18n';
import { fieldErrors, formFields, keyText, schemaFieldErrors, serverFieldErrors, serverIssues, topField } from './fieldErrors';

/** A refusal as the server sends it: code 40000, the first issue in the message, all of them in data.issues. */
const refusal = (...issues: { field: string; message: string }[]) =>
  new ApiError(
    ErrorCode.VALIDATION_FAILED,
    `${issues[0]!.field}: ${issues[0]!.message}`,
    { issues: issues.map((issue) => ({ ...issue, rule: 'custom' })) },
    400,
  );

describe('fieldErrors: server and contract issues → text under form fields', () => {
  it("takes the issues of a 40000 answer, with route validation's body. prefix dropped", () => {
    const error = refusal(
      { field: 'body.name', message: 'must not contain control characters' },
      { field: 'entries.2.seconds', message: 'Must be at least 5 seconds' },
    );
    expect(serverIssues(error)).toEqual([
      { field: 'name', message: 'must not contain control characters' },
      { field: 'entries.2.seconds', message: 'Must be at least 5 seconds' },
    ]);
  });

  it('has no field issues for any other failure: the api toast already said it', () => {
    expect(serverIssues(new ApiError(ErrorCode.NOT_FOUND, 'The selected meter does not exist', null, 404))).toEqual([]);
    expect(serverIssues(new Error('socket hang up'))).toEqual([]);
    expect(serverFieldErrors(new ApiError(ErrorCode.VALIDATION_FAILED, 'Unsupported Media Type', null, 415))).toEqual({});
  });

  it('keeps the first text per form field, and names a field by its top segment when asked', () => {
    const error = refusal(
      { field: 'body.pushPhones.2', message: 'must be a mainland mobile number' },
      { field: 'body.pushPhones.3', message: 'must be a mainland mobile number (second)' },
      { field: 'body.smsCount', message: 'Must be at least 0' },
    );
    expect(serverFieldErrors(error, { field: topField })).toEqual({ pushPhones: 'must be a mainland mobile number', smsCount: 'Must be at least 0' });
  });

  it('drops issues about fields the form does not show when the wording says so', () => {
    const shown = new Set(['name']);
    const error = refusal({ field: 'body.name', message: 'roles.name_err' }, { field: 'body.routers.0', message: 'menu 999 does not exist' });
    expect(serverFieldErrors(error, { field: (path) => (shown.has(path) ? path : undefined) })).toEqual({ name: 'roles.name_err' });
  });

  it("words a catalogue key in the reader's language and any other text as sent", async () => {
    const i18n = createI18n('es');
    await i18n.changeLanguage('es');
    const error = refusal({ field: 'body.name', message: 'lists.empty' }, { field: 'body.code', message: 'code "P-01" is taken' });
    expect(serverFieldErrors(error, { text: (issue) => keyText(i18n.t, issue.message) })).toEqual({ name: 'Sin entradas', code: 'code "P-01" is taken' });
  });

  it('checks a body with the contract schema, giving the zod issue for wording by rule and limit', () => {
    const schema = z.object({ name: z.string().min(3), recipientIds: z.array(z.number()).min(1, 'required') });
    const errors = schemaFieldErrors(
      schema,
      { name: 'ab', recipientIds: [] },
      {
        text: (issue) =>
          issue.issue?.code === 'too_small' && issue.field === 'name'
            ? `At least ${String((issue.issue as { minimum: number }).minimum)} characters`
            : issue.message,
      },
    );
    expect(errors).toEqual({ name: 'At least 3 characters', recipientIds: 'required' });
  });

  it('turns texts into antd setFields entries, clearing a field whose text is empty', () => {
    expect(formFields({ 'entries.2.seconds': 'Must be at least 5 seconds', name: '' })).toEqual([
      { name: ['entries', 2, 'seconds'], errors: ['Must be at least 5 seconds'] },
      { name: ['name'], errors: [] },
    ]);
    expect(fieldErrors([])).toEqual({});
  });
});

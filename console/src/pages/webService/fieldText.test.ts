import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { forwardEndpointSchema } from '@shared/schemas/forwarding';
import { schemaFieldErrors, serverFieldErrors } from './fieldText';

/** Answers the key and its values, so the test sees which catalogue text was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('endpoint form messages', () => {
  it("puts the contract's issues under their fields in the reader's words", () => {
    const errors = schemaFieldErrors(t, forwardEndpointSchema, {
      name: '',
      url: 'ftp://x',
      headers: [{ name: 'Host', value: 'a' }],
      secret: 'short',
      sendReadings: false,
      batchSize: 0,
    });
    expect(errors).toEqual([
      { name: ['name'], errors: ['webService.errors.required'] },
      { name: ['url'], errors: ['webService.errors.url'] },
      { name: ['headers', 0, 'name'], errors: ['webService.errors.reservedHeader'] },
      { name: ['secret'], errors: ['webService.errors.secret'] },
      { name: ['batchSize'], errors: ['webService.errors.min {"minimum":"1"}'] },
      { name: ['sendReadings'], errors: ['webService.errors.kinds'] },
    ]);
  });

  it("puts the server's refusals under their fields, body prefix or not", () => {
    const refusal = new ApiError(ErrorCode.VALIDATION_FAILED, 'x', {
      issues: [
        { field: 'body.headers.1.name', rule: 'custom', message: 'is set by the server and cannot be configured' },
        { field: 'meterIds.0', rule: 'exists', message: 'meter 17 does not exist' },
        { field: 'body.sendReadings', rule: 'custom', message: 'choose at least one of readings, energy and alarms' },
        { field: 'body.name', rule: 'custom', message: 'something new' },
      ],
    });
    expect(serverFieldErrors(t, refusal)).toEqual([
      { name: ['headers', 1, 'name'], errors: ['webService.errors.reservedHeader'] },
      { name: ['meterIds', 0], errors: ['webService.errors.missing'] },
      { name: ['sendReadings'], errors: ['webService.errors.kinds'] },
      { name: ['name'], errors: ['something new'] },
    ]);
    expect(serverFieldErrors(t, new ApiError(ErrorCode.FORBIDDEN, 'no'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { RULE_MESSAGES, tagResource, type ResourceApi } from '@shared/resources';
import { ResourceFormController } from './ResourceFormController';

/** An api whose create refuses with the given error; the other calls are never reached here. */
function refusingApi(error: unknown): ResourceApi {
  const never = () => Promise.reject(new Error('not called'));
  return { list: never, create: () => Promise.reject(error), update: never, remove: never, exportFile: never, importFile: never };
}

const body = { name: 'Boiler', color: '#409EFF' };

describe('resource form: a refused save', () => {
  it("puts the server's one issue under its field with the server's message, body prefix or not", async () => {
    const refusal = new ApiError(ErrorCode.VALIDATION_FAILED, 'name "Boiler" is already taken', {
      issues: [{ field: 'body.name', rule: 'unique', message: 'is already taken' }],
    });
    const saved = await new ResourceFormController(refusingApi(refusal), tagResource).save(body);
    expect(saved).toEqual({ ok: false, problems: [{ field: 'name', rule: undefined, message: 'name "Boiler" is already taken' }] });
  });

  it('keeps each issue its own message and rule when the server names several', async () => {
    const refusal = new ApiError(ErrorCode.VALIDATION_FAILED, 'x', {
      issues: [
        { field: 'name', rule: 'custom', message: RULE_MESSAGES.tooLong },
        { field: 'body.color', rule: 'custom', message: RULE_MESSAGES.colour },
      ],
    });
    const saved = await new ResourceFormController(refusingApi(refusal), tagResource).save(body);
    expect(saved).toEqual({
      ok: false,
      problems: [
        { field: 'name', rule: 'tooLong', message: RULE_MESSAGES.tooLong },
        { field: 'color', rule: 'colour', message: RULE_MESSAGES.colour },
      ],
    });
  });

  it('names no field for a refusal that is not about fields (the api toast speaks)', async () => {
    const saved = await new ResourceFormController(refusingApi(new ApiError(ErrorCode.FORBIDDEN, 'no')), tagResource).save(body);
    expect(saved).toEqual({ ok: false, problems: [] });
  });
});

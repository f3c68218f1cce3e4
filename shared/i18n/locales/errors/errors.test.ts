import { describe, expect, it } from 'vitest';
import { errorInfo } from '../../../errors/codes';
import { errorsEn } from './en';

describe('error catalogue texts', () => {
  it('words every catalogue entry in English exactly as the server does', () => {
    expect(errorsEn).toEqual(Object.fromEntries(Object.values(errorInfo).map((info) => [info.key, info.message])));
  });
});

import { describe, expect, it } from 'vitest';
import { BOARD_CODE_MESSAGE, boardMetaSchema } from '@shared/board/document';
import { createI18n } from '@shared/i18n/createI18n';
import { boardReviewDecisionSchema } from '@shared/schemas/boards';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { newBoardErrors, serverNewBoardErrors } from './newBoardRules';
import { PURPOSE_SCREENS } from './purposes';
import { ruleText } from './ruleText';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('board screen rules', () => {
  it('knows every message the contract words for these forms, in each language', () => {
    const contract = [
      ...messages(boardMetaSchema.safeParse({ name: '', code: 'a b', purpose: 'equipment', equipmentMeterId: null })),
      ...messages(boardMetaSchema.safeParse({ name: 'x'.repeat(81), description: 'x'.repeat(501) })),
      ...messages(boardReviewDecisionSchema.safeParse({ approve: false, comment: '' })),
    ];
    expect(contract).toEqual([
      'Please enter the board name',
      BOARD_CODE_MESSAGE,
      'Choose the equipment (meter) this board is about',
      'At most 80 characters',
      'At most 500 characters',
      'Say why the board is rejected',
    ]);
    const en = createI18n('en').t;
    const zh = createI18n('zh').t;
    expect(contract.map((message) => ruleText(en, message))).toEqual(contract);
    expect(contract.map((message) => ruleText(zh, message))).toEqual([
      '请输入看板名称',
      '看板编码为 1–40 个字母、数字、- 或 _',
      '请选择该看板对应的设备（仪表）',
      '最多 80 个字符',
      '最多 500 个字符',
      '请说明驳回原因',
    ]);
    // A server's own words are shown as sent.
    expect(ruleText(zh, 'The code plant-a is taken')).toBe('The code plant-a is taken');
  });

  it('checks a new board per purpose: a code for data boards, a meter for equipment boards', () => {
    const t = createI18n('en').t;
    const blank = { name: ' ', code: '', equipmentMeterId: null };
    expect(newBoardErrors(t, PURPOSE_SCREENS.energy, blank)).toEqual({ name: 'Please enter the board name' });
    expect(newBoardErrors(t, PURPOSE_SCREENS['data-show'], blank)).toEqual({ name: 'Please enter the board name', code: 'Please enter the board code' });
    expect(newBoardErrors(t, PURPOSE_SCREENS.equipment, blank)).toEqual({
      name: 'Please enter the board name',
      equipmentMeterId: 'Choose the equipment (meter) this board is about',
    });
    // An energy board may carry a code, but a well-formed one.
    expect(newBoardErrors(t, PURPOSE_SCREENS.energy, { name: 'Hall', code: 'x/y', equipmentMeterId: null })).toEqual({ code: BOARD_CODE_MESSAGE });
    expect(newBoardErrors(t, PURPOSE_SCREENS.equipment, { name: 'Hall', code: '', equipmentMeterId: 12 })).toEqual({});
  });

  it('puts a refused create under the field the server names', () => {
    const t = createI18n('es').t;
    const refusal = new ApiError(ErrorCode.VALIDATION_FAILED, 'body.document.meta.code: taken', {
      issues: [
        { field: 'body.document.meta.code', rule: 'custom', message: 'This code is already used by another board' },
        { field: 'document.meta.name', rule: 'custom', message: 'Please enter the board name' },
        { field: 'body.document.elements', rule: 'custom', message: 'ignored' },
      ],
    });
    expect(serverNewBoardErrors(t, refusal)).toEqual({ code: 'This code is already used by another board', name: 'Introduzca el nombre del tablero' });
    expect(serverNewBoardErrors(t, new ApiError(ErrorCode.FORBIDDEN, 'no'))).toEqual({});
  });
});

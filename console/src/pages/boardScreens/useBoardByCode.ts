import { useEffect, useState } from 'react';
import type { BoardsApi } from '@shared/api/boardsApi';
import { isApiError } from '@shared/api/apiError';
import { BOARD_CODE_SHAPE } from '@shared/board/document';
import type { BoardRecord } from '@shared/schemas/boards';
import { ErrorCode } from '@shared/errors/codes';

export type BoardByCode =
  | { status: 'loading' }
  | { status: 'found'; board: BoardRecord }
  /** KANBAN_NOT_FOUND, or a code no board can have (never asked). */
  | { status: 'missing' }
  /** Anything else (network, server): worth a retry. */
  | { status: 'failed' };

/** The data board a `:dataShowBoardCode` names; `attempt` asks again. */
export function useBoardByCode(api: Pick<BoardsApi, 'boardByCode'>, code: string, attempt: number): BoardByCode {
  const [state, setState] = useState<BoardByCode>({ status: 'loading' });
  useEffect(() => {
    if (!BOARD_CODE_SHAPE.test(code)) {
      setState({ status: 'missing' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    api.boardByCode(code).then(
      (board) => current && setState({ status: 'found', board }),
      (error: unknown) => current && setState({ status: isApiError(error) && error.code === ErrorCode.KANBAN_NOT_FOUND ? 'missing' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [api, code, attempt]);
  return state;
}

import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreContext';
import { DATA_SHOW_LIST_SCREEN, MENU_LINK_CODE } from './boardLinks';
import { useDisplaysApi } from '../boards/useDisplaysApi';
import { KioskFrame } from './KioskFrame';
import { useBoardByCode } from './useBoardByCode';

/**
 * payment-statistics/datashowboard/:dataShowBoardCode: the data board with that code, drawn by the kiosk
 * runtime inside the view. The menu links this hidden route as `…/all`, which means the list.
 */
export function DataShowBoardPage() {
  const code = useParams().dataShowBoardCode ?? '';
  return code === MENU_LINK_CODE ? <ToTheList /> : <DataShowBoard code={code} />;
}

/** `…/all` goes to the list, and its tag goes too (the tags bar recorded it before the redirect). */
function ToTheList() {
  const { tagsView } = useStores();
  const { pathname } = useLocation();
  useEffect(() => () => void tagsView.delView(pathname), [tagsView, pathname]);
  return <Navigate to={DATA_SHOW_LIST_SCREEN} replace />;
}

function DataShowBoard({ code }: { code: string }) {
  const { t } = useTranslation();
  const api = useDisplaysApi();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const state = useBoardByCode(api, code, attempt);
  const back = (
    <Button type="primary" onClick={() => navigate(DATA_SHOW_LIST_SCREEN)} data-testid="data-board-back">
      {t('boardScreens.actions.backToList')}
    </Button>
  );

  switch (state.status) {
    case 'loading':
      return (
        <div data-testid="data-board-loading">
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        </div>
      );
    case 'found':
      return <KioskFrame board={state.board} />;
    case 'missing':
      // Spec §8 catalogue message: "Kanban id error, Kanban not found!" in the reader's language.
      return <Result status="404" title={t('errors.kanban_not_found')} extra={back} data-testid="data-board-missing" />;
    case 'failed':
      return (
        <Result
          status="warning"
          title={t('boardScreens.viewer.loadFailed')}
          extra={[
            <Button key="retry" onClick={() => setAttempt((n) => n + 1)} data-testid="data-board-retry">
              {t('boardScreens.actions.retry')}
            </Button>,
            <span key="back">{back}</span>,
          ]}
          data-testid="data-board-failed"
        />
      );
  }
}

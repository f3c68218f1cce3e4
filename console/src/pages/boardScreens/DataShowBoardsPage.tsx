import { EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BoardSummary } from '@shared/schemas/boards';
import { useStores } from '../../stores/StoreContext';
import { DATA_SHOW_BOARD_SCREEN, dataShowBoardPath } from './boardLinks';
import styles from './BoardScreens.module.css';
import { PurposeBoardList } from './PurposeBoardList';
import { PURPOSE_SCREENS } from './purposes';
import { usePurposeBoards } from './usePurposeBoards';

/**
 * payment-statistics/datashowboardlist: the data boards, each opened by its code inside the console
 * (payment-statistics/datashowboard/<code>). A board without a code can only go on a wall until it gets one.
 */
export const DataShowBoardsPage = observer(function DataShowBoardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const model = usePurposeBoards(PURPOSE_SCREENS['data-show']);
  // The viewer is a hidden menu entry of its own: a role may lack it.
  const canView = useStores().permission.hasRoute(DATA_SHOW_BOARD_SCREEN);

  const columns: TableColumnsType<BoardSummary> = [
    {
      key: 'code',
      title: t('boardScreens.list.code'),
      width: 220,
      render: (_: unknown, board) =>
        board.code ? (
          <Tag className={styles.mono}>{board.code}</Tag>
        ) : (
          <Flex vertical gap={2} align="flex-start" data-testid={`board-no-code-${board.id}`}>
            <Tag>{t('boardScreens.list.noCode')}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('boardScreens.list.noCodeHint')}
            </Typography.Text>
          </Flex>
        ),
    },
  ];

  const open = (board: BoardSummary) =>
    board.code && canView ? (
      <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(dataShowBoardPath(board.code))} data-testid={`board-view-${board.id}`}>
        {t('boardScreens.actions.open')}
      </Button>
    ) : null;

  return <PurposeBoardList model={model} columns={columns} rowActions={open} />;
});

import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { Sprite } from '@shared/schemas/sprites';
import { ListTable } from '../../../lists/ListTable';
import { RowActions } from '../../../lists/RowActions';
import styles from '../sprites.module.css';
import type { SpritesController } from './SpritesController';

interface SpritesTableProps {
  list: SpritesController;
  onEdit(sprite: Sprite): void;
  onDelete(sprite: Sprite): void;
}

/** Name, picture thumbnail, icon count and last change of every sprite, with edit and delete. */
export const SpritesTable = observer(function SpritesTable({ list, onEdit, onDelete }: SpritesTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Sprite> = [
    {
      key: 'picture',
      title: t('sprites.list.picture'),
      width: 100,
      render: (_, sprite) => <img className={styles.thumbnail} src={sprite.picture} alt="" loading="lazy" />,
    },
    { key: 'name', title: t('sprites.list.name'), dataIndex: 'name', ellipsis: true, width: 240 },
    { key: 'icons', title: t('sprites.list.icons'), align: 'right', render: (_, sprite) => sprite.icons.length },
    {
      key: 'updated',
      title: t('sprites.list.updated'),
      render: (_, sprite) => t('sprites.list.updatedBy', { time: formatDateTime(sprite.updatedAt), user: sprite.updatedBy }),
    },
    {
      key: 'actions',
      title: t('sprites.list.actions'),
      render: (_, sprite) => (
        <RowActions
          actions={[
            { label: t('sprites.list.edit'), icon: <EditOutlined />, onClick: () => onEdit(sprite), testId: `sprite-edit-${sprite.id}` },
            {
              label: t('sprites.list.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('sprites.list.deleteConfirm', { name: sprite.name }),
              confirmTestId: 'sprite-delete-confirm',
              onClick: () => onDelete(sprite),
              testId: `sprite-delete-${sprite.id}`,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListTable<Sprite>
      rows={list.sprites}
      loading={list.loading}
      clientPageSize={20}
      rowKey="id"
      columns={columns}
      emptyText={t('sprites.list.empty')}
      rowAttributes={(sprite) => ({ 'data-testid': `sprite-row-${sprite.id}` })}
      testId="sprites-table"
    />
  );
});

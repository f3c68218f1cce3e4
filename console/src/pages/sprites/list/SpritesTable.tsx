import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { Sprite } from '@shared/schemas/sprites';
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
    { key: 'picture', title: t('sprites.list.picture'), width: 100, render: (_, sprite) => <img className={styles.thumbnail} src={sprite.picture} alt="" loading="lazy" /> },
    { key: 'name', title: t('sprites.list.name'), dataIndex: 'name', ellipsis: true },
    { key: 'icons', title: t('sprites.list.icons'), width: 110, align: 'right', render: (_, sprite) => sprite.icons.length },
    { key: 'updated', title: t('sprites.list.updated'), width: 260, render: (_, sprite) => t('sprites.list.updatedBy', { time: formatDateTime(sprite.updatedAt), user: sprite.updatedBy }) },
    {
      key: 'actions',
      title: t('sprites.list.actions'),
      width: 200,
      render: (_, sprite) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(sprite)} data-testid={`sprite-edit-${sprite.id}`}>
            {t('sprites.list.edit')}
          </Button>
          <Popconfirm title={t('sprites.list.deleteConfirm', { name: sprite.name })} okText={t('sprites.list.delete')} cancelText={t('sprites.board.cancel')} okButtonProps={{ danger: true, 'data-testid': 'sprite-delete-confirm' }} onConfirm={() => onDelete(sprite)}>
            <Button size="small" danger icon={<DeleteOutlined />} data-testid={`sprite-delete-${sprite.id}`}>
              {t('sprites.list.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<Sprite>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.sprites}
      loading={list.loading}
      pagination={list.sprites.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('sprites.list.empty') }}
      onRow={(sprite) => ({ 'data-testid': `sprite-row-${sprite.id}` }) as object}
      data-testid="sprites-table"
    />
  );
});

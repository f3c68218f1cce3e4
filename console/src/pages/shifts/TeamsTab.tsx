import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Modal, Space, Table, type ButtonProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIFT_SCREEN, type ShiftTeam, type ShiftTeamBody } from '@shared/schemas/shifts';
import { useNotify } from '../../feedback/notify';
import { usePermission } from '../../permissions/Permission';
import { RowActions } from '../../lists/RowActions';
import { useShiftsApi } from './shiftsApi';
import styles from './shifts.module.css';

function TeamDialog({ team, onClose, onSaved }: { team: ShiftTeam | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const [body, setBody] = useState<ShiftTeamBody>(() => (team ? { name: team.name, sort: team.sort } : { name: '', sort: 0 }));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      if (team) await api.updateTeam(team.id, body);
      else await api.createTeam(body);
      notify.success(t('shifts.common.saved'));
      onSaved();
    } catch {
      // the client's error toast said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={team ? t('shifts.teams.editTitle', { name: team.name }) : t('shifts.teams.addTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('shifts.common.save')}
      cancelText={t('shifts.common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: body.name.trim() === '', 'data-testid': 'shift-team-save' } as ButtonProps}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          {t('shifts.common.name')}
          <Input value={body.name} maxLength={40} onChange={(event) => setBody({ ...body, name: event.target.value })} data-testid="shift-team-name" />
        </label>
        <label>
          {t('shifts.common.sort')}
          <InputNumber<number>
            value={body.sort ?? 0}
            min={0}
            max={999}
            onChange={(sort) => setBody({ ...body, sort: sort ?? 0 })}
            style={{ display: 'block' }}
          />
        </label>
      </Space>
    </Modal>
  );
}

/** The teams a rota hands shifts to. */
export function TeamsTab() {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const can = usePermission(SHIFT_SCREEN);
  const [rows, setRows] = useState<ShiftTeam[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<ShiftTeam | null | 'new'>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await api.teams());
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const remove = async (row: ShiftTeam) => {
    try {
      await api.removeTeam(row.id);
      notify.success(t('shifts.common.deleted'));
      void load();
    } catch {
      // the client's error toast said why
    }
  };

  return (
    <div data-testid="shifts-teams">
      {can('add') && (
        <div className={styles.toolbar}>
          <div className={styles.toolbarEnd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="shift-team-add">
              {t('shifts.teams.add')}
            </Button>
          </div>
        </div>
      )}
      <Table<ShiftTeam>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('shifts.teams.empty') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('shifts.common.name') },
          { key: 'sort', dataIndex: 'sort', title: t('shifts.common.sort'), width: 100 },
          {
            key: 'actions',
            title: t('shifts.common.actions'),
            width: 150,
            render: (_, row) => (
              <RowActions
                gate={{ menu: SHIFT_SCREEN }}
                actions={[
                  { button: 'edit', label: t('shifts.common.edit'), testId: `shift-team-edit-${row.id}`, onClick: () => setEditing(row) },
                  {
                    button: 'delete',
                    label: t('shifts.common.delete'),
                    danger: true,
                    confirm: t('shifts.teams.deleteConfirm', { name: row.name }),
                    testId: `shift-team-delete-${row.id}`,
                    onClick: () => void remove(row),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {editing !== null && (
        <TeamDialog
          team={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </div>
  );
}

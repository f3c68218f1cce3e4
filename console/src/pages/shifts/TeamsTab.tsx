import { Input, InputNumber, Modal, Space, type ButtonProps, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftTeam, ShiftTeamBody } from '@shared/schemas/shifts';
import { useNotify } from '../../feedback/notify';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { WholeList } from '../../lists/WholeList';
import { editDeleteColumn, shiftGate, useDialogSave } from './shiftListParts';
import { useShiftsApi } from './shiftsApi';

function TeamDialog({ team, onClose, onSaved }: { team: ShiftTeam | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const [body, setBody] = useState<ShiftTeamBody>(() => (team ? { name: team.name, sort: team.sort } : { name: '', sort: 0 }));
  const { busy, save: run } = useDialogSave(onSaved);
  const save = () => run(() => (team ? api.updateTeam(team.id, body) : api.createTeam(body)));
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
export const TeamsTab = observer(function TeamsTab() {
  const { t } = useTranslation();
  const api = useShiftsApi();
  const notify = useNotify();
  const [list] = useState(() => new WholeList(() => api.teams()));
  const [editing, setEditing] = useState<ShiftTeam | null | 'new'>(null);
  useEffect(() => void list.load(), [list]);

  const remove = async (row: ShiftTeam) => {
    if (await list.change(() => api.removeTeam(row.id))) notify.success(t('shifts.common.deleted'));
  };
  const columns: TableColumnsType<ShiftTeam> = [
    { key: 'name', dataIndex: 'name', title: t('shifts.common.name') },
    { key: 'sort', dataIndex: 'sort', title: t('shifts.common.sort'), width: 100 },
    editDeleteColumn<ShiftTeam>(t, 'team', setEditing, (row) => void remove(row)),
  ];

  return (
    <div data-testid="shifts-teams">
      <ListToolbar list={list} gate={shiftGate} testId="shift-team" onAdd={() => setEditing('new')} addLabel={t('shifts.teams.add')} />
      <ListTable<ShiftTeam>
        rows={list.rows}
        loading={list.loading || list.busy}
        rowKey="id"
        columns={columns}
        testId="shift-teams-table"
        emptyText={t('shifts.teams.empty')}
      />
      {editing !== null && (
        <TeamDialog
          team={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.load();
          }}
        />
      )}
    </div>
  );
});

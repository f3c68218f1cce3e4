import { Alert, Button, Card, Empty, Modal, Select, Space, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type ResourceDefinition, type ResourceRow } from '@shared/resources';
import { ROOM_STATES, SUPPLY_STATES, type RoomState, type SupplyState } from '@shared/prepaid/constants';
import type { AccountRow, LedgerInvariant } from '@shared/prepaid/types';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { Permission, usePermission } from '../../permissions/Permission';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { AccountDrawer } from './AccountDrawer';
import { AccountFormDialog } from './AccountFormDialog';
import { moneyWithCurrency } from './moneyInput';
import { usePrepaidApi } from './usePrepaidApi';
import type { AccountFilters, PrepaidApi } from './prepaidApi';
import { BalanceText, RoomStateTag, SupplyTag } from './prepaidTags';
import { AdjustmentDialog, CloseAccountDialog, SupplyDialog } from './ReasonAmountDialogs';

const MENU = '/pay/room';
const gate = { menu: MENU };

/** The resource definition served at a menu path, when it is in the catalogue. */
export const resourceOfMenu = (menu: string): ResourceDefinition | undefined =>
  (RESOURCES as readonly ResourceDefinition[]).find((definition) => definition.menu === menu);

function InvariantResult({ result }: { result: LedgerInvariant }) {
  const { t } = useTranslation();
  if (result.ok)
    return (
      <Alert
        type="success"
        showIcon
        data-testid="prepaid-invariant-ok"
        message={t('prepaid.invariant.ok', { accounts: result.accounts, entries: result.entries })}
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      data-testid="prepaid-invariant-bad"
      message={t('prepaid.invariant.bad')}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {result.mismatches.map((row) => (
            <li key={row.accountId}>
              {t('prepaid.invariant.mismatch', {
                room: row.roomCode,
                balance: moneyWithCurrency(row.balanceMinor, 'CNY').replace('¥', ''),
                sum: moneyWithCurrency(row.ledgerSumMinor, 'CNY').replace('¥', ''),
              })}
            </li>
          ))}
          {result.orphanEntries > 0 && <li>{t('prepaid.invariant.orphans', { count: result.orphanEntries })}</li>}
          {result.duplicateHours > 0 && <li>{t('prepaid.invariant.duplicates', { count: result.duplicateHours })}</li>}
        </ul>
      }
    />
  );
}

type Dialog =
  | { kind: 'open' }
  | { kind: 'adjust' | 'close'; account: AccountRow }
  | { kind: 'supply'; accounts: AccountRow[] }
  | { kind: 'invariant'; result: LedgerInvariant };

/** The accounts of the rooms: balance by level, supply, days left, state; open, details, adjust, close, batch supply, ledger check. */
export const AccountsTab = observer(function AccountsTab({ api }: { api: PrepaidApi }) {
  const { t } = useTranslation();
  const can = usePermission(MENU);
  const [list] = useState(() => new PagedQuery<AccountFilters, AccountRow>((query) => api.accounts(query), {}));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => void list.load(), [list]);

  const check = async () => {
    setChecking(true);
    try {
      setDialog({ kind: 'invariant', result: await api.invariant() });
    } catch {
      // The api hook showed why.
    } finally {
      setChecking(false);
    }
  };
  const ticked = list.rows.filter((row) => list.selected.includes(row.id));

  const columns: TableColumnsType<AccountRow> = [
    {
      key: 'room',
      title: t('prepaid.rooms.columns.room'),
      render: (_, row) => (
        <>
          <Typography.Link onClick={() => setDetailId(row.id)} data-testid={`prepaid-room-${row.id}`}>
            {row.roomCode}
          </Typography.Link>
          {row.departmentName && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.departmentName}
            </Typography.Text>
          )}
        </>
      ),
    },
    { key: 'place', title: t('prepaid.rooms.columns.place'), render: (_, row) => [row.building, row.floor, row.number].filter(Boolean).join(' / ') || '–' },
    {
      key: 'member',
      title: t('prepaid.rooms.columns.member'),
      render: (_, row) => (
        <>
          {row.memberName ?? '–'}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t(`prepaid.modes.${row.billingMode}`)}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'balance',
      title: t('prepaid.rooms.columns.balance'),
      align: 'right',
      render: (_, row) => <BalanceText minor={row.balanceMinor} level={row.balanceLevel} currency={row.currency} testId={`prepaid-balance-${row.id}`} />,
    },
    {
      key: 'supply',
      title: t('prepaid.rooms.columns.supply'),
      render: (_, row) => (
        <Space size={2} wrap>
          <SupplyTag state={row.supplyState} />
          {row.keepSupply && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('prepaid.rooms.keepSupplyTag')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'days',
      title: t('prepaid.rooms.columns.daysLeft'),
      align: 'right',
      render: (_, row) => (row.daysLeft === null ? t('prepaid.rooms.noCharges') : t('prepaid.rooms.daysLeft', { days: row.daysLeft.toFixed(1) })),
    },
    { key: 'state', title: t('prepaid.rooms.columns.state'), render: (_, row) => <RoomStateTag state={row.roomState} /> },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, row) => (
        <RowActions
          gate={gate}
          actions={[
            { label: t('prepaid.rooms.actions.settings'), onClick: () => setDetailId(row.id), testId: `prepaid-details-${row.id}` },
            row.state === 'open' && {
              button: 'edit',
              label: t('prepaid.rooms.actions.adjust'),
              onClick: () => setDialog({ kind: 'adjust', account: row }),
              testId: `prepaid-adjust-${row.id}`,
            },
            row.state === 'open' && {
              button: 'edit',
              label: t('prepaid.rooms.actions.close'),
              danger: true,
              onClick: () => setDialog({ kind: 'close', account: row }),
              testId: `prepaid-close-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListToolbar
        list={list}
        gate={gate}
        testId="prepaid-accounts"
        searchPlaceholder={t('prepaid.rooms.search')}
        filters={
          <>
            <Select<RoomState>
              allowClear
              style={{ width: 160 }}
              placeholder={t('prepaid.rooms.anyState')}
              data-testid="prepaid-filter-state"
              value={list.filters.state}
              onChange={(value) => void list.setFilter('state', value)}
              options={ROOM_STATES.map((value) => ({ value, label: t(`prepaid.roomStates.${value}`) }))}
            />
            <Select<SupplyState>
              allowClear
              style={{ width: 160 }}
              placeholder={t('prepaid.rooms.anySupply')}
              data-testid="prepaid-filter-supply"
              value={list.filters.supply}
              onChange={(value) => void list.setFilter('supply', value)}
              options={SUPPLY_STATES.map((value) => ({ value, label: t(`prepaid.supplyStates.${value}`) }))}
            />
          </>
        }
        actions={
          <>
            <Permission menu={MENU} button="add">
              <Button type="primary" onClick={() => setDialog({ kind: 'open' })} data-testid="prepaid-open-account">
                {t('prepaid.rooms.openAccount')}
              </Button>
            </Permission>
            <Permission menu={MENU} button="edit">
              <Button
                disabled={ticked.length === 0}
                title={ticked.length === 0 ? t('prepaid.supply.selectFirst') : undefined}
                onClick={() => setDialog({ kind: 'supply', accounts: ticked })}
                data-testid="prepaid-supply"
              >
                {t('prepaid.rooms.batchSupply')}
              </Button>
            </Permission>
            <Button loading={checking} onClick={() => void check()} data-testid="prepaid-check-ledger">
              {t('prepaid.rooms.checkLedger')}
            </Button>
          </>
        }
      />
      <ListTable
        list={list}
        rowKey="id"
        columns={columns}
        selectable={can('edit')}
        testId="prepaid-accounts-table"
        totalText={(total, count) => t('prepaid.rooms.total', { total, count })}
        rowAttributes={(row) => ({ 'data-testid': `prepaid-account-row-${row.id}` })}
      />
      {dialog?.kind === 'open' && <AccountFormDialog api={api} account={null} onClose={() => setDialog(null)} onSaved={() => void list.load()} />}
      {dialog?.kind === 'adjust' && <AdjustmentDialog api={api} account={dialog.account} onClose={() => setDialog(null)} onDone={() => void list.load()} />}
      {dialog?.kind === 'close' && <CloseAccountDialog api={api} account={dialog.account} onClose={() => setDialog(null)} onDone={() => void list.load()} />}
      {dialog?.kind === 'supply' && <SupplyDialog api={api} accounts={dialog.accounts} onClose={() => setDialog(null)} onDone={() => void list.load()} />}
      {dialog?.kind === 'invariant' && (
        <Modal open centered title={t('prepaid.invariant.title')} footer={null} onCancel={() => setDialog(null)} data-testid="prepaid-invariant">
          <InvariantResult result={dialog.result} />
        </Modal>
      )}
      {detailId !== null && <AccountDrawer api={api} accountId={detailId} onClose={() => setDetailId(null)} onChanged={() => void list.load()} />}
    </>
  );
});

/** /pay/room: the accounts of the rooms, and the rooms themselves (the resource kit's list) in a second tab. */
export const RoomsPage = observer(function RoomsPage() {
  const { t } = useTranslation();
  const api = usePrepaidApi();
  const can = usePermission(MENU);
  const roomResource = useMemo(() => resourceOfMenu(MENU), []);
  const [openFor, setOpenFor] = useState<number | null>(null);
  const [accountsKey, setAccountsKey] = useState(0);
  const openAction = (room: ResourceRow) =>
    can('add') ? (
      <Button type="link" size="small" onClick={() => setOpenFor(room.id)} data-testid={`prepaid-room-open-${room.id}`}>
        {t('prepaid.rooms.openAccount')}
      </Button>
    ) : null;
  return (
    <Card title={t('prepaid.rooms.title')} data-testid="prepaid-rooms-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'accounts', label: t('prepaid.rooms.accountsTab'), children: <AccountsTab key={accountsKey} api={api} /> },
          {
            key: 'rooms',
            label: t('prepaid.rooms.roomsTab'),
            children: roomResource ? (
              <ResourceListPage definition={roomResource} rowActions={openAction} />
            ) : (
              <Empty description={t('prepaid.rooms.noRoomResource')} />
            ),
          },
        ]}
      />
      {openFor !== null && (
        <AccountFormDialog api={api} account={null} roomId={openFor} onClose={() => setOpenFor(null)} onSaved={() => setAccountsKey((key) => key + 1)} />
      )}
    </Card>
  );
});

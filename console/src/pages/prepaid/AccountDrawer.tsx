import { Button, Descriptions, Drawer, Empty, Spin, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDetail, AccountEvent, LedgerEntry, RoomMeter, SupplyCommandRow } from '@shared/prepaid/types';
import { formatDateTime } from '@shared/format';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { PagedQuery } from '../../lists/PagedQuery';
import { Permission } from '../../permissions/Permission';
import { AccountFormDialog } from './AccountFormDialog';
import { energyMilliText, moneyWithCurrency, percentText } from './moneyInput';
import type { PrepaidApi } from './prepaidApi';
import { BalanceText, CommandStateTag, RoomStateTag, SupplyTag } from './prepaidTags';

const MENU = '/pay/room';

/** An event's detail as plain "key: value" text (never HTML). */
const detailText = (detail: Record<string, unknown>): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

const LedgerTab = observer(function LedgerTab({ api, account }: { api: PrepaidApi; account: AccountDetail }) {
  const { t } = useTranslation();
  const [list] = useState(() => new PagedQuery((query: object & { page: number; size: number }) => api.ledger(account.id, query), {}));
  useEffect(() => void list.load(), [list]);
  const columns: TableColumnsType<LedgerEntry> = [
    { key: 'at', title: t('prepaid.ledger.at'), render: (_, entry) => <DateTimeText at={entry.createdAt} /> },
    {
      key: 'kind',
      title: t('prepaid.ledger.kind'),
      render: (_, entry) => (
        <>
          {t(`prepaid.entryKinds.${entry.kind}`)}
          {entry.hourStart !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {formatDateTime(entry.hourStart).slice(0, 16)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'item',
      title: t('prepaid.ledger.item'),
      render: (_, entry) => (
        <>
          {entry.itemName ?? '–'}
          {entry.band && ` · ${t(`settlement.bands.${entry.band}`)}`}
          {entry.energyMilli !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {energyMilliText(entry.energyMilli)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'amount',
      title: t('prepaid.ledger.amount'),
      align: 'right',
      render: (_, entry) => (
        <Typography.Text type={entry.amountMinor < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
          {entry.amountMinor > 0 ? '+' : ''}
          {moneyWithCurrency(entry.amountMinor, account.currency)}
        </Typography.Text>
      ),
    },
    {
      key: 'after',
      title: t('prepaid.ledger.balanceAfter'),
      align: 'right',
      render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{moneyWithCurrency(entry.balanceAfterMinor, account.currency)}</span>,
    },
    { key: 'reason', title: t('prepaid.ledger.reason'), render: (_, entry) => <CutText text={entry.reason} maxWidth={160} /> },
    { key: 'operator', title: t('prepaid.ledger.operator'), dataIndex: 'operator' },
  ];
  return (
    <ListTable
      list={list}
      rowKey="id"
      columns={columns}
      testId="prepaid-ledger-table"
      rowAttributes={(entry) => ({ 'data-testid': `prepaid-ledger-row-${entry.id}` })}
    />
  );
});

const CommandsTab = observer(function CommandsTab({ api, account }: { api: PrepaidApi; account: AccountDetail }) {
  const { t } = useTranslation();
  const [list] = useState(
    () => new PagedQuery((query: { accountId: number } & { page: number; size: number }) => api.commands(query), { accountId: account.id }),
  );
  useEffect(() => void list.load(), [list]);
  const columns: TableColumnsType<SupplyCommandRow> = [
    { key: 'at', title: t('prepaid.commands.at'), render: (_, row) => <DateTimeText at={row.createdAt} /> },
    {
      key: 'meter',
      title: t('prepaid.commands.meter'),
      render: (_, row) => (
        <>
          {row.meterCode}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {row.gatewaySn}
          </Typography.Text>
        </>
      ),
    },
    { key: 'action', title: t('prepaid.commands.action'), render: (_, row) => t(`prepaid.commandActions.${row.action}`) },
    {
      key: 'state',
      title: t('prepaid.commands.state'),
      render: (_, row) => (
        <>
          <CommandStateTag state={row.state} />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('prepaid.commands.attempts')}: {row.attempts}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'cause',
      title: t('prepaid.commands.cause'),
      render: (_, row) => (
        <>
          {t(`prepaid.commandCauses.${row.cause}`)}
          {row.reason && <CutText text={row.reason} maxWidth={160} />}
        </>
      ),
    },
    { key: 'operator', title: t('prepaid.commands.operator'), dataIndex: 'operator' },
    { key: 'result', title: t('prepaid.commands.result'), render: (_, row) => <CutText text={row.result} maxWidth={160} /> },
  ];
  return <ListTable list={list} rowKey="id" columns={columns} testId="prepaid-commands-table" />;
});

/**
 * One account: its settings (editable under /pay/room/edit), ledger (paged, balance after each entry), events log,
 * meters feeding the room (with the dates a meter moved or was replaced) and supply commands.
 */
export function AccountDrawer({ api, accountId, onClose, onChanged }: { api: PrepaidApi; accountId: number; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState<AccountDetail | null>(null);
  const [editing, setEditing] = useState(false);
  const reload = useCallback(() => {
    api
      .account(accountId)
      .then(setAccount)
      .catch(() => undefined);
  }, [api, accountId]);
  useEffect(reload, [reload]);

  const yesNo = (value: boolean) => (value ? t('prepaid.drawer.yes') : t('prepaid.drawer.no'));
  const money = (minor: number) => (account ? moneyWithCurrency(minor, account.currency) : '');
  const itemValue = (item: AccountDetail['items'][number]) =>
    item.kind === 'energy' ? (item.tariffName ?? '–') : item.kind === 'service_ratio' ? percentText(item.ratioBp) : money(item.amountMinor);

  const eventColumns: TableColumnsType<AccountEvent> = [
    { key: 'at', title: t('prepaid.events.at'), render: (_, event) => <DateTimeText at={event.at} /> },
    { key: 'what', title: t('prepaid.events.what'), dataIndex: 'what' },
    { key: 'detail', title: t('prepaid.events.detail'), render: (_, event) => <CutText text={detailText(event.detail)} maxWidth={360} /> },
    { key: 'operator', title: t('prepaid.events.operator'), dataIndex: 'operator' },
  ];
  const meterColumns: TableColumnsType<RoomMeter> = [
    {
      key: 'code',
      title: t('prepaid.meters.code'),
      render: (_, meter) => (
        <>
          {meter.meterCode}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {meter.meterName}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'energy',
      title: t('prepaid.meters.energyType'),
      render: (_, meter) => t(`prepaid.energyTypes.${meter.energyType}`, { defaultValue: meter.energyType }),
    },
    { key: 'gateway', title: t('prepaid.meters.gateway'), render: (_, meter) => meter.gatewaySn ?? '–' },
    { key: 'from', title: t('prepaid.meters.from'), render: (_, meter) => <DateTimeText at={meter.fromTs} /> },
    { key: 'to', title: t('prepaid.meters.to'), render: (_, meter) => (meter.toTs === null ? t('prepaid.meters.current') : <DateTimeText at={meter.toTs} />) },
  ];

  return (
    <Drawer
      open
      size={980}
      title={account ? t('prepaid.drawer.title', { room: account.roomCode }) : ''}
      onClose={onClose}
      data-testid="prepaid-account-drawer"
      destroyOnHidden
    >
      {!account ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            {
              key: 'settings',
              label: t('prepaid.drawer.settings'),
              children: (
                <>
                  <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="prepaid-account-settings">
                    <Descriptions.Item label={t('prepaid.drawer.balance')}>
                      <BalanceText minor={account.balanceMinor} level={account.balanceLevel} currency={account.currency} testId="prepaid-drawer-balance" />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.rooms.columns.state')}>
                      <RoomStateTag state={account.roomState} /> <SupplyTag state={account.supplyState} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.member')}>{account.memberName ?? '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.mode')}>{t(`prepaid.modes.${account.billingMode}`)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.alarm1')}>{money(account.alarm1Minor)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.alarm2')}>{money(account.alarm2Minor)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.creditLimit')}>{money(account.creditLimitMinor)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.noCut')}>
                      {account.noCutFrom && account.noCutTo ? `${account.noCutFrom} – ${account.noCutTo}` : t('prepaid.drawer.noCutNone')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.noCutWeekends')}>{yesNo(account.noCutWeekends)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.noCutHolidays')}>{yesNo(account.noCutHolidays)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.account.keepSupply')}>{yesNo(account.keepSupply)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.drawer.chargedUntil')}>{formatDateTime(account.chargedUntil).slice(0, 16)}</Descriptions.Item>
                    <Descriptions.Item label={t('prepaid.drawer.openedAt')}>{formatDateTime(account.openedAt)}</Descriptions.Item>
                  </Descriptions>
                  <Table
                    size="small"
                    style={{ marginTop: 12 }}
                    rowKey="id"
                    pagination={false}
                    data-testid="prepaid-account-items"
                    dataSource={account.items}
                    columns={[
                      {
                        key: 'name',
                        title: t('prepaid.item.name'),
                        render: (_, item) => (
                          <>
                            {item.name}
                            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                              {t(`prepaid.itemKinds.${item.kind}`)}
                            </Typography.Text>
                          </>
                        ),
                      },
                      { key: 'value', title: t('prepaid.items.value'), render: (_, item) => itemValue(item) },
                      {
                        key: 'active',
                        title: t('prepaid.items.state'),
                        render: (_, item) => (item.active ? t('prepaid.item.active') : t('prepaid.item.inactive')),
                      },
                    ]}
                  />
                  {account.state === 'open' && (
                    <Permission menu={MENU} button="edit">
                      <Button style={{ marginTop: 12 }} type="primary" onClick={() => setEditing(true)} data-testid="prepaid-account-edit">
                        {t('prepaid.drawer.edit')}
                      </Button>
                    </Permission>
                  )}
                </>
              ),
            },
            { key: 'ledger', label: t('prepaid.drawer.ledger'), children: <LedgerTab api={api} account={account} /> },
            {
              key: 'events',
              label: t('prepaid.drawer.events'),
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  dataSource={account.events}
                  columns={eventColumns}
                  locale={{ emptyText: <Empty description={t('prepaid.events.empty')} /> }}
                  data-testid="prepaid-events-table"
                />
              ),
            },
            {
              key: 'meters',
              label: t('prepaid.drawer.meters'),
              children: (
                <Table
                  size="small"
                  rowKey={(meter) => `${meter.meterId}:${meter.fromTs}`}
                  dataSource={account.meters}
                  columns={meterColumns}
                  pagination={false}
                  locale={{ emptyText: <Empty description={t('prepaid.meters.empty')} /> }}
                  data-testid="prepaid-meters-table"
                />
              ),
            },
            { key: 'commands', label: t('prepaid.drawer.commands'), children: <CommandsTab api={api} account={account} /> },
          ]}
        />
      )}
      {editing && account && (
        <AccountFormDialog
          api={api}
          account={account}
          onClose={() => setEditing(false)}
          onSaved={(detail) => {
            setAccount(detail);
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}

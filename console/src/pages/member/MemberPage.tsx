import { Alert, App, Button, Card, Empty, Form, Input, List, QRCode, Result, Segmented, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiClient } from '@shared/api/client';
import { isApiError } from '@shared/api/apiError';
import {
  memberCodeRequestSchema,
  memberLoginSchema,
  type BillRow,
  type MemberMe,
  type MemberRoom,
  type MemberTopupOrder,
  type MemberUsageDay,
} from '@shared/prepaid';
import { MEMBER_TOPUP_PRESETS_MINOR, type MemberPaymentStatus } from '@shared/prepaid/member';
import { EChart } from '../../charts/EChart';
import { createMemberApi, memberTokenSource, type MemberApi } from './memberApi';
import { LEVEL_COLOURS, LEVEL_TEXT_COLOURS, formatMinor, linkableUrl, nextPollDelay, parseAmountMinor, paymentSettled, usageChartOption } from './memberLogic';
import styles from './member.module.css';

const USAGE_DAYS = 30;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The tenants' mobile page at /member (no console shell, no console token): sign in with phone and SMS code, then
 * each room's balance, level, days left and supply state, usage per day, bills, and online top-up.
 */
export function MemberPage() {
  const { t } = useTranslation();
  const [token, setToken] = useState(() => memberTokenSource.get() ?? null);
  const api = useMemo(() => createMemberApi(createApiClient({ tokens: memberTokenSource })), []);
  const signOut = useCallback(() => {
    memberTokenSource.clear();
    setToken(null);
  }, []);
  return (
    <div className={styles.page} data-testid="member-page">
      <div className={styles.column}>
        <div className={styles.header}>
          <h1 className={styles.title}>{t('member.title')}</h1>
          {token && (
            <Button size="small" onClick={signOut} data-testid="member-sign-out">
              {t('member.signIn.signOut')}
            </Button>
          )}
        </div>
        {token ? <MemberHome api={api} onSignedOut={signOut} /> : <SignIn api={api} onSignedIn={(value) => (memberTokenSource.set(value), setToken(value))} />}
      </div>
    </div>
  );
}

function SignIn({ api, onSignedIn }: { api: MemberApi; onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (waitUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [waitUntil, now]);
  const seconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  const getCode = async () => {
    const phone = (form.getFieldValue('phone') as string | undefined)?.trim() ?? '';
    if (!memberCodeRequestSchema.safeParse({ phone }).success) {
      form.setFields([{ name: 'phone', errors: [t('member.signIn.phoneInvalid')] }]);
      return;
    }
    try {
      const answer = await api.requestCode(phone);
      setNow(Date.now());
      setWaitUntil(Date.now() + answer.resendAfterMs);
      if (answer.demoCode) {
        setDemoCode(answer.demoCode);
        form.setFieldValue('code', answer.demoCode);
      } else {
        message.success(t('member.signIn.codeSent'));
      }
    } catch (error) {
      message.error(messageOf(error));
    }
  };

  const submit = async (values: { phone: string; code: string }) => {
    setBusy(true);
    try {
      const answer = await api.login(values.phone.trim(), values.code.trim());
      onSignedIn(answer.token);
    } catch (error) {
      message.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('member.signIn.heading')}>
      <Typography.Paragraph type="secondary">{t('member.signIn.intro')}</Typography.Paragraph>
      {demoCode && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('member.signIn.demoCode', { code: demoCode })} data-testid="member-demo-code" />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="phone"
          label={t('member.signIn.phone')}
          rules={[
            {
              validator: async (_r, v: string) =>
                memberCodeRequestSchema.safeParse({ phone: (v ?? '').trim() }).success ? undefined : Promise.reject(new Error(t('member.signIn.phoneInvalid'))),
            },
          ]}
        >
          <Input inputMode="tel" autoComplete="tel" maxLength={16} data-testid="member-phone" />
        </Form.Item>
        <Form.Item label={t('member.signIn.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                {
                  validator: async (_r, v: string) =>
                    memberLoginSchema.shape.code.safeParse((v ?? '').trim()).success ? undefined : Promise.reject(new Error(t('member.signIn.codeInvalid'))),
                },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="member-code" />
            </Form.Item>
            <Button onClick={getCode} disabled={seconds > 0} data-testid="member-get-code">
              {seconds > 0 ? t('member.signIn.resendIn', { seconds }) : t('member.signIn.getCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="member-sign-in">
          {t('member.signIn.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function MemberHome({ api, onSignedOut }: { api: MemberApi; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const [me, setMe] = useState<MemberMe | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const load = useCallback(async () => {
    try {
      const answer = await api.me();
      setMe(answer);
      setFailed(null);
      setSelected((current) => (current !== null && answer.rooms.some((r) => r.accountId === current) ? current : (answer.rooms[0]?.accountId ?? null)));
    } catch (error) {
      // A token that expired or was refused: back to sign-in.
      if (isApiError(error) && error.status === 401) onSignedOut();
      else setFailed(messageOf(error));
    }
  }, [api, onSignedOut]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <Alert type="error" showIcon message={t('member.loadFailed', { message: failed })} />;
  if (!me) return <Spin />;
  if (me.rooms.length === 0) return <Empty description={t('member.rooms.none')} />;
  const room = me.rooms.find((r) => r.accountId === selected) ?? me.rooms[0]!;
  return (
    <>
      <Typography.Text type="secondary" data-testid="member-name">
        {me.name} · {me.phone}
      </Typography.Text>
      {me.rooms.length > 1 && (
        <Segmented
          block
          value={room.accountId}
          onChange={(value) => setSelected(Number(value))}
          options={me.rooms.map((r) => ({ value: r.accountId, label: r.roomCode }))}
        />
      )}
      <RoomCard room={room} />
      <Card size="small">
        <Tabs
          items={[
            { key: 'usage', label: t('member.tabs.usage'), children: <Usage api={api} room={room} /> },
            { key: 'bills', label: t('member.tabs.bills'), children: <Bills api={api} room={room} /> },
            { key: 'topup', label: t('member.tabs.topup'), children: <Topup api={api} room={room} onPaid={load} /> },
          ]}
        />
      </Card>
    </>
  );
}

function RoomCard({ room }: { room: MemberRoom }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small" data-testid={`member-room-${room.roomCode}`}>
      <div className={styles.roomLine}>
        <Typography.Text strong>{room.roomCode}</Typography.Text>
        {room.building && <Typography.Text type="secondary">{room.building}</Typography.Text>}
      </div>
      <Typography.Text type="secondary">{t('member.rooms.balance')}</Typography.Text>
      <div className={styles.balance} style={{ color: LEVEL_TEXT_COLOURS[room.balanceLevel] }} data-testid="member-balance">
        {formatMinor(room.balanceMinor, room.currency, i18n.language)}
      </div>
      <div className={styles.roomLine}>
        <Tag color={LEVEL_COLOURS[room.balanceLevel]} data-testid="member-level">
          {t(`member.rooms.levels.${room.balanceLevel}`)}
        </Tag>
        <Tag color={room.supplyState === 'on' ? 'blue' : room.supplyState === 'cut' ? 'red' : 'default'} data-testid="member-supply">
          {t(`member.rooms.supply.${room.supplyState}`)}
        </Tag>
        <Typography.Text type="secondary">
          {room.daysLeft === null ? t('member.rooms.daysUnknown') : t('member.rooms.daysLeft', { days: room.daysLeft })}
        </Typography.Text>
      </div>
    </Card>
  );
}

function Usage({ api, room }: { api: MemberApi; room: MemberRoom }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<MemberUsageDay[] | null>(null);
  useEffect(() => {
    let live = true;
    setDays(null);
    api.usage(room.accountId, USAGE_DAYS).then(
      (answer) => live && setDays(answer),
      () => live && setDays([]),
    );
    return () => {
      live = false;
    };
  }, [api, room.accountId]);
  const option = useMemo(() => usageChartOption(days ?? [], { energy: t('member.usage.energy'), charges: t('member.usage.charges') }), [days, t]);
  if (days === null) return <Spin />;
  if (days.every((d) => d.energyMilli === 0 && d.chargesMinor === 0)) return <Empty description={t('member.usage.empty')} />;
  return (
    <>
      <Typography.Text type="secondary">{t('member.usage.title', { days: USAGE_DAYS })}</Typography.Text>
      <EChart option={option} height={260} ariaLabel={t('member.usage.chartLabel')} />
    </>
  );
}

function Bills({ api, room }: { api: MemberApi; room: MemberRoom }) {
  const { t, i18n } = useTranslation();
  const [bills, setBills] = useState<BillRow[] | null>(null);
  useEffect(() => {
    let live = true;
    api.bills(room.accountId).then(
      (answer) => live && setBills(answer),
      () => live && setBills([]),
    );
    return () => {
      live = false;
    };
  }, [api, room.accountId]);
  if (bills === null) return <Spin />;
  if (bills.length === 0) return <Empty description={t('member.bills.empty')} />;
  const money = (minor: number) => formatMinor(minor, room.currency, i18n.language);
  return (
    <List
      dataSource={bills}
      renderItem={(bill) => (
        <List.Item key={bill.id}>
          <div style={{ width: '100%' }}>
            <div className={styles.roomLine}>
              <Typography.Text strong>{bill.month}</Typography.Text>
              <Tag>{t(`member.bills.kinds.${bill.kind}`)}</Tag>
              <Tag color={bill.state === 'overdue' ? 'red' : bill.state === 'paid' ? 'green' : 'blue'}>{t(`member.bills.states.${bill.state}`)}</Tag>
              {bill.dueDay && <Typography.Text type="secondary">{t('member.bills.due', { day: bill.dueDay })}</Typography.Text>}
            </div>
            <div className={styles.figures}>
              <span>{t('member.bills.opening')}</span>
              <span>{money(bill.openingMinor)}</span>
              <span>{t('member.bills.charges')}</span>
              <span>{money(bill.chargesMinor)}</span>
              <span>{t('member.bills.fees')}</span>
              <span>{money(bill.feesMinor)}</span>
              <span>{t('member.bills.topups')}</span>
              <span>{money(bill.topupsMinor)}</span>
              <strong>{t('member.bills.closing')}</strong>
              <strong>{money(bill.closingMinor)}</strong>
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}

type TopupStep = { kind: 'choose' } | { kind: 'paying'; order: MemberTopupOrder; status: MemberPaymentStatus | null; gaveUp: boolean };

function Topup({ api, room, onPaid }: { api: MemberApi; room: MemberRoom; onPaid: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [preset, setPreset] = useState<number | null>(MEMBER_TOPUP_PRESETS_MINOR[1]);
  const [custom, setCustom] = useState('');
  const [step, setStep] = useState<TopupStep>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const started = useRef(0);
  const money = (minor: number) => formatMinor(minor, room.currency, i18n.language);
  const customMinor = custom.trim() ? parseAmountMinor(custom) : null;
  const amount = custom.trim() ? customMinor : preset;

  // Poll the order until it settles (paid, closed, failed), slower after 3 minutes, not after 15.
  useEffect(() => {
    if (step.kind !== 'paying' || step.gaveUp || (step.status && paymentSettled(step.status.state))) return;
    const delay = nextPollDelay(Date.now() - started.current);
    if (delay === null) {
      setStep({ ...step, gaveUp: true });
      return;
    }
    const timer = setTimeout(() => {
      api.payment(step.order.outTradeNo).then(
        (status) => {
          setStep((current) => (current.kind === 'paying' ? { ...current, status } : current));
          if (status.state === 'paid') void onPaid();
        },
        () => setStep((current) => (current.kind === 'paying' ? { ...current } : current)),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [api, step, onPaid]);

  const pay = async () => {
    if (amount === null) return;
    setBusy(true);
    try {
      const order = await api.topup(room.accountId, amount);
      started.current = Date.now();
      setStep({ kind: 'paying', order, status: null, gaveUp: false });
    } catch (error) {
      message.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'paying') {
    const { order, status } = step;
    const again = (
      <Button onClick={() => setStep({ kind: 'choose' })} data-testid="member-topup-again">
        {t('member.topup.again')}
      </Button>
    );
    if (status?.state === 'paid')
      return (
        <Result
          status="success"
          title={t('member.topup.paid', { amount: money(status.amountMinor), balance: money(status.balanceMinor) })}
          extra={again}
          data-testid="member-topup-paid"
        />
      );
    if (status && paymentSettled(status.state)) return <Result status="warning" title={t('member.topup.closed')} extra={again} />;
    const link = linkableUrl(order.codeUrl);
    return (
      <div className={styles.qr} data-testid="member-topup-order">
        <Typography.Text>{t('member.topup.scan', { amount: money(order.amountMinor) })}</Typography.Text>
        {order.codeUrl && <QRCode value={order.codeUrl} size={200} />}
        {link && (
          <Typography.Link href={link} target="_blank" rel="noopener noreferrer" data-testid="member-topup-link">
            {t('member.topup.open')}
          </Typography.Link>
        )}
        <Typography.Text type="secondary">{step.gaveUp ? t('member.topup.stillWaiting') : t('member.topup.waiting')}</Typography.Text>
        {again}
      </div>
    );
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>{t('member.topup.amount')}</Typography.Text>
      <div className={styles.presets}>
        {MEMBER_TOPUP_PRESETS_MINOR.map((minor) => (
          <Button
            key={minor}
            type={!custom.trim() && preset === minor ? 'primary' : 'default'}
            onClick={() => {
              setPreset(minor);
              setCustom('');
            }}
            data-testid={`member-preset-${minor}`}
          >
            {money(minor)}
          </Button>
        ))}
      </div>
      <Form.Item
        label={t('member.topup.custom')}
        validateStatus={custom.trim() && customMinor === null ? 'error' : undefined}
        help={custom.trim() && customMinor === null ? t('member.topup.amountInvalid') : undefined}
        style={{ marginBottom: 8 }}
      >
        <Input
          inputMode="decimal"
          value={custom}
          placeholder={t('member.topup.customPlaceholder')}
          onChange={(e) => setCustom(e.target.value)}
          data-testid="member-custom-amount"
        />
      </Form.Item>
      <Button type="primary" block disabled={amount === null} loading={busy} onClick={pay} data-testid="member-pay">
        {t('member.topup.pay', { amount: amount === null ? '' : money(amount) })}
      </Button>
    </Space>
  );
}

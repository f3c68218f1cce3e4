import { cleanup, render } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { z } from 'zod';
import { fakeAdapter, type FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { BoardDocumentInput } from '@shared/board/document';
import { ErrorCode } from '@shared/errors/codes';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n/language';
import type { RealtimeClientOptions } from '@shared/realtime/realtimeClient';
import type { BoardRecord, KioskSession } from '@shared/schemas/boards';
import { Registry } from '@boards/registry';
import { useChannel } from '@boards/runtime/channelReader';
import { FakeChannelSource, ManualFrames } from '@boards/runtime/fakeChannelSource.test-util';
import { defineWidget, type AnyWidgetDescriptor, type WidgetProps } from '@boards/widgetDescriptor';
import { KioskAppProvider } from '../app/appContext';
import { KioskApp } from '../app/kioskApp';
import { KioskRoutes } from '../KioskRoutes';
import { KioskTokens } from '../session/kioskTokens';
import type { StartupCredentials } from '../session/startupToken';

export const DISPLAY_TOKEN = `dsp_${'a'.repeat(43)}`;
export const USER_TOKEN = 'aaa.bbb.ccc';

/** A fake realtime connection: records the client options so a test can drop or refuse the socket. */
export class FakeConnection extends FakeChannelSource {
  closed = false;
  token = '';
  constructor(readonly options: RealtimeClientOptions) {
    super();
    this.token = options.token;
  }
  close(): void {
    this.closed = true;
  }
  setToken(token: string): void {
    this.token = token;
  }
}

/** A figure widget reading meter:<id>:latest, standing in for the real catalogue. */
const FigureWidget = observer(function FigureWidget({ channels }: WidgetProps) {
  const reading = useChannel<{ values: { p: number } }>(channels[0]);
  return <span data-testid="figure">{reading ? String(reading.value.values.p) : '—'}</span>;
});
export const testRegistry = new Registry<AnyWidgetDescriptor>('Widget').register(
  defineWidget({
    id: 'figure',
    nameKey: 'fake.figure',
    category: 'figures',
    version: 1,
    options: z.object({}),
    defaultSize: { w: 4, h: 3 },
    channels: (binding) => (binding.meterIds ?? []).map((id) => `meter:${id}:latest`),
    staleAfterMs: 60_000,
    load: async () => ({ default: FigureWidget }),
  }),
);

export function boardDocument(name: string, elements: Record<string, { meterId: number; x: number }>): BoardDocumentInput {
  return {
    schemaVersion: 1,
    meta: { name, description: '' },
    elements: Object.fromEntries(Object.entries(elements).map(([id, { meterId }]) => [id, { type: 'figure', binding: { meterIds: [meterId] } }])),
    layout: {
      kind: 'grid',
      spec: { cols: 24, rowHeight: 40, gap: 12, items: Object.entries(elements).map(([id, { x }]) => ({ element: id, x, y: 0, w: 4, h: 3 })) },
    },
  };
}

export function boardRecord(id: number, revision: number, document: BoardDocumentInput): BoardRecord {
  return {
    id,
    name: document.meta.name,
    description: '',
    revision,
    designWidth: 1920,
    designHeight: 1080,
    sample: false,
    purpose: 'general',
    code: '',
    equipmentMeterId: null,
    review: null,
    updatedAt: 0,
    updatedBy: 'admin',
    document: document as BoardRecord['document'],
  };
}

export const displaySession = (overrides: Partial<Extract<KioskSession, { kind: 'display' }>> = {}): KioskSession => ({
  kind: 'display',
  version: 'v1',
  serverTime: 0,
  displayId: 3,
  name: 'Hall A wall',
  scope: { kind: 'boards', boardIds: [1, 2] },
  boardIds: [1, 2],
  playlist: null,
  pinnedBoardId: null,
  ...overrides,
});

export const ok = (data: unknown): FakeReply => ({ body: { code: 0, data, message: 'success' } });
export const failure = (code: number, status = 401): FakeReply => ({ status, body: { code, data: null, message: `code ${code}` } });
export const NOT_FOUND = failure(ErrorCode.KANBAN_NOT_FOUND, 404);

export type Route = (config: InternalAxiosRequestConfig) => FakeReply | 'network-error' | undefined;

export interface Harness {
  app: KioskApp;
  connection: () => FakeConnection;
  frames: ManualFrames;
  requests: string[];
  storage: Map<string, string>;
  cookie: { value: string | undefined };
  reloads: number;
}

/** A kiosk app on a fake server and socket, rendered at `path` in a MemoryRouter. */
export async function startKiosk(options: {
  path: string;
  credentials: StartupCredentials;
  routes: Route;
  language?: Language;
  storage?: Map<string, string>;
  now?: () => number;
}): Promise<Harness> {
  const storage = options.storage ?? new Map<string, string>();
  const cookie = { value: undefined as string | undefined };
  const requests: string[] = [];
  const frames = new ManualFrames();
  let connection: FakeConnection | null = null;
  const harness = { requests, storage, cookie, frames, reloads: 0 } as Harness;
  const tokens = new KioskTokens(
    { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
    { get: () => cookie.value, set: (value) => (cookie.value = value) },
  );
  const bootBoard = /^\/dash\/(\d+)$/.exec(options.path);
  harness.app = new KioskApp({
    tokens,
    ...(bootBoard ? { initialBoardId: Number(bootBoard[1]) } : {}),
    adapter: fakeAdapter((config) => {
      requests.push(`${config.method?.toUpperCase()} ${config.url}`);
      return options.routes(config) ?? { status: 404, body: { code: 404, data: null, message: 'no route' } };
    }),
    connect: (clientOptions) => (connection = new FakeConnection(clientOptions)),
    scheduleFrame: frames.schedule,
    reload: () => (harness.reloads += 1),
    heartbeat: false,
    sessionRetryMs: 1000,
    ...(options.now ? { now: options.now } : {}),
  });
  harness.connection = () => {
    if (!connection) throw new Error('no realtime connection yet');
    return connection;
  };
  render(
    <I18nextProvider i18n={createI18n(options.language ?? 'en')}>
      <KioskAppProvider app={harness.app}>
        <MemoryRouter initialEntries={[options.path]}>
          <KioskRoutes registry={testRegistry} />
        </MemoryRouter>
      </KioskAppProvider>
    </I18nextProvider>,
  );
  await harness.app.start(options.credentials);
  return harness;
}

export function stopKiosk(harness: Harness | null): void {
  cleanup();
  harness?.app.dispose();
}

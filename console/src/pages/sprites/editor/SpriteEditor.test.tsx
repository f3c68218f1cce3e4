// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeAdapter, type FakeReply } from '@shared/api/fakeAdapter.test-util';
import { RootStore } from '@shared/stores/rootStore';
import type { Sprite } from '@shared/schemas/sprites';
import { FakeChannelSource } from '@boards/runtime/fakeChannelSource.test-util';
import { AppProviders } from '../../../AppProviders';
import { LiveConnectorContext, type LiveConnector } from '../../../live/useLiveTelemetry';
import { SpriteEditor } from './SpriteEditor';

const PICTURE = '/api/files/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png';
const METERS = [
  { id: 4, name: 'Press 4' },
  { id: 9, name: 'Compressor 9' },
];
const boilerRoom: Sprite = {
  id: 12,
  name: 'Boiler room',
  picture: PICTURE,
  icons: [
    { meterId: 4, x: 20, y: 30, label: '', metric: 'kw', digits: 1 },
    { meterId: 9, x: 70, y: 60, label: 'Main compressor', metric: 'kw', digits: 1 },
  ],
  updatedAt: 1,
  updatedBy: 'admin',
};

/** What antd needs from a browser that jsdom lacks. */
beforeAll(() => {
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

/** The editor in the console's providers, against a fake server and a fake socket. */
function renderEditor(sprite: Sprite | null, server: (route: string, body: unknown) => FakeReply | undefined) {
  const requests: string[] = [];
  const socket = new FakeChannelSource();
  const connect: LiveConnector = () => Object.assign(socket, { close: () => undefined, setToken: () => undefined });
  const rootStore = new RootStore({
    language: 'en',
    persistence: { get: () => 'jwt', set: () => undefined, remove: () => undefined },
    adapter: fakeAdapter((config) => {
      const route = `${config.method?.toUpperCase()} ${config.url}`;
      const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
      requests.push(typeof config.data === 'string' ? `${route} ${config.data}` : route);
      if (route === 'GET /meters/options') return { body: { code: 0, data: METERS, message: 'ok' } };
      return server(route, body) ?? { status: 404, body: { code: 40400, data: null, message: 'Not found' } };
    }),
  });
  const saved: Sprite[] = [];
  render(
    <AppProviders rootStore={rootStore} realtime={null}>
      <LiveConnectorContext.Provider value={connect}>
        <SpriteEditor sprite={sprite} onSaved={(stored) => saved.push(stored)} onBack={() => undefined} />
      </LiveConnectorContext.Provider>
    </AppProviders>,
  );
  return { requests, socket, saved };
}

const fileInput = (): HTMLInputElement => screen.getByTestId('sprite-editor').querySelector('input[type="file"]')!;

describe('SpriteEditor', () => {
  afterEach(cleanup);

  it('refuses a wrong file in the browser, uploads a picture, places an icon and checks it before saving', async () => {
    const { requests } = renderEditor(null, (route) =>
      route === 'POST /files'
        ? {
            body: {
              code: 0,
              data: { id: 3, url: PICTURE, name: 'plant.png', contentType: 'image/png', size: 68, width: 400, height: 200, uploadedAt: 1, uploadedBy: 'admin' },
              message: 'ok',
            },
          }
        : undefined,
    );
    expect(screen.getByTestId('sprite-no-picture').textContent).toBe('Upload a plant picture first, then click on it to place a device icon.');

    fireEvent.change(fileInput(), { target: { files: [new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'plant.svg', { type: 'image/svg+xml' })] } });
    expect((await screen.findByTestId('sprite-picture-error')).textContent).toBe('This file is image/svg+xml: choose a PNG, JPEG, WebP or GIF picture');
    const huge = new File(['x'], 'plant.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(fileInput(), { target: { files: [huge] } });
    await waitFor(() => expect(screen.getByTestId('sprite-picture-error').textContent).toBe('The picture has 6 MB: at most 5 MB can be uploaded'));
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);

    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'plant.png', { type: 'image/png' })] } });
    const picture = (await screen.findByTestId('sprite-picture')) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(PICTURE);
    // antd keeps a cleared message in the DOM for its leave animation (never run in jsdom): the field's state says it is gone.
    expect(screen.getByTestId('sprite-upload-button').closest('.ant-form-item')?.classList.contains('ant-form-item-has-error')).toBe(false);
    expect(requests).toContain('POST /files');

    // The picture is shown 400×200 at (100, 50): a click at (200, 150) is 25 % across, half-way down.
    picture.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50, toJSON: () => ({}) });
    fireEvent.click(picture, { clientX: 200, clientY: 150 });
    const icon = screen.getByTestId('sprite-icon-0');
    expect([icon.style.left, icon.style.top]).toEqual(['25%', '50%']);
    expect(icon.textContent).toBe('No meter yet');
    expect(screen.getByTestId('sprite-icon-panel').querySelector('.ant-card-head-title')?.textContent).toBe('Icon 1 of 1');

    fireEvent.change(screen.getByTestId('sprite-name'), { target: { value: 'Press line' } });
    fireEvent.click(screen.getByTestId('sprite-save'));
    expect((await screen.findByTestId('sprite-icon-error-meterId')).textContent).toBe('Choose a meter');
    expect(screen.getByTestId('sprite-icon-0').getAttribute('data-faulty')).toBe('true');
    expect(requests.filter((request) => request.startsWith('POST /sprites'))).toEqual([]);
  });

  it('shows the server’s field error under the icon it names, and live values on the icons', async () => {
    const { requests, socket, saved } = renderEditor(boilerRoom, (route) =>
      route === 'PUT /sprites/12'
        ? {
            status: 400,
            body: {
              code: 40000,
              data: { issues: [{ field: 'body.icons.1.meterId', rule: 'custom', message: 'Meter 9 is not one you may see' }] },
              message: 'icons.1.meterId: Meter 9 is not one you may see',
            },
          }
        : undefined,
    );
    expect(screen.getByTestId('sprite-icon-0').textContent).toBe('Meter 4');
    expect(screen.getByTestId('sprite-icon-1').textContent).toBe('Main compressor');
    act(() => socket.push('meter:4:latest', { meterId: 4, ts: Date.now(), values: { kw: 1234.56 } }));
    await waitFor(() => expect(screen.getByTestId('sprite-icon-value-0').textContent).toBe(' · 1,234.6 kW'));
    expect(socket.channels).toEqual(['meter:4:latest', 'meter:9:latest']);

    fireEvent.click(screen.getByTestId('sprite-save'));
    const panel = screen.getByTestId('sprite-icon-panel');
    expect((await within(panel).findByTestId('sprite-icon-error-meterId')).textContent).toBe('Meter 9 is not one you may see');
    expect(panel.querySelector('.ant-card-head-title')?.textContent).toBe('Icon 2 of 2');
    expect((within(panel).getByTestId('sprite-icon-label') as HTMLInputElement).value).toBe('Main compressor');
    expect(screen.getByTestId('sprite-icon-1').getAttribute('data-faulty')).toBe('true');
    expect(screen.getByTestId('sprite-icon-0').getAttribute('data-faulty')).toBe('false');
    expect(requests).toContain(`PUT /sprites/12 ${JSON.stringify({ name: 'Boiler room', picture: PICTURE, icons: boilerRoom.icons })}`);
    expect(saved).toEqual([]);
  });
});

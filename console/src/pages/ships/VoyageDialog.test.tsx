// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeAdapter, type FakeReply } from '@shared/api/fakeAdapter.test-util';
import { DEFAULT_SITE_SETTINGS, publicSiteOf } from '@shared/schemas/siteSettings';
import type { VoyageAnswer } from '@shared/ships/api';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../../AppProviders';
import { installBrowserGaps } from '../../testing/renderConsole.test-util';
import { utcText } from './shipFormat';
import { VoyageDialog } from './VoyageDialog';
import { useVoyageWrites } from './voyageWrites';

beforeAll(installBrowserGaps);
afterEach(cleanup);

const at = (iso: string) => Date.parse(iso);

/** A stored one-leg voyage: Qingdao to Newcastle in ballast. */
const stored: VoyageAnswer = {
  id: 7,
  shipId: 1,
  code: 'OP-2025-07',
  note: '',
  departureAt: at('2025-03-01T06:00:00Z'),
  arrivalAt: at('2025-03-12T10:00:00Z'),
  distanceNm: 4_000,
  cargoUnit: 't',
  legs: [
    {
      id: 21,
      seq: 0,
      portFrom: 'Qingdao',
      portTo: 'Newcastle',
      departureAt: at('2025-03-01T06:00:00Z'),
      arrivalAt: at('2025-03-12T10:00:00Z'),
      distanceNm: 4_000,
      cargo: 0,
      cargoUnit: 't',
      condition: 'ballast',
      fuels: [{ fuel: 'hfo', tonnes: 310, co2Tonnes: 965.34 }],
      co2Tonnes: 965.34,
      transportWork: 0,
    },
  ],
  fuels: [{ fuel: 'hfo', tonnes: 310, co2Tonnes: 965.34 }],
  co2Tonnes: 965.34,
  transportWork: 0,
  eeoi: null,
  rollingEeoi: null,
};

function Harness({ onSaved }: { onSaved(): void }) {
  const writes = useVoyageWrites();
  return <VoyageDialog shipId={1} writes={writes} voyage={stored} onClose={() => undefined} onSaved={onSaved} />;
}

/** The dialog against a fake server that refuses the first save at leg 2's arrival and takes the second. */
function renderDialog() {
  const sent: { route: string; body: unknown }[] = [];
  let saved = 0;
  let puts = 0;
  const rootStore = new RootStore({
    language: 'zh',
    persistence: { get: () => 'jwt', set: () => undefined, remove: () => undefined },
    adapter: fakeAdapter((config): FakeReply => {
      const route = `${config.method?.toUpperCase()} ${config.url}`;
      const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined;
      // The site's public settings: every start loads them (AppProviders).
      if (route === 'GET /site') return { body: { code: 0, data: publicSiteOf(DEFAULT_SITE_SETTINGS), message: 'ok' } };
      sent.push({ route, body });
      if (route === 'PUT /ship-voyages/7' && ++puts === 1) {
        const message = 'Arrival must be after the departure';
        return { status: 400, body: { code: 40000, data: { issues: [{ field: 'body.legs.1.arrivalAt', rule: 'custom', message }] }, message } };
      }
      if (route === 'PUT /ship-voyages/7') return { body: { code: 0, data: { id: 7 }, message: 'Saved' } };
      return { status: 404, body: { code: 40400, data: null, message: 'Not found' } };
    }),
  });
  render(
    <AppProviders rootStore={rootStore}>
      <Harness onSaved={() => (saved += 1)} />
    </AppProviders>,
  );
  return { sent, saved: () => saved };
}

/** Types a time into an antd picker the way a keyboard user does, and leaves it. */
function pick(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

const inputOf = (testId: string) => {
  const element = screen.getByTestId(testId);
  return element.tagName === 'INPUT' ? element : (element.querySelector('input') as HTMLElement);
};

describe('VoyageDialog', { timeout: 30_000 }, () => {
  it('adds a leg sailing on from the last port, shows the server’s refusal at that leg’s arrival, then sends the voyage', async () => {
    const { sent, saved } = renderDialog();
    expect((inputOf('leg-0-portFrom') as HTMLInputElement).value).toBe('Qingdao');

    fireEvent.click(screen.getByTestId('voyage-add-leg'));
    const leg = await screen.findByTestId('voyage-leg-1');
    // Leg 2 sails on from Newcastle, when leg 1 arrived, in tonnes.
    expect((inputOf('leg-1-portFrom') as HTMLInputElement).value).toBe('Newcastle');
    expect(within(leg).getByTestId('utc-legs-1-departureAt').textContent).toBe('UTC 时间：2025-03-12 10:00');

    fireEvent.change(inputOf('leg-1-portTo'), { target: { value: 'Gladstone' } });
    // Picked on the console's clock (the browser's zone); the echo gives the same instant in UTC.
    const arrival = dayjs('2025-03-20 18:30').valueOf();
    pick(inputOf('leg-1-arrivalAt'), '2025-03-20 18:30');
    await waitFor(() => expect(within(leg).getByTestId('utc-legs-1-arrivalAt').textContent).toBe(`UTC 时间：${utcText(arrival)}`));
    fireEvent.change(inputOf('leg-1-distanceNm'), { target: { value: '800' } });
    fireEvent.change(inputOf('leg-1-cargo'), { target: { value: '78500' } });

    fireEvent.click(screen.getByTestId('voyage-form-ok'));
    // The server is the authority: its refusal lands under leg 2's arrival, in the reader's language.
    await waitFor(() => expect(within(leg).getByText('抵港时间必须晚于离港时间')).toBeTruthy());
    expect(saved()).toBe(0);

    fireEvent.click(screen.getByTestId('voyage-form-ok'));
    await waitFor(() => expect(saved()).toBe(1));
    expect(sent.map((request) => request.route)).toEqual(['PUT /ship-voyages/7', 'PUT /ship-voyages/7']);
    expect(sent[1]?.body).toEqual({
      code: 'OP-2025-07',
      note: '',
      legs: [
        // The stored leg keeps its id, so its HFO entries stay linked.
        {
          id: 21,
          portFrom: 'Qingdao',
          portTo: 'Newcastle',
          departureAt: at('2025-03-01T06:00:00Z'),
          arrivalAt: at('2025-03-12T10:00:00Z'),
          distanceNm: 4_000,
          cargo: 0,
          cargoUnit: 't',
          condition: 'ballast',
        },
        {
          portFrom: 'Newcastle',
          portTo: 'Gladstone',
          departureAt: at('2025-03-12T10:00:00Z'),
          arrivalAt: arrival,
          distanceNm: 800,
          cargo: 78_500,
          cargoUnit: 't',
          condition: 'laden',
        },
      ],
    });
  });

  it('checks a leg when its time is picked, with the contract: arrival before departure is named at the arrival', async () => {
    renderDialog();
    fireEvent.click(screen.getByTestId('voyage-add-leg'));
    const leg = await screen.findByTestId('voyage-leg-1');
    // Leg 2 departs 2025-03-12 10:00 UTC; an arrival a day before on any clock is earlier.
    pick(inputOf('leg-1-arrivalAt'), '2025-03-11 10:00');
    await waitFor(() => expect(within(leg).getByText('抵港时间必须晚于离港时间')).toBeTruthy());
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import { fakeReader } from '../alarm-ticker/fakeReader.test-util';
import AlarmCountersWidget from './AlarmCountersWidget';
import { alarmCountersWidget } from './descriptor';

describe('alarm counters widget', () => {
  afterEach(cleanup);

  it('says no data before the first count, then shows large numbers coloured above zero', () => {
    const feed = fakeReader();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <ChannelReaderProvider reader={feed.reader}>
          <AlarmCountersWidget
            options={alarmCountersWidget.options.parse({ kinds: ['total', 'error', 'offline'] })}
            binding={{}}
            title=""
            width={900}
            height={200}
            scale={1}
            theme={{ mode: 'dark', accent: '#3aa0ff' }}
            channels={['alarms:counts']}
            stale={false}
          />
        </ChannelReaderProvider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('counters-no-data').textContent).toBe('No data yet');
    act(() => feed.push('alarms:counts', { total: 1234, deviceCount: 1230, errorCount: 0, troubleCount: 0, offlineCount: 4 }));
    expect(screen.getByTestId('counter-total').textContent).toBe('1,234All open alarms');
    expect(screen.getByTestId('counter-error').textContent).toBe('0Data error');
    expect(screen.getByTestId('counter-offline').dataset.open).toBe('true');
    expect(screen.getByTestId('counter-error').dataset.open).toBe('false');
  });
});

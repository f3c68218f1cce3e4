// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import { fakeReader } from '../alarm-ticker/fakeReader.test-util';
import { topNWidget } from './descriptor';
import TopNWidget from './TopNWidget';

describe('top-n widget', () => {
  afterEach(cleanup);

  it('says no data until the ranking arrives, then lists rows with share bars', () => {
    const feed = fakeReader();
    const options = topNWidget.options.parse({ limit: 2 });
    const channels = topNWidget.channels({}, options);
    render(
      <I18nextProvider i18n={createI18n('zh')}>
        <ChannelReaderProvider reader={feed.reader}>
          <TopNWidget
            options={options}
            binding={{}}
            title=""
            width={500}
            height={300}
            scale={1}
            theme={{ mode: 'dark', accent: '#3aa0ff' }}
            channels={channels}
            stale={false}
          />
        </ChannelReaderProvider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('top-n-no-data').textContent).toBe('暂无数据');
    act(() =>
      feed.push(channels[0]!, {
        unit: 'kWh',
        computedAt: 1,
        rows: [
          { scopeId: 4, name: 'Press hall', energy: 800, share: 0.8 },
          { scopeId: 2, name: 'Paint shop', energy: 200, share: 0.2 },
        ],
      }),
    );
    expect(screen.getByTestId('top-n-row-1').textContent).toBe('1Press hall80080.0 %');
    expect(screen.getByTestId('top-n-bar-2').style.width).toBe('25%');
    expect(screen.getByRole('columnheader', { name: '能耗 (kWh)' })).toBeTruthy();
  });
});

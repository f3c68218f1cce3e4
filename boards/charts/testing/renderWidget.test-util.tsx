import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Language } from '@shared/i18n';
import type { Binding } from '@shared/board/document';
import type { ChannelReader, ChannelReading, WidgetDescriptor, WidgetProps } from '../../widgetDescriptor';
import { ChannelReaderProvider } from '../../runtime/channelReader';

/** A reading as the telemetry store holds it, measured and received at `ts`. */
export const reading = <T,>(value: T, ts = 1_700_000_000_000): ChannelReading<T> => ({ value, ts, receivedAt: ts });

/**
 * Tests only: renders a widget to static HTML (no DOM, so charts render their host div and no canvas)
 * with the channels its descriptor declares for the binding, readings served from a plain map.
 */
export function renderWidgetHtml<O extends Record<string, unknown>>(
  descriptor: WidgetDescriptor<O>,
  Widget: ComponentType<WidgetProps<O>>,
  {
    binding = {},
    options = {},
    readings = {},
    language = 'en',
  }: { binding?: Binding; options?: Record<string, unknown>; readings?: Record<string, ChannelReading>; language?: Language },
): string {
  const parsed = descriptor.options.parse(options);
  const reader: ChannelReader = { read: <T,>(channel: string) => readings[channel] as ChannelReading<T> | undefined, watch: () => () => undefined };
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={reader}>
        <Widget
          options={parsed}
          binding={binding}
          title=""
          width={480}
          height={270}
          scale={1}
          theme={{ mode: 'dark', accent: '#3aa0ff' }}
          channels={descriptor.channels(binding, parsed)}
          stale={false}
        />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
}

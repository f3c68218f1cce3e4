import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EnergyRankingData } from '@shared/board/channels';
import { useChannel } from '../../runtime/channelReader';
import type { WidgetProps } from '../../widgetDescriptor';
import type { TopNOptions } from './options';
import { topNRows } from './topNRows';

function TopNWidget({ options, channels, width, height, scale, theme }: WidgetProps<TopNOptions>) {
  const { t } = useTranslation();
  const reading = useChannel<EnergyRankingData>(channels[0]);
  const rows = topNRows(reading?.value, options.limit);
  const fontSize = 14 * scale;
  if (rows.length === 0) {
    return (
      <div
        data-testid="top-n-no-data"
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: fontSize * 1.15, opacity: 0.6 }}
      >
        {t('liveWidgets.noData')}
      </div>
    );
  }
  const unit = reading?.value.unit ?? '';
  const cell = { padding: `${fontSize * 0.25}px ${fontSize * 0.4}px`, whiteSpace: 'nowrap' as const };
  return (
    <div style={{ width, height, overflow: 'hidden' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize, tableLayout: 'auto' }}>
        <thead>
          <tr style={{ opacity: 0.7, textAlign: 'left' }}>
            <th style={cell}>{t('liveWidgets.topN.rank')}</th>
            <th style={cell}>{t('liveWidgets.topN.name')}</th>
            <th style={{ ...cell, textAlign: 'right' }}>
              {t('liveWidgets.topN.energy')}
              {unit ? ` (${unit})` : ''}
            </th>
            {options.showShare && <th style={{ ...cell, width: '35%' }}>{t('liveWidgets.topN.share')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.scopeId} data-testid={`top-n-row-${row.rank}`}>
              <td style={{ ...cell, opacity: 0.7, fontVariantNumeric: 'tabular-nums' }}>{row.rank}</td>
              <td style={{ ...cell, maxWidth: width * 0.4, overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.name}</td>
              <td style={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{row.energy}</td>
              {options.showShare && (
                <td style={cell}>
                  <div style={{ display: 'flex', alignItems: 'center', gap: fontSize * 0.4 }}>
                    <div style={{ flex: 1, height: fontSize * 0.6, background: 'rgba(128,128,128,0.2)', borderRadius: 2 }}>
                      <div
                        data-testid={`top-n-bar-${row.rank}`}
                        style={{ width: `${(row.bar * 100).toFixed(1)}%`, height: '100%', background: theme.accent, borderRadius: 2 }}
                      />
                    </div>
                    <span style={{ minWidth: fontSize * 3.6, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{row.share}</span>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default observer(TopNWidget);

import { Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INTERFACE_KEY_HEADER } from '@shared/schemas/interfaces';
import { API_CONTRACT_PATHS } from '@shared/schemas/apiContract';
import styles from './IntegrationsPage.module.css';

export const INGEST_PATH = '/api/ingest/readings';

/** The README's example for integrators: one payload time, one reading with its own ISO time. */
export const SAMPLE_PAYLOAD = {
  ts: 1795342800000,
  readings: [
    { meter: 'M011', values: { kwh: 1234.56, kw: 41.2 } },
    { meter: 'M002', ts: '2026-11-22T08:00:00+08:00', values: { m3: 88.1, flow: 3.2 } },
  ],
};

const NOTES = ['time', 'limit', 'idempotent', 'answer'] as const;

/** The server's published contract: the reference page and the OpenAPI and AsyncAPI documents, each in a new tab. */
function ContractLinks() {
  const { t } = useTranslation();
  const link = (key: keyof typeof API_CONTRACT_PATHS, text: string) => (
    <Typography.Link href={API_CONTRACT_PATHS[key]} target="_blank" rel="noopener" data-testid={`contract-${key}`}>
      {text}
    </Typography.Link>
  );
  return (
    <Space size="middle" wrap>
      {link('referencePage', t('integrations.guide.reference.page'))}
      {link('openapi', t('integrations.guide.reference.openapi'))}
      {link('asyncapi', t('integrations.guide.reference.asyncapi'))}
    </Space>
  );
}

/** What a third-party system needs to send readings over HTTP; texts only, nothing rendered as HTML. */
export function SendReadingsGuide({ origin = window.location.origin }: { origin?: string }) {
  const { t } = useTranslation();
  const endpoint = `${origin}${INGEST_PATH}`;
  const curl = [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H '${INTERFACE_KEY_HEADER}: <key>' \\`,
    `  -d @readings.json`,
  ].join('\n');
  return (
    <Card size="small" title={t('integrations.guide.title')} extra={<ContractLinks />} data-testid="send-readings-guide">
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: 160 } }}
        items={[
          {
            key: 'endpoint',
            label: t('integrations.guide.endpoint'),
            children: <Typography.Text code copyable={{ text: endpoint }} data-testid="guide-endpoint">{`POST ${endpoint}`}</Typography.Text>,
          },
          {
            key: 'header',
            label: t('integrations.guide.header'),
            children: <Typography.Text code data-testid="guide-header">{`${INTERFACE_KEY_HEADER}: <${t('integrations.guide.headerValue')}>`}</Typography.Text>,
          },
        ]}
      />
      <div className={styles.samples}>
        <div>
          <Typography.Text strong>{t('integrations.guide.payload')}</Typography.Text>
          <pre className={styles.code} data-testid="guide-payload">
            {JSON.stringify(SAMPLE_PAYLOAD, null, 2)}
          </pre>
        </div>
        <div>
          <Typography.Text strong>{t('integrations.guide.curl')}</Typography.Text>
          <pre className={styles.code} data-testid="guide-curl">
            {curl}
          </pre>
        </div>
      </div>
      <ul className={styles.notes}>
        {NOTES.map((note) => (
          <li key={note}>
            <Typography.Text type="secondary">{t(`integrations.guide.notes.${note}`)}</Typography.Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}

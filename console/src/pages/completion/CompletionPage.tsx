import { Card, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataCompletion } from '@shared/schemas/completion';
import { PagedQuery } from '../../lists/PagedQuery';
import { ResourceOptions } from '../../resources/ResourceOptions';
import { useStores } from '../../stores/StoreContext';
import { createCompletionApi } from './completionApi';
import { GapsTab } from './GapsTab';
import { HistoryTab, type HistoryFilters } from './HistoryTab';

const METER_PICKER = [{ ref: 'meters' }];

/** /settings/completionHistory: gaps in the meters' data, completed by a method, and the history with undo. */
export const CompletionPage = observer(function CompletionPage() {
  const root = useStores();
  const { t } = useTranslation();
  const api = useMemo(() => createCompletionApi(root.http), [root.http]);
  const [meters] = useState(() => new ResourceOptions(root.http));
  const [history] = useState(
    () =>
      new PagedQuery<HistoryFilters, DataCompletion>(
        (query) => api.history(query),
        {},
        (c) => c._id,
      ),
  );
  useEffect(() => void meters.load(METER_PICKER), [meters]);
  return (
    <Card data-testid="completion-page">
      <Tabs
        defaultActiveKey="gaps"
        items={[
          {
            key: 'gaps',
            label: <span data-testid="completion-tab-gaps">{t('completion.tabs.gaps')}</span>,
            children: <GapsTab api={api} meters={meters} onCompleted={() => void history.load()} />,
          },
          {
            key: 'history',
            label: <span data-testid="completion-tab-history">{t('completion.tabs.history')}</span>,
            children: <HistoryTab api={api} list={history} meters={meters} />,
          },
        ]}
      />
    </Card>
  );
});

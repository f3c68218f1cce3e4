import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { resourceOfMenu } from './RoomsPage';

/** /pay/member: the members resource (people or companies who pay) on the generic list screen. */
export function MembersPage() {
  const { t } = useTranslation();
  const definition = useMemo(() => resourceOfMenu('/pay/member'), []);
  return definition ? (
    <ResourceListPage definition={definition} title={t('prepaid.members.title')} />
  ) : (
    <Card title={t('prepaid.members.title')}>
      <Empty description={t('prepaid.members.noResource')} />
    </Card>
  );
}

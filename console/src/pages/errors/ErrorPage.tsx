import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../routes/useDocumentTitle';

const TEXT_KEYS = { '404': 'errorPage.notFound', '401': 'errorPage.unauthorized' } as const;

/** /404 and /401 (spec §2 public routes): full page, outside the layout, with a way home. */
export function ErrorPage({ status }: { status: keyof typeof TEXT_KEYS }) {
  const { t } = useTranslation();
  useDocumentTitle(`route.${status}`);
  return (
    <main data-testid={`page-${status}`} style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status={status === '404' ? '404' : '403'}
        title={status}
        subTitle={t(TEXT_KEYS[status])}
        extra={
          <Link to="/dashboard">
            <Button type="primary">{t('errorPage.backHome')}</Button>
          </Link>
        }
      />
    </main>
  );
}

import { EyeOutlined } from '@ant-design/icons';
import { Button, Drawer, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helpArticleResource } from '@shared/resources/helpArticles';
import type { ResourceRow } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { ArticleMarkdown } from './ArticleMarkdown';

/** /inquiry/helpCenter: the help articles' generic list, with a preview of an article as readers see it. */
export function HelpArticlesPage() {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<ResourceRow | null>(null);
  return (
    <>
      <ResourceListPage
        definition={helpArticleResource}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(row)} data-testid={`help-preview-${row.id}`}>
            {t('inquiry.preview')}
          </Button>
        )}
      />
      {previewing && (
        <Drawer open size={560} title={String(previewing.title)} onClose={() => setPreviewing(null)} data-testid="help-preview">
          <Tag>{String(previewing.category)}</Tag>
          <Typography.Paragraph />
          <ArticleMarkdown body={String(previewing.body ?? '')} />
        </Drawer>
      )}
    </>
  );
}

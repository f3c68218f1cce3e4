import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Empty, Input, List, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isResourceLanguage } from '@shared/resources/resourceTexts';
import type { ContactDetails, HelpArticleHit } from '@shared/schemas/inquiry';
import { useStores } from '../../stores/StoreContext';
import { ArticleMarkdown } from './ArticleMarkdown';
import { ContactDetailsView } from './ContactDetailsView';
import { ContactForm } from './ContactForm';
import { createInquiryApi } from './inquiryApi';

/**
 * The help centre from the navbar's "?": the articles in the reader's language, searched on the server by
 * keyword (title and text), one read in place; below, the contact details and the contact form.
 */
export function HelpDrawer({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { http } = useStores();
  const api = useMemo(() => createInquiryApi(http), [http]);
  const language = isResourceLanguage(i18n.language) ? i18n.language : 'en';
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<HelpArticleHit[] | null>(null);
  const [reading, setReading] = useState<HelpArticleHit | null>(null);
  const [contact, setContact] = useState<ContactDetails | null>(null);
  const [writing, setWriting] = useState(false);

  useEffect(() => {
    let live = true;
    setHits(null);
    void api.searchHelp(language, keyword).then(
      (found) => live && setHits(found),
      () => live && setHits([]),
    );
    return () => {
      live = false;
    };
  }, [api, language, keyword]);
  useEffect(() => {
    void api.currentContact().then(setContact, () => setContact(null));
  }, [api]);

  return (
    <Drawer open title={t('inquiry.help.title')} onClose={onClose} size={560} data-testid="help-drawer">
      {reading ? (
        <div data-testid="help-reading">
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setReading(null)} style={{ paddingLeft: 0 }} data-testid="help-back">
            {t('inquiry.help.back')}
          </Button>
          <Tag>{reading.category}</Tag>
          <Typography.Title level={4} style={{ marginTop: 8 }}>
            {reading.title}
          </Typography.Title>
          <ArticleMarkdown body={reading.body} />
        </div>
      ) : (
        <>
          <Input.Search
            allowClear
            placeholder={t('inquiry.help.searchPlaceholder')}
            onSearch={(value) => setKeyword(value.trim())}
            enterButton
            data-testid="help-search"
          />
          {hits === null ? (
            <Spin style={{ display: 'block', margin: '24px auto' }} />
          ) : hits.length === 0 ? (
            <Empty description={t('inquiry.help.empty')} data-testid="help-empty" />
          ) : (
            <List
              dataSource={hits}
              data-testid="help-hits"
              renderItem={(hit) => (
                <List.Item key={hit.id} onClick={() => setReading(hit)} style={{ cursor: 'pointer' }} data-testid={`help-hit-${hit.id}`}>
                  <List.Item.Meta title={<a>{hit.title}</a>} description={<Tag>{hit.category}</Tag>} />
                </List.Item>
              )}
            />
          )}
        </>
      )}
      <Divider titlePlacement="start">{t('inquiry.help.contactTitle')}</Divider>
      <ContactDetailsView details={contact} testId="help-contact" />
      <Button icon={<MailOutlined />} style={{ marginTop: 12 }} onClick={() => setWriting(true)} data-testid="help-write-us">
        {t('inquiry.help.writeUs')}
      </Button>
      {writing && <ContactForm onClose={() => setWriting(false)} />}
    </Drawer>
  );
}

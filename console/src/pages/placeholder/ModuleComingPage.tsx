import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Form, Input, Result } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a permitted menu entry shows until its module arrives: the screen's title and a plain note
 * that it comes in a later release. The notes field is uncontrolled on purpose: what is typed
 * survives only while the view stays cached in the tags bar, which makes the caching visible.
 */
export function ModuleComingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const notesId = useId();
  return (
    <Card data-testid="module-coming">
      <Result
        icon={<ClockCircleOutlined />}
        title={<span data-testid="module-coming-title">{t(titleKey)}</span>}
        subTitle={
          <>
            <div>{t('moduleComing.notice')}</div>
            <div>{t('moduleComing.detail')}</div>
          </>
        }
      />
      <Form layout="vertical" style={{ maxWidth: 480, margin: '0 auto' }}>
        <Form.Item label={t('moduleComing.notes')} htmlFor={notesId}>
          <Input id={notesId} placeholder={t('moduleComing.notesPlaceholder')} data-testid="placeholder-note" />
        </Form.Item>
      </Form>
    </Card>
  );
}

import { Alert, Flex } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveAnnouncement } from '@shared/schemas/inquiry';
import { useStores } from '../../stores/StoreContext';
import { dismiss, dismissedIds } from './dismissedAnnouncements';
import { createInquiryApi } from './inquiryApi';

/**
 * The console home's banners: today's announcements for home of the user's tree and the platform's. Each
 * can be dismissed; the dismissal is remembered for this user in this browser. Plain text, line breaks kept.
 */
export const HomeAnnouncements = observer(function HomeAnnouncements() {
  const { t } = useTranslation();
  const { http, session } = useStores();
  const api = useMemo(() => createInquiryApi(http), [http]);
  const userId = session.userId ?? 0;
  const [items, setItems] = useState<ActiveAnnouncement[]>([]);
  const [hidden, setHidden] = useState<Set<number>>(() => dismissedIds(localStorage, userId));

  useEffect(() => {
    let live = true;
    // A refusal (no token yet, server down) leaves the home without banners; the home says the rest.
    void api.homeAnnouncements().then(
      (found) => live && setItems(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  useEffect(() => setHidden(dismissedIds(localStorage, userId)), [userId]);

  const shown = items.filter((item) => !hidden.has(item.id));
  if (shown.length === 0) return null;
  const close = (id: number) => {
    dismiss(
      localStorage,
      userId,
      id,
      items.map((item) => item.id),
    );
    setHidden(dismissedIds(localStorage, userId));
  };
  return (
    <Flex vertical gap={8} data-testid="home-announcements">
      {shown.map((item) => (
        <Alert
          key={item.id}
          type="info"
          showIcon
          data-testid={`home-announcement-${item.id}`}
          title={item.title}
          description={
            <Flex gap={12} align="flex-start">
              {item.picture && <img src={item.picture} alt="" style={{ maxWidth: 160, maxHeight: 90, objectFit: 'contain', flex: 'none' }} />}
              <span style={{ whiteSpace: 'pre-wrap' }}>{item.body}</span>
            </Flex>
          }
          closable={{ closeIcon: true, 'aria-label': t('inquiry.banner.dismiss') }}
          onClose={() => close(item.id)}
        />
      ))}
    </Flex>
  );
});

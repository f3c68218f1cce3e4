import { useTranslation } from 'react-i18next';
import { MessageScreen } from './MessageScreen';

/** A revoked display: nothing of the board stays on the wall, and the wall asks the server nothing more. */
export function RevokedScreen() {
  const { t } = useTranslation();
  return <MessageScreen title={t('kioskRuntime.revoked.title')} note={t('kioskRuntime.revoked.note')} testId="display-revoked" />;
}

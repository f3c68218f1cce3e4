import { Badge } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';
import styles from './Sidebar.module.css';

interface MenuTitleProps {
  fullpath: string;
  titleKey: string;
  testId?: string;
}

/** An entry's title (cut with … when long, whole in the tooltip) with its open-alarm badge when above 0. */
export const MenuTitle = observer(function MenuTitle({ fullpath, titleKey, testId }: MenuTitleProps) {
  const { alarms } = useStores();
  const { t } = useTranslation();
  const count = alarms.badgeFor(fullpath);
  const title = t(titleKey);
  return (
    <span className={styles.title} data-testid={testId}>
      <span className={styles.titleText} title={title}>
        {title}
      </span>
      {count > 0 && <Badge count={count} size="small" className={styles.badge} data-testid={`menu-badge-${fullpath}`} />}
    </span>
  );
});

import { Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { titleKey } from '@shared/menu';
import { ALWAYS_SHOWN_GROUPS, SITE_MENU_GROUPS } from '@shared/schemas/siteSettings';
import styles from './SiteSettingsPage.module.css';

interface MenuGroupsFieldProps {
  /** The hidden groups (antd Form passes them). */
  value?: string[];
  onChange?(hidden: string[]): void;
  disabled?: boolean;
}

/** Every menu group with a switch: on = the site uses it. The settings and dashboard groups are always on. */
export function MenuGroupsField({ value = [], onChange, disabled }: MenuGroupsFieldProps) {
  const { t } = useTranslation();
  const hidden = new Set(value);
  const toggle = (group: string, shown: boolean) => {
    const next = SITE_MENU_GROUPS.filter((path) => (path === group ? !shown : hidden.has(path)));
    onChange?.(next);
  };
  return (
    <div className={styles.groups} data-testid="site-groups">
      {SITE_MENU_GROUPS.map((group) => {
        const fixed = ALWAYS_SHOWN_GROUPS.includes(group);
        const shown = !hidden.has(group);
        return (
          <label key={group} className={styles.group} data-testid={`site-group-${group.slice(1)}`}>
            <Switch
              size="small"
              checked={shown}
              disabled={disabled || fixed}
              onChange={(on) => toggle(group, on)}
              aria-label={t(titleKey(group))}
              data-testid={`site-group-switch-${group.slice(1)}`}
            />
            <span className={styles.groupName}>
              <Typography.Text delete={!shown}>{t(titleKey(group))}</Typography.Text>
              <Typography.Text type="secondary" className={styles.groupPath}>
                {group}
              </Typography.Text>
            </span>
            {fixed ? <Tag>{t('siteSettings.alwaysShown')}</Tag> : !shown && <Tag color="orange">{t('siteSettings.groupHidden')}</Tag>}
          </label>
        );
      })}
    </div>
  );
}

import { Card, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarTab } from './CalendarTab';
import { RotaTab } from './RotaTab';
import { ShiftEnergyTab } from './ShiftEnergyTab';
import { TeamsTab } from './TeamsTab';
import { TemplatesTab } from './TemplatesTab';
import styles from './shifts.module.css';

const TABS = ['calendar', 'templates', 'teams', 'rota', 'energy'] as const;
type Tab = (typeof TABS)[number];

/** devices/shift: the working calendar, shift templates, teams, the rota per department and energy per shift. */
export function ShiftsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('calendar');
  const content: Record<Tab, () => ReactNode> = {
    calendar: () => <CalendarTab />,
    templates: () => <TemplatesTab />,
    teams: () => <TeamsTab />,
    rota: () => <RotaTab />,
    energy: () => <ShiftEnergyTab />,
  };
  return (
    <div className={styles.page} data-testid="shifts-page">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          destroyOnHidden
          items={TABS.map((key) => ({ key, label: t(`shifts.tabs.${key}`), children: content[key](), 'data-testid': `shifts-tab-${key}` }))}
        />
      </Card>
    </div>
  );
}

import { Card, Empty } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatQuantity } from '@shared/format';
import type { EnergySummary } from '@shared/schemas/energy';
import { useStores } from '../../stores/StoreContext';
import styles from './DashboardPage.module.css';

const BALANCE_PATH = '/others/electricBalance';

interface TopDepartmentsProps {
  departments: EnergySummary['topDepartments'];
  unit: string;
}

/** Today's biggest electricity users as a ranked list with bars scaled to the first. */
export const TopDepartments = observer(function TopDepartments({ departments, unit }: TopDepartmentsProps) {
  const { t } = useTranslation();
  const { permission, settings } = useStores();
  // Only a user who may open the balance gets a link there.
  const linkable = permission.hasRoute(BALANCE_PATH);
  const largest = Math.max(0, ...departments.map((department) => department.energy));

  return (
    <Card size="small" title={t('home.topDepartments.title')} data-testid="home-top-departments" style={{ height: '100%' }}>
      {departments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.topDepartments.empty')} />
      ) : (
        <ol className={styles.ranking}>
          {departments.map((department, index) => (
            <li key={department.id} className={styles.rank} data-testid={`home-top-department-${department.id}`}>
              <span className={styles.rankNumber}>{index + 1}</span>
              <span className={styles.rankName} title={department.name}>
                {linkable ? (
                  <Link to={`${BALANCE_PATH}?departmentId=${department.id}`} title={t('home.topDepartments.openBalance')}>
                    {department.name}
                  </Link>
                ) : (
                  department.name
                )}
              </span>
              <span className={styles.rankValue}>{formatQuantity(department.energy, unit)}</span>
              <span className={styles.rankBar} aria-hidden>
                <span style={{ width: `${largest > 0 ? (department.energy / largest) * 100 : 0}%`, background: settings.theme }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
});

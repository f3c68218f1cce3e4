import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './MeterDataPage.module.css';

/** A toolbar control with its caption above it, so the row stays readable when it wraps. */
export function ToolbarField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <Typography.Text type="secondary" className={styles.fieldLabel}>
        {label}
      </Typography.Text>
      {children}
    </div>
  );
}

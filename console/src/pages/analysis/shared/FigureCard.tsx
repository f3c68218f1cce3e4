import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { withThousands } from '@shared/format';

interface FigureCardProps {
  title: ReactNode;
  value: number | null;
  unit: string;
  /** Decimals shown (energy 2, shares 1). */
  digits?: number;
  /** A line under the figure (the peak's date). */
  note?: ReactNode;
  testId: string;
  loading?: boolean;
}

/** One headline figure with its unit; `–` while there is none. */
export function FigureCard({ title, value, unit, digits = 2, note, testId, loading = false }: FigureCardProps) {
  return (
    <Card size="small" data-testid={testId} loading={loading}>
      <Statistic title={title} value={value === null ? '–' : withThousands(value, digits)} suffix={value === null ? undefined : unit} />
      {note && <div style={{ marginTop: 4, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{note}</div>}
    </Card>
  );
}

import { Typography } from 'antd';
import { formatDateTime } from '@shared/format';

/**
 * A time in a list cell: date and time of day each kept whole, so a squeezed column breaks between them
 * (two lines) rather than inside the date; "—" when there is none.
 */
export function DateTimeText({ at }: { at: number | null | undefined }) {
  if (at === null || at === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  const [date, time] = formatDateTime(at).split(' ');
  return (
    <span>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span> <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
    </span>
  );
}

import { Typography } from 'antd';

interface CutTextProps {
  text: string | null | undefined;
  /** Widest the cell text gets (px) before it is cut; the whole text shows in a tooltip. */
  maxWidth?: number;
  /** Lines before the cut (1 by default). */
  rows?: number;
  type?: 'danger' | 'secondary';
}

/** A long cell text (description, note, URL) cut to its width with the whole text in a tooltip; "—" when empty. */
export function CutText({ text, maxWidth = 220, rows = 1, type }: CutTextProps) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return rows === 1 ? (
    <Typography.Text type={type} ellipsis={{ tooltip: text }} style={{ maxWidth, display: 'inline-block', verticalAlign: 'bottom' }}>
      {text}
    </Typography.Text>
  ) : (
    <Typography.Paragraph type={type} ellipsis={{ rows, tooltip: text }} style={{ margin: 0, maxWidth }}>
      {text}
    </Typography.Paragraph>
  );
}

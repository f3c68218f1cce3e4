import { Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardDocument } from '@shared/board/document';
import { diffBoards } from './boardDiff';
import { changeLine } from './changeText';
import styles from './VersionHistory.module.css';

interface VersionDiffProps {
  revision: number;
  from: BoardDocument;
  to: BoardDocument;
}

/** What changed from a saved version to the editor's document, one plain-text line per change. */
export function VersionDiff({ revision, from, to }: VersionDiffProps) {
  const { t, i18n } = useTranslation();
  const lines = useMemo(() => diffBoards(from, to).map((change) => changeLine(i18n, change, from, to)), [from, to, i18n]);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    // The list may be long: bring the comparison into view where it was asked for.
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [revision]);

  return (
    <section ref={box} className={styles.diff} data-testid="history-diff">
      <Typography.Title level={5}>{t('boardFields.history.diffTitle', { revision })}</Typography.Title>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">{t('boardFields.history.noDifferences')}</Typography.Text>
      ) : (
        <ul className={styles.changes}>
          {lines.map((line, index) => (
            <li key={index}>
              <Typography.Text>{line.text}</Typography.Text>
              {line.before !== undefined && line.after !== undefined && (
                <Typography.Text type="secondary">
                  {': '}
                  <span className={styles.before}>{line.before}</span>
                  {' → '}
                  <span>{line.after}</span>
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

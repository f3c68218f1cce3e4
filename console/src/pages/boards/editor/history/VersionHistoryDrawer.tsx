import { App, Button, Drawer, Empty, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardVersionsApi } from '@shared/api/boardVersionsApi';
import type { BoardDocument } from '@shared/board/document';
import { formatDateTime } from '@shared/format';
import type { BoardRecord, BoardVersionSummary } from '@shared/schemas/boards';
import { noteText } from './changeText';
import { VersionDiff } from './VersionDiff';
import styles from './VersionHistory.module.css';

interface VersionHistoryDrawerProps {
  open: boolean;
  boardId: number;
  /** What the editor holds: its document (maybe with unsaved edits) and the revision it was loaded at. */
  current: { document: BoardDocument; revision: number };
  /** Unsaved edits: restoring replaces them, so the confirmation says so. */
  dirty: boolean;
  api: BoardVersionsApi;
  onRestored(record: BoardRecord): void;
  onClose(): void;
}

/** The version the compare list shows against the current document. */
interface Compared {
  revision: number;
  document: BoardDocument;
}

const newestFirst = (versions: readonly BoardVersionSummary[]) => [...versions].sort((a, b) => b.revision - a.revision);

/**
 * The saved versions of a board, newest first: compare one with what the editor holds, or restore it
 * (saved by the server as a new revision on top of the current one; nothing is rewritten). Failed calls
 * are reported by the api hook's toast; the drawer just stops waiting.
 */
export function VersionHistoryDrawer({ open, boardId, current, dirty, api, onRestored, onClose }: VersionHistoryDrawerProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [versions, setVersions] = useState<BoardVersionSummary[] | undefined>(undefined);
  const [compared, setCompared] = useState<Compared | undefined>(undefined);
  /** 'compare-3' or 'restore-3' while that call runs. */
  const [busy, setBusy] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setVersions(undefined);
    api
      .boardVersions(boardId)
      .then((list) => live && setVersions(newestFirst(list)))
      .catch(() => live && setVersions([]));
    return () => {
      live = false;
    };
  }, [api, boardId, current.revision, open]);

  useEffect(() => {
    // Another board, or a new revision (saved or restored): an old comparison no longer says what it said.
    setCompared(undefined);
  }, [boardId, current.revision]);

  const compare = async (revision: number) => {
    setBusy(`compare-${revision}`);
    try {
      const version = await api.boardVersion(boardId, revision);
      setCompared({ revision, document: version.document });
    } catch {
      // The api hook showed the message.
    } finally {
      setBusy(undefined);
    }
  };

  const restore = async (revision: number) => {
    setBusy(`restore-${revision}`);
    try {
      const record = await api.restoreBoardVersion(boardId, revision, current.revision);
      void message.success(t('boardFields.history.restored', { revision, saved: record.revision }));
      onRestored(record);
    } catch {
      // The api hook showed the message (a revision conflict says someone saved since).
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Drawer open={open} size={560} title={t('boardFields.history.title')} onClose={onClose} destroyOnHidden data-testid="history-drawer">
      {compared && <VersionDiff revision={compared.revision} from={compared.document} to={current.document} />}
      {versions === undefined ? (
        <Spin />
      ) : versions.length === 0 ? (
        <Empty description={t('boardFields.history.empty')} />
      ) : (
        <ol className={styles.versions}>
          {versions.map((version) => {
            const isCurrent = version.revision === current.revision;
            return (
              <li key={version.revision} className={styles.version} data-testid={`history-version-${version.revision}`}>
                <Space size={8} wrap>
                  <Typography.Text strong>{t('boardFields.history.revision', { revision: version.revision })}</Typography.Text>
                  {isCurrent && <Tag color="blue">{t('boardFields.history.current')}</Tag>}
                  <Typography.Text type="secondary">{noteText(i18n, version.note)}</Typography.Text>
                </Space>
                <Typography.Text type="secondary" className={styles.when}>
                  {t('boardFields.history.savedBy', { who: version.savedBy, when: formatDateTime(version.savedAt) })}
                </Typography.Text>
                <Space size={8}>
                  <Button
                    size="small"
                    loading={busy === `compare-${version.revision}`}
                    onClick={() => void compare(version.revision)}
                    data-testid={`history-compare-${version.revision}`}
                  >
                    {t('boardFields.history.compare')}
                  </Button>
                  {!isCurrent && (
                    <Popconfirm
                      title={t('boardFields.history.restoreTitle', { revision: version.revision })}
                      description={
                        <>
                          <div>{t('boardFields.history.restoreNote')}</div>
                          {dirty && <Typography.Text type="danger">{t('boardFields.history.dirtyWarning')}</Typography.Text>}
                        </>
                      }
                      okText={t('boardFields.history.restoreOk')}
                      cancelText={t('boardFields.history.cancel')}
                      okButtonProps={{ danger: dirty, 'data-testid': 'history-restore-confirm' }}
                      onConfirm={() => restore(version.revision)}
                    >
                      <Button size="small" loading={busy === `restore-${version.revision}`} data-testid={`history-restore-${version.revision}`}>
                        {t('boardFields.history.restore')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              </li>
            );
          })}
        </ol>
      )}
    </Drawer>
  );
}

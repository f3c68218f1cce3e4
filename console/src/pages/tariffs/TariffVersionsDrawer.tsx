import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TariffVersion, TariffVersionSummary } from '@shared/schemas/tariffs';
import { BAND_COLOURS } from '@shared/tariffs';
import { useNotify } from '../../feedback/notify';
import { Gate } from '../../lists/Gate';
import { ListTable } from '../../lists/ListTable';
import { RowActions } from '../../lists/RowActions';
import { usePermission } from '../../permissions/Permission';
import { ruleText } from './editor/ruleText';
import { VersionDraft } from './editor/VersionDraft';
import { VersionEditor } from './editor/VersionEditor';
import styles from './tariffs.module.css';
import type { TariffsController } from './TariffsController';
import { TARIFFS_GATE, TARIFFS_MENU } from './tariffTexts';

interface Editing {
  draft: VersionDraft;
  title: string;
  /** Shown to a reader without the edit button: no save. */
  readOnly: boolean;
}

/** Today in the browser as YYYY-MM-DD: where a first version starts unless the operator picks another day. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The day after a YYYY-MM-DD day. */
const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * A tariff's versions (valid from/to, seasons, bands, note, warnings) with new / edit / copy / delete, and
 * the version editor in the same drawer. A save tells what the server did besides: the recompute job it
 * queued and the previous open-ended version it closed.
 */
export const TariffVersionsDrawer = observer(function TariffVersionsDrawer({ controller }: { controller: TariffsController }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState<Editing | null>(null);
  const canEdit = usePermission(TARIFFS_MENU)('edit');
  const tariff = controller.open;
  if (!tariff) return null;

  const start = (draft: VersionDraft, title: string, readOnly = false) => setEditing({ draft, title, readOnly });
  const startNew = () => {
    // The day after the newest version ends; after an open-ended one today (the server closes it the day before).
    const newest = tariff.versions[0];
    const later = (a: string, b: string) => (a > b ? a : b);
    const from = !newest ? today() : newest.validTo ? dayAfter(newest.validTo) : later(today(), dayAfter(newest.validFrom));
    const whole = newest && controller.versions.get(newest.id);
    const draft = whole ? VersionDraft.of(whole, true) : VersionDraft.blank(from, t('tariffs.editor.defaultSeason'));
    draft.setDays(from, '');
    start(draft, t('tariffs.editor.newTitle', { name: tariff.name }));
  };
  const saved = (version: TariffVersion) => {
    const extra = [
      version.recomputeJobId ? t('tariffs.editor.recompute', { id: version.recomputeJobId }) : '',
      version.closedPrevious ? t('tariffs.editor.closedPrevious', { to: version.closedPrevious.validTo }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    notify.success(t('tariffs.editor.saved', { from: version.validFrom }), extra || undefined);
    setEditing(null);
    void controller.refreshOpen();
  };

  const columns: TableColumnsType<TariffVersionSummary> = [
    {
      key: 'days',
      title: `${t('tariffs.versions.validFrom')} – ${t('tariffs.versions.validTo')}`,
      render: (_, version) => (
        <div>
          <span className={styles.nowrapDays}>{t('tariffs.list.range', { from: version.validFrom, to: version.validTo ?? t('tariffs.list.openEnded') })}</span>
          {version.id === tariff.currentVersionId && (
            <Tag color="green" style={{ marginInlineStart: 8 }}>
              {t('tariffs.versions.current')}
            </Tag>
          )}
        </div>
      ),
    },
    { key: 'seasons', title: t('tariffs.versions.seasons'), render: (_, version) => version.seasons.join(', ') },
    {
      key: 'bands',
      title: t('tariffs.versions.bands'),
      render: (_, version) => (
        <Flex gap={4} wrap>
          {version.bands.map((band) => (
            <Tag key={band} color={BAND_COLOURS[band]} variant="solid" style={{ marginInlineEnd: 0 }}>
              {t(`tariffs.band.${band}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'note', dataIndex: 'note', title: t('tariffs.versions.note'), ellipsis: true, width: 200 },
    {
      key: 'warnings',
      // Kept on one line: with a short cell ('None', 无) the column shrank until 提示 broke into two lines.
      title: <span className={styles.nowrapDays}>{t('tariffs.versions.warnings')}</span>,
      render: (_, version) => {
        const whole = controller.versions.get(version.id);
        if (!whole) return <Typography.Text type="secondary">…</Typography.Text>;
        if (whole.warnings.length === 0)
          return (
            <Typography.Text type="secondary" className={styles.nowrapDays}>
              {t('tariffs.versions.noWarnings')}
            </Typography.Text>
          );
        return (
          <Tooltip title={whole.warnings.map((issue) => ruleText(t, { field: issue.path, message: issue.message })).join('\n')}>
            <Tag color="warning" data-testid={`version-warnings-${version.id}`}>
              {t('tariffs.versions.warningCount', { count: whole.warnings.length })}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      key: 'actions',
      title: t('tariffs.list.actions'),
      render: (_, version) => {
        const whole = controller.versions.get(version.id);
        return (
          <RowActions
            gate={TARIFFS_GATE}
            actions={[
              whole &&
                !canEdit && {
                  label: t('tariffs.versions.view'),
                  testId: `version-view-${version.id}`,
                  onClick: () => start(VersionDraft.of(whole), t('tariffs.editor.editTitle', { name: tariff.name, from: version.validFrom }), true),
                },
              whole && {
                button: 'edit',
                label: t('tariffs.versions.edit'),
                testId: `version-edit-${version.id}`,
                onClick: () => start(VersionDraft.of(whole), t('tariffs.editor.editTitle', { name: tariff.name, from: version.validFrom })),
              },
              whole && {
                button: 'add',
                label: t('tariffs.versions.copy'),
                testId: `version-copy-${version.id}`,
                onClick: () => start(VersionDraft.of(whole, true), t('tariffs.editor.newTitle', { name: tariff.name })),
              },
              {
                button: 'delete',
                label: t('tariffs.versions.delete'),
                danger: true,
                confirm: t('tariffs.versions.deleteConfirm', { from: version.validFrom }),
                testId: `version-delete-${version.id}`,
                onClick: () =>
                  void controller.removeVersion(version.id).then((done) => {
                    if (done) notify.success(t('tariffs.versions.deleted'));
                  }),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <Drawer
      open
      size={1120}
      title={t('tariffs.versions.title', { name: tariff.name })}
      onClose={() => {
        setEditing(null);
        controller.close();
      }}
      destroyOnHidden
      data-testid="tariff-versions"
    >
      {editing ? (
        <VersionEditor
          draft={editing.draft}
          title={editing.title}
          currency={tariff.currency}
          readOnly={editing.readOnly}
          send={(body) =>
            editing.draft.id === undefined ? controller.api.createVersion(tariff.id, body) : controller.api.updateVersion(editing.draft.id, body)
          }
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Flex vertical gap={12}>
          {tariff.versions.length === 0 && <Alert type="info" showIcon title={t('tariffs.versions.none')} />}
          <Flex justify="end">
            <Gate gate={TARIFFS_GATE} button="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={startNew} disabled={controller.versionsLoading} data-testid="version-add">
                {t('tariffs.versions.add')}
              </Button>
            </Gate>
          </Flex>
          <ListTable<TariffVersionSummary>
            rows={tariff.versions}
            loading={controller.versionsLoading || controller.busy}
            rowKey="id"
            columns={columns}
            testId="version-table"
            rowAttributes={(version) => ({ 'data-testid': `version-row-${version.id}` })}
            emptyText={t('tariffs.versions.none')}
          />
        </Flex>
      )}
    </Drawer>
  );
});

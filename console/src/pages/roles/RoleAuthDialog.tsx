import { Alert, Button, Drawer, Flex, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RouterEntry } from '@shared/schemas/router';
import type { RoleRow } from '@shared/schemas/roles';
import { useNotify } from '../../feedback/notify';
import { entryTitle } from '../menus/entryTitle';
import { authTree, grantedIds, toggleGrant, type AuthNode } from './authTree';
import { useRoleApis } from './useRoleApis';

interface RoleAuthDialogProps {
  role: RoleRow;
  onSaved(): void;
  onClose(): void;
}

const treeData = (t: TFunction, nodes: AuthNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.key,
    title: (
      <span data-testid={`role-auth-node-${node.key}`}>
        {entryTitle(t, node.entry)}
        {node.entry.type === 'button' && (
          <Tag bordered={false} color="blue" style={{ marginInlineStart: 6 }}>
            {t('roles.buttonTag')}
          </Tag>
        )}
      </span>
    ),
    children: treeData(t, node.children),
  }));

/**
 * "Assign menus": every entry of GET /routers/tree, menus and their buttons, ticked as the role holds
 * them; saved whole with PUT /routers/roles-auth.
 */
export function RoleAuthDialog({ role, onSaved, onClose }: RoleAuthDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { roles, routers } = useRoleApis();
  const [entries, setEntries] = useState<RouterEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [granted, setGranted] = useState<Set<number>>(() => new Set(role.routers));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    routers
      .tree()
      .then((rows) => live && setEntries(rows))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [routers]);

  const data = useMemo(() => (entries ? treeData(t, authTree(entries)) : []), [entries, t]);

  const save = async () => {
    if (!entries) return;
    setSaving(true);
    try {
      await roles.saveAuth({ roleId: role._id, routerIds: grantedIds(granted, entries) });
      notify.success(t('roles.authSaved', { name: role.name }));
      onSaved();
    } catch {
      // The api toast said why; the tree keeps the choice for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      size={480}
      title={t('roles.authTitle', { name: role.name })}
      onClose={onClose}
      data-testid="role-auth-dialog"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('roles.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={!entries || saving} onClick={() => void save()} data-testid="role-auth-save">
            {t('roles.save')}
          </Button>
        </Flex>
      }
    >
      <Alert type="info" showIcon title={t('roles.authHint')} style={{ marginBottom: 12 }} />
      {failed && <Alert type="error" showIcon title={t('roles.treeFailed')} />}
      {!entries && !failed ? (
        <Spin />
      ) : (
        <div data-testid="role-auth-tree">
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            selectable={false}
            treeData={data}
            checkedKeys={[...granted]}
            onCheck={(_, info) => entries && setGranted((current) => toggleGrant(current, entries, Number(info.node.key), info.checked))}
          />
        </div>
      )}
    </Drawer>
  );
}

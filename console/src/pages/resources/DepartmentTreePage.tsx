import { ApartmentOutlined } from '@ant-design/icons';
import { Badge, Card, Empty, Flex, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDepartmentTree, meterResource } from '@shared/resources';
import { DepartmentTreeController, type DepartmentTreeNode } from '../../resources/DepartmentTreeController';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useStores } from '../../stores/StoreContext';

/** Beside the tree the list is narrower: these columns stay on the device screen. */
const NARROW_HIDDEN = ['gatewayId'];

const toTreeData = (nodes: DepartmentTreeNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: (
      <Flex gap={8} align="center" data-testid={`department-node-${node.code}`}>
        <span>{node.name}</span>
        <Badge count={node.totalMeters} showZero color={node.totalMeters ? '#409EFF' : '#bfbfbf'} size="small" />
      </Flex>
    ),
    children: toTreeData(node.children),
  }));

/** /devices/depart: the department tree with meter counts; the chosen department's meters beside it. */
export const DepartmentTreePage = observer(function DepartmentTreePage() {
  const root = useStores();
  const { t } = useTranslation();
  const [controller] = useState(() => new DepartmentTreeController(() => fetchDepartmentTree(root.http)));
  useEffect(() => void controller.load(), [controller]);
  const selected = controller.selected;
  const canSeeMeters = root.permission.hasRoute(meterResource.menu);

  return (
    <Flex gap={16} align="start" data-testid="department-tree-page">
      <Card
        title={
          <>
            <ApartmentOutlined /> {t('resources.tree.title')}
          </>
        }
        style={{ width: 320, flex: 'none' }}
        styles={{ body: { padding: 12 } }}
      >
        <Spin spinning={controller.loading}>
          {controller.nodes.length === 0 && !controller.loading ? (
            <Empty description={t('resources.tree.empty')} />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              key={controller.nodes.length}
              treeData={toTreeData(controller.tree)}
              selectedKeys={controller.selectedId === undefined ? [] : [controller.selectedId]}
              onSelect={(keys) => keys[0] !== undefined && controller.select(Number(keys[0]))}
              data-testid="department-tree"
            />
          )}
        </Spin>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
          {t('resources.tree.countNote')}
        </Typography.Paragraph>
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        {selected && canSeeMeters ? (
          <ResourceListPage
            key={selected.id}
            definition={meterResource}
            fixedFilters={{ departmentId: selected.id }}
            hiddenColumns={NARROW_HIDDEN}
            title={t('resources.tree.metersOf', { name: selected.name, code: selected.code })}
          />
        ) : (
          <Card>
            <Empty description={t(selected ? 'resources.tree.noMeterAccess' : 'resources.tree.choose')} />
          </Card>
        )}
      </div>
    </Flex>
  );
});

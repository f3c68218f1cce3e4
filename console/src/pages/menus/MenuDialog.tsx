import { Descriptions, Form, Input, Radio, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { joinPath } from '@shared/menu';
import { routerInputSchema, type RouterEntry, type RouterInput } from '@shared/schemas/router';
import { contractRule, keyText } from '../../forms/contractRules';
import { FormDialog } from '../../forms/FormDialog';
import type { MenusController } from './MenusController';

/** What the dialog edits: a new entry under a parent (null: top level), or an existing one. */
export type MenuEditing = { kind: 'add'; parent: RouterEntry | null } | { kind: 'edit'; entry: RouterEntry };

interface MenuFields {
  path: string;
  type: 'menu' | 'button';
  title: string;
  icon: string;
  /** Typed as text so a non-number can be refused with the catalogue's rule, not silently dropped. */
  sort: string;
  hidden: boolean;
  noRole: boolean;
}

/** '' → the contract's default; anything else must read as a whole number (spec §5 "sort must be a number"). */
const sortValue = (value: unknown): number | undefined => {
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
};

const s = routerInputSchema.shape;

/** One router entry: path, title, type, icon, sort and flags; full path and level follow the parent. */
export const MenuDialog = observer(function MenuDialog({
  controller,
  editing,
  onClose,
}: {
  controller: MenusController;
  editing: MenuEditing;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MenuFields>();
  const entry = editing.kind === 'edit' ? editing.entry : null;
  const parent = editing.kind === 'add' ? editing.parent : controller.byId(editing.entry.parent);
  const path = Form.useWatch('path', form) ?? entry?.path ?? '';
  const title = Form.useWatch('title', form) ?? entry?.title ?? '';

  const submit = async (fields: MenuFields) => {
    const input: RouterInput = {
      path: fields.path,
      parent: parent?._id ?? null,
      type: fields.type,
      title: fields.title,
      icon: fields.icon?.trim() ? fields.icon.trim() : null,
      sort: sortValue(fields.sort) ?? 0,
      hidden: fields.hidden,
      noRole: fields.noRole,
    };
    const saved = await controller.save(entry?._id ?? null, input);
    return t(entry ? 'menus.updated' : 'menus.created', { path: saved?.fullpath ?? joinPath(parent?.fullpath ?? '', input.path) });
  };

  return (
    <FormDialog<MenuFields>
      form={form}
      maxWidth={640}
      title={t(entry ? 'menus.editTitle' : parent ? 'menus.addChildTitle' : 'menus.addTitle', { parent: parent?.fullpath ?? '' })}
      okText={t('menus.save')}
      cancelText={t('menus.cancel')}
      testId="menu-dialog"
      saving={controller.saving}
      submit={submit}
      onClose={onClose}
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }} bordered>
        <Descriptions.Item label={t('menus.fullpath')}>
          <span data-testid="menu-fullpath">{path.trim() ? joinPath(parent?.fullpath ?? '', path.trim()) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('menus.level')}>
          <span data-testid="menu-level">{parent ? parent.level + 1 : 0}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form<MenuFields>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{
          path: entry?.path ?? '',
          type: entry?.type ?? 'menu',
          title: entry?.title ?? '',
          icon: entry?.icon ?? '',
          sort: String(entry?.sort ?? 0),
          hidden: entry?.hidden ?? false,
          noRole: entry?.noRole ?? false,
        }}
      >
        <Form.Item
          name="path"
          label={t('menus.path')}
          required
          extra={t(parent ? 'menus.pathChildHint' : 'menus.pathTopHint')}
          rules={[contractRule(t, s.path)]}
        >
          <Input placeholder={parent ? 'reportList' : '/report'} data-testid="menu-path" />
        </Form.Item>
        <Form.Item name="type" label={t('menus.type')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'menu', label: t('menus.typeMenu') },
              { value: 'button', label: t('menus.typeButton') },
            ]}
            data-testid="menu-type"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('menus.titleKey')}
          required
          extra={title.trim() ? t('menus.titlePreview', { text: keyText(t, title.trim()) }) : t('menus.titleHint')}
          rules={[contractRule(t, s.title)]}
        >
          <Input placeholder="route.reportList" data-testid="menu-title" />
        </Form.Item>
        <Form.Item name="icon" label={t('menus.icon')} extra={t('menus.iconHint')}>
          <Input placeholder="SettingOutlined" data-testid="menu-icon" />
        </Form.Item>
        <Form.Item name="sort" label={t('menus.sort')} rules={[contractRule(t, s.sort, sortValue)]}>
          <Input inputMode="numeric" style={{ width: 160 }} data-testid="menu-sort" />
        </Form.Item>
        <Form.Item name="hidden" label={t('menus.hidden')} valuePropName="checked" extra={t('menus.hiddenHint')}>
          <Switch data-testid="menu-hidden" />
        </Form.Item>
        <Form.Item name="noRole" label={t('menus.noRole')} valuePropName="checked" extra={t('menus.noRoleHint')}>
          <Switch data-testid="menu-no-role" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
});

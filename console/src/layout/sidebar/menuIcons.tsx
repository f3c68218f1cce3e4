import {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DiffOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  MailOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  WalletOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu entries name their icon (shared/menu MENU_GROUPS). Listing them here keeps the bundle to the
 * icons in use; a name missing from the table shows the generic icon.
 */
const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  BarChartOutlined,
  BellOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DiffOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  MailOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  WalletOutlined,
  WechatOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}

/** For a test: the names the table knows. */
export const KNOWN_MENU_ICONS = Object.keys(MENU_ICONS);

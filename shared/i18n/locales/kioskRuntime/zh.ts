import type { CatalogueShape } from '../../catalogue';
import type { kioskRuntimeEn } from './en';

export const kioskRuntimeZh: CatalogueShape<typeof kioskRuntimeEn> = {
  loading: '正在加载看板…',
  connecting: '正在连接服务器…',
  widget: {
    unknownType: '未知的组件类型"{{type}}"',
    invalidOptions: '{{name}}：配置无效',
    failed: '{{name}} 无法绘制，30 秒后重试',
    lastUpdate: '最后更新 {{time}}',
    noData: '暂无数据',
  },
  connection: {
    lost: '连接已断开 — 显示 {{time}} 的数据，正在重连…（第 {{attempt}} 次）',
    lostNoData: '连接已断开 — 正在重连…（第 {{attempt}} 次）',
  },
  signIn: {
    title: '需要登录',
    note: '此屏幕没有有效的登录。请登录，或从控制台打开显示屏链接。',
    link: '登录',
  },
  revoked: {
    title: '此显示屏已被吊销',
    note: '请联系管理员获取新的显示屏链接。',
  },
  board: {
    notFound: '未找到看板 {{id}}。',
    notShared: '看板 {{id}} 未共享给您。',
    askUser: '请联系管理您用户树的 {{name}}（{{username}}）将其共享给您。',
    askAdmin: '请联系管理员将其共享给您。',
    deleted: '此看板已被删除。',
    failed: '看板加载失败，正在重试…',
    invalid: '此看板无法显示：{{reason}}',
    noBoards: '此显示屏没有可显示的看板。',
  },
  playlist: {
    failed: '轮播列表加载失败，正在重试…',
    allFailed: '轮播列表中的看板都无法加载，正在重试…',
  },
};

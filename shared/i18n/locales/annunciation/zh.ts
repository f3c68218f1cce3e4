import type { CatalogueShape } from '../../catalogue';
import type { annunciationEn } from './en';

export const annunciationZh: CatalogueShape<typeof annunciationEn> = {
  loading: '加载中…',
  bell: '未确认告警',
  title: '未确认告警',
  empty: '没有等待确认的告警。',
  acknowledge: '确认',
  acknowledgeAll: '全部确认',
  acknowledged: '已确认：{{count}}',
  skipped: '未能确认',
  skippedItem: '#{{id}} {{subject}}：{{reason}}',
  mute: '关闭告警声音',
  unmute: '开启告警声音',
  enableSound: '点击启用声音',
  openAlerts: '打开告警列表',
  details: '详情',
  severity: { low: '低', medium: '中', high: '高', critical: '紧急' },
  reason: {
    alreadyProcessed: '已处理',
    clearedBySystem: '已由系统清除',
    alreadyAcknowledged: '已被确认',
    noSuchAlarm: '告警不存在',
    changedMeanwhile: '已被他人同时修改',
  },
};

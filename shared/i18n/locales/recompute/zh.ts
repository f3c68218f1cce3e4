import type { CatalogueShape } from '../../catalogue';
import type { recomputeEn } from './en';

/** 重算任务面板的中文文本（变更后按时段重建电量与电费）。 */
export const recomputeZh: CatalogueShape<typeof recomputeEn> = {
  intro: '电价、工作日历、电价分配或数据变更所涉及的日期，将重新计算各时段电量与电费。',
  refresh: '刷新',
  empty: '暂无重算任务',
  range: '{{from}} 至 {{to}}',
  meters_one: '{{done}} / {{total}} 台仪表',
  meters_other: '{{done}} / {{total}} 台仪表',
  columns: {
    reason: '原因',
    days: '日期',
    state: '状态',
    progress: '进度',
    created: '排队时间',
    finished: '完成时间',
    error: '错误',
  },
  reasons: {
    'tariff-version': '电价版本已变更',
    calendar: '工作日历已变更',
    assignment: '电价分配已变更',
    correction: '数据已修正',
    other: '{{reason}}',
  },
  states: { queued: '排队中', running: '运行中', done: '已完成', failed: '失败' },
};

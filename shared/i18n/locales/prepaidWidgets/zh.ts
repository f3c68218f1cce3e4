import type { CatalogueShape } from '../../catalogue';
import type { prepaidWidgetsEn } from './en';

/** 中文：预付费房间的大屏组件（prepaid-overview、room-credit）。 */
export const prepaidWidgetsZh: CatalogueShape<typeof prepaidWidgetsEn> = {
  noData: '暂无数据',
  noRooms: '暂无预付费房间',
  names: {
    'prepaid-overview': '预付费房间状态',
    'room-credit': '房间余额可用天数',
  },
  states: {
    normal: '正常',
    alarm1: '一级告警',
    alarm2: '二级告警',
    arrears: '欠费',
    cut: '已断电',
    keepSupply: '保电',
    noData: '无数据',
  },
  overview: {
    rooms_one: '个房间',
    rooms_other: '个房间',
    topupsToday: '今日充值',
    topupCount_one: '{{count}} 笔',
    topupCount_other: '{{count}} 笔',
  },
  roomCredit: {
    room: '房间',
    member: '用户',
    balance: '余额',
    daysLeft: '可用天数',
    state: '状态',
    days: '{{days}} 天',
  },
};

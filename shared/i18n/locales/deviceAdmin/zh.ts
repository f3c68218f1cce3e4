import type { CatalogueShape } from '../../catalogue';
import type { deviceAdminEn } from './en';

export const deviceAdminZh: CatalogueShape<typeof deviceAdminEn> = {
  loading: '加载中…',
  tabs: { meters: '仪表', gateways: '网关' },
  actions: { save: '保存', cancel: '取消' },
  meters: { replacements: '换表记录', history: '历史数据' },
  gateways: { credentials: 'MQTT 账号' },
  credentials: {
    title: '{{sn}} 的 MQTT 账号',
    explain: '网关用此账号登录消息服务器，之后只能向 gateways/{{sn}}/… 发布。新密码立即替换旧密码。',
    username: 'MQTT 用户名',
    password: 'MQTT 密码',
    saved: 'MQTT 账号已保存：{{sn}} 以 {{username}} 登录',
  },
  replacements: {
    title: '{{code}} {{name}} 的换表记录',
    none: '该表尚无换表记录',
    serials: '旧 → 新表号',
    readings: '旧表止码 → 新表起码',
    credited: '补计电量',
    when: '换表时间 / 记录人',
    recordTitle: '登记换表',
    explain: '旧表最后一次读数到止码之间的电量将补计入；下一周期从新表起码开始计算。',
    pickTime: '换表时间',
    record: '登记换表',
    recorded: '{{code}} 换表已登记：补计 {{energy}}',
    fields: {
      replacedAt: '换表时间',
      oldSerial: '旧表表号',
      newSerial: '新表表号',
      oldFinalReading: '旧表止码（{{unit}}）',
      newInitialReading: '新表起码（{{unit}}）',
      note: '备注',
    },
  },
  rules: {
    mqttUsername: { invalid_format: '只能包含字母、数字及 . _ @ -' },
    replacedAt: { custom: '换表时间不能晚于当前时间', invalid_type: '请选择换表时间' },
    too_small_string: '至少 {{minimum}} 个字符',
    too_big_string: '最多 {{maximum}} 个字符',
    too_small_number: '不能小于 {{minimum}}',
    too_big_number: '不能大于 {{maximum}}',
    invalid_type: '请填写此项',
  },
};

import type { CatalogueShape } from '../../catalogue';
import type { errorsEn } from './en';

export const errorsZh: CatalogueShape<typeof errorsEn> = {
  ok: '成功',
  login_failed: '登录账号或密码错误',
  token_expired: '登录已过期，请重新登录',
  token_invalid: '令牌无效，请重新登录',
  token_revoked: '您已被登出，请重新登录',
  too_many_attempts: '该账号登录失败次数过多，请稍后再试',
  account_disabled: '该账号已被禁用，无法登录系统',
  missing_parameters: '缺少参数',
  forbidden: '您没有执行此操作的权限',
  sdk_key_invalid: 'sdk 密钥无效',
  sdk_key_used: 'sdk 密钥已被使用',
  email_used: '该邮箱已被注册！',
  account_registered: '该账号已被注册',
  token_missing: '请先登录',
  control_10007: '所选网关不存在',
  kanban_not_found: '看板 id 错误，未找到看板！',
  no_history: '未查询到该设备的历史数据！',
  time_out_of_range: '时间超出范围！',
  validation_failed: '请求无效',
  not_found: '未找到',
  body_too_large: '请求内容过大',
  internal: '服务器内部错误',
  unavailable: '服务暂时不可用',
};

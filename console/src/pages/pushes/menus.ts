/** The pushes screens' menu full paths: their route permissions and the `<menu>/add|edit|delete` buttons hang on them. */
export const PUSH_MENUS = {
  templates: '/msg/template',
  templateDefaults: '/message/template-settings',
  tasks: '/msg/task',
  records: '/message/push-records',
  providerCalls: '/msg/webServiceRecord',
  sms: '/msg/pushsms',
  wechat: '/msg/pushwx',
  email: '/msg/verify',
  contacts: '/message/personInfo',
} as const;

export type PushButton = 'add' | 'edit' | 'delete';

/** Screens whose roles may read the template list (the server's read access for GET /push-templates). */
export const TEMPLATE_READERS = [PUSH_MENUS.templates, PUSH_MENUS.templateDefaults, PUSH_MENUS.tasks, PUSH_MENUS.email] as const;
/** Screens whose roles may read the users' push contacts (GET /push-contacts). */
export const CONTACT_READERS = [PUSH_MENUS.contacts, '/settings/user'] as const;

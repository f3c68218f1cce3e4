import { defineTexts } from './resourceTexts';

export const gatewayTexts = defineTexts({
  en: {
    name: 'gateway',
    fields: { sn: 'Serial number', name: 'Name', ownerUserId: 'Owner user id', online: 'State', lastSeenAt: 'Last seen', mqttUsername: 'MQTT username' },
  },
  zh: { name: '网关', fields: { sn: '序列号', name: '名称', ownerUserId: '所属用户 ID', online: '状态', lastSeenAt: '最后在线', mqttUsername: 'MQTT 账号' } },
  es: {
    name: 'pasarela',
    fields: {
      sn: 'Número de serie',
      name: 'Nombre',
      ownerUserId: 'Id del usuario propietario',
      online: 'Estado',
      lastSeenAt: 'Última conexión',
      mqttUsername: 'Usuario MQTT',
    },
  },
});

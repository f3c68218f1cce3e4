import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import zhCN from 'antd/locale/zh_CN';
import type { Language } from '@shared/i18n/language';

/** antd's own texts (pagination, pickers, empty states) follow the chosen catalogue. */
export const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, zh: zhCN, es: esES };

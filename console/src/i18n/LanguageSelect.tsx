import { App, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/i18n/language';
import { useStores } from '../stores/StoreContext';

const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

interface LanguageSelectProps {
  id?: string;
  'data-testid'?: string;
  className?: string;
}

/** Switches catalogue, antd locale and the `language` cookie in one step, then says so in the new language. */
export const LanguageSelect = observer(function LanguageSelect(props: LanguageSelectProps) {
  const { app, i18n } = useStores();
  const { message } = App.useApp();

  const switchTo = (language: Language) => {
    if (language === app.language) return;
    app.setLanguage(language);
    void message.success(i18n.t('language.switched'));
  };

  return <Select<Language> {...props} value={app.language} options={LANGUAGE_OPTIONS} onChange={switchTo} />;
});

import { RESOURCES } from '../../../resources/catalogue';
import { COMMON_VALUE_TEXTS, type ResourceLanguage, type ResourceLanguageTexts } from '../../../resources/resourceTexts';

/** Each resource's own texts (its definition's `texts`), by resource name: `resources.items.<name>.fields.<field>`. */
export const resourceItems = (language: ResourceLanguage): Record<string, ResourceLanguageTexts> =>
  Object.fromEntries(RESOURCES.map((definition) => [definition.name, definition.texts[language]]));

export const commonValues = (language: ResourceLanguage) => COMMON_VALUE_TEXTS[language];

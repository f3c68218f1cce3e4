import { z } from 'zod';
import { HELP_LANGUAGES } from '../schemas/inquiry';
import { multilineText } from '../schemas/text';
import { defineResource } from './defineResource';
import { helpArticleTexts } from './helpArticles.texts';
import { requiredText, RULE_MESSAGES, sortNumber } from './rules';

/** Help articles: Markdown in one language each, found by the navbar's help search in the reader's language. */
export const helpArticleSchema = z.object({
  category: requiredText(50),
  title: requiredText(100),
  language: z.enum(HELP_LANGUAGES, { error: RULE_MESSAGES.choose }),
  body: multilineText({ error: RULE_MESSAGES.required }).trim().min(1, RULE_MESSAGES.required).max(20_000, RULE_MESSAGES.tooLong),
  sort: sortNumber(),
});

export const helpArticleResource = defineResource({
  name: 'helpArticle',
  noun: 'help article',
  path: 'help-articles',
  table: 'help_articles',
  menu: '/inquiry/helpCenter',
  // Its screen (console/src/pages/inquiry) adds a preview of the rendered Markdown to the generic list.
  screen: false,
  schema: helpArticleSchema,
  fields: [
    { name: 'category', kind: 'text', search: true },
    { name: 'title', kind: 'text', search: true },
    { name: 'language', kind: 'enum', values: HELP_LANGUAGES },
    { name: 'body', kind: 'markdown', search: true, hideInList: true },
    { name: 'sort', kind: 'number' },
  ],
  listFilters: [{ name: 'language', kind: 'enum', values: HELP_LANGUAGES }],
  orderBy: ['language', 'category', 'sort', 'id'],
  optionLabel: ['title'],
  texts: helpArticleTexts,
  sample: ({ mark }) => ({ category: `${mark} basics`, title: `${mark} article`, language: 'en', body: `${mark} **body**`, sort: 0 }),
});

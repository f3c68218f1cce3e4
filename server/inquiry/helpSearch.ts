import { sql, type Kysely } from 'kysely';
import type { HelpArticleHit, HelpLanguage } from '@shared/schemas/inquiry';
import type { Database } from '../db/schema';

/** At most this many articles answer one search: a drawer, not a list screen. */
export const HELP_SEARCH_LIMIT = 30;

/**
 * Help articles of `owners` in one language whose title or body holds every word of the keyword
 * (case-insensitive, LIKE with its wildcards escaped); no keyword lists them all. Title hits first,
 * then category and the articles' order.
 */
export async function searchHelp(db: Kysely<Database>, owners: readonly number[], language: HelpLanguage, keyword: string): Promise<HelpArticleHit[]> {
  if (owners.length === 0) return [];
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let query = db
    .selectFrom('help_articles')
    .select(['id', 'category', 'title', 'body'])
    .where('owner_user_id', 'in', [...owners])
    .where('language', '=', language);
  for (const word of words) {
    // An explicit ESCAPE: SQLite has no default escape character, PostgreSQL's is the backslash.
    query = query.where((eb) => eb.or([sql<boolean>`lower(title) like ${like(word)} escape '\\'`, sql<boolean>`lower(body) like ${like(word)} escape '\\'`]));
  }
  const first = words[0];
  if (first) query = query.orderBy(sql<number>`case when lower(title) like ${like(first)} escape '\\' then 0 else 1 end`);
  const rows = await query.orderBy('category').orderBy('sort').orderBy('id').limit(HELP_SEARCH_LIMIT).execute();
  return rows.map((row) => ({ id: row.id, category: row.category, title: row.title, body: row.body }));
}

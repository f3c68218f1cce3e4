import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { announcementResource } from '@shared/resources/announcements';
import { memberResource } from '@shared/resources/members';
import { tagResource } from '@shared/resources/tags';
import { searchPlaceholder } from './resourceTexts';

/** Field labels as short words, and the placeholder text as its key with its values, so the test sees both. */
const LABELS: Record<string, string> = {
  'resources.items.tag.fields.name': 'Name',
  'resources.items.announcement.fields.title': 'Title',
  'resources.items.announcement.fields.body': 'Text',
  'resources.items.member.fields.code': 'Code',
  'resources.items.member.fields.name': 'Name',
};
const t = ((key: string, values?: Record<string, unknown>) => LABELS[key] ?? `${key} ${JSON.stringify(values)}`) as unknown as TFunction;

describe('the search box of a resource list', () => {
  it('names the fields the keyword is matched against, not a fixed "code or name"', () => {
    expect(searchPlaceholder(t, tagResource, 'en')).toBe('resources.actions.searchBy {"fields":"Name"}');
    expect(searchPlaceholder(t, announcementResource, 'en')).toBe('resources.actions.searchBy {"fields":"Title or Text"}');
    expect(searchPlaceholder(t, announcementResource, 'es')).toBe('resources.actions.searchBy {"fields":"Title o Text"}');
  });

  it('names the first two and marks the rest when more fields are searched', () => {
    expect(searchPlaceholder(t, memberResource, 'en')).toBe('resources.actions.searchByMore {"first":"Code","second":"Name"}');
  });
});

import { describe, expect, it } from 'vitest';
import { imageWidget } from './descriptor';
import { isPictureUrl } from '@shared/schemas/pictureUrl';

const messages = (options: unknown): string[] => {
  const result = imageWidget.options.safeParse(options);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('image descriptor', () => {
  it('parses an empty options object to no picture, contained', () => {
    expect(imageWidget.options.parse({})).toEqual({ url: '', fit: 'contain' });
    expect(imageWidget.channels({}, imageWidget.options.parse({}))).toEqual([]);
    expect(imageWidget.id).toBe('image');
    expect(imageWidget.heavy).toBeUndefined();
  });

  it('accepts same-origin paths and https addresses', () => {
    expect(imageWidget.options.parse({ url: '/api/files/12/site.png', fit: 'cover' })).toEqual({ url: '/api/files/12/site.png', fit: 'cover' });
    expect(messages({ url: 'https://cdn.example.com/plant.jpg' })).toEqual([]);
  });

  it.each([
    'http://example.com/a.png',
    '//evil.example.com/a.png',
    '/\\evil.example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'images/a.png',
    'https://',
    'ftp://x/y.png',
  ])('refuses %s with the URL rule message', (url) => {
    expect(messages({ url })).toEqual(['Use a path on this server starting with / or an https:// address']);
    expect(isPictureUrl(url)).toBe(false);
  });

  it('refuses an unknown fit', () => {
    expect(messages({ fit: 'stretch' })).toHaveLength(1);
  });
});

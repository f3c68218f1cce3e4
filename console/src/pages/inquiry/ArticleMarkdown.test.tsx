// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArticleMarkdown, safeUrl } from './ArticleMarkdown';

afterEach(cleanup);

const shown = (body: string) => {
  render(<ArticleMarkdown body={body} />);
  return screen.getByTestId('help-article-body');
};

describe('help article Markdown', () => {
  it('renders headings, emphasis, lists and code as elements', () => {
    const article = shown('# Meters\n\nOpen **Base data** and press *Add*:\n\n1. code `M050`\n2. save');
    expect(article.querySelector('h1')?.textContent).toBe('Meters');
    expect(article.querySelector('strong')?.textContent).toBe('Base data');
    expect(article.querySelectorAll('ol li')).toHaveLength(2);
    expect(article.querySelector('code')?.textContent).toBe('M050');
  });

  it('never turns raw HTML into elements: a <script> or an onerror handler stays out of the page', () => {
    const article = shown('Before\n\n<script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\nAfter <b>bold</b>');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('b')).toBeNull();
    expect(article.textContent).toContain('Before');
    expect(article.textContent).toContain('After');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps the text of a javascript: or data: link but not the link', () => {
    const article = shown('[Click me](javascript:alert(1)) and [data](data:text/html,<script>alert(1)</script>)');
    expect(article.querySelector('a')).toBeNull();
    expect(article.textContent).toContain('Click me');
    expect(article.innerHTML).not.toContain('javascript:');
  });

  it('opens web and mail links apart from the console', () => {
    const article = shown('[Manual](https://example.com/manual) or [mail us](mailto:support@energy.local)');
    const links = [...article.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/manual', 'mailto:support@energy.local']);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('allows only https and stored pictures', () => {
    expect(safeUrl('https://example.com/a.png', 'src')).toBe('https://example.com/a.png');
    expect(safeUrl(`/api/files/${'a'.repeat(64)}.png`, 'src')).toBe(`/api/files/${'a'.repeat(64)}.png`);
    expect(safeUrl('http://example.com/a.png', 'src')).toBe('');
    expect(safeUrl('javascript:alert(1)', 'href')).toBe('');
    expect(safeUrl(' JAVASCRIPT:alert(1)', 'href')).toBe('');
    expect(safeUrl('/settings/user', 'href')).toBe('');
  });
});

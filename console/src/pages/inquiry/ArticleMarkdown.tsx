import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { STORED_FILE_PATH_PREFIX } from '@shared/schemas/files';

/** Links may lead only to web pages and mail; pictures only to https or this server's upload store. */
const LINK = /^(https?:|mailto:)/i;
const PICTURE = /^https:/i;

/** What a Markdown address may become: the address, or '' (the element keeps its text, the address goes). */
export function safeUrl(url: string, key: string): string {
  const trimmed = url.trim();
  if (key === 'src') return PICTURE.test(trimmed) || trimmed.startsWith(STORED_FILE_PATH_PREFIX) ? trimmed : '';
  return LINK.test(trimmed) ? trimmed : '';
}

const components: Components = {
  // A link that lost its address is plain text; a kept one opens apart from the console (no opener, no referrer).
  a: ({ href, children }): ReactNode =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }): ReactNode => (typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} style={{ maxWidth: '100%' }} /> : null),
};

/**
 * A help article's Markdown as React elements. Raw HTML in the text is dropped (`skipHtml`: react-markdown
 * never turns it into elements, and nothing here uses dangerouslySetInnerHTML), and addresses other than
 * http(s)/mailto links and https or stored pictures are removed, so `javascript:` cannot run.
 */
export function ArticleMarkdown({ body }: { body: string }) {
  return (
    <div className="help-article" data-testid="help-article-body">
      <Markdown skipHtml urlTransform={safeUrl} components={components}>
        {body}
      </Markdown>
    </div>
  );
}

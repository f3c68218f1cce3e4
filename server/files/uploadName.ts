export const UPLOAD_NAME_MAX = 200;

/**
 * The uploader's file name as plain text for the picture list: URI-decoded (as filesApi sends it), the last
 * path segment only, control characters removed, at most 200 characters. Never part of a path or header.
 */
export function uploadName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw; // not URI-encoded after all: keep it as sent
  }
  const lastSegment = decoded.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this strips from a file name
  const printable = lastSegment.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim();
  if (printable === '.' || printable === '..') return '';
  return [...printable].slice(0, UPLOAD_NAME_MAX).join('');
}

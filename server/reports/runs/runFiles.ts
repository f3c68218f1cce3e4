import type { ReportFormat } from '@shared/reports/constants';

export const DAY_MS_REPORTS = 86_400_000;

/**
 * A generated file's name, `<name>_<from>_<to>.<ext>`: letters (any script) and digits kept, every other run of
 * characters one "_", so the name is safe on every file system and in a Content-Disposition header.
 */
export function fileNameOf(name: string, period: { from: string; to: string }, format: ReportFormat): string {
  const safe =
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}-]+/gu, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'report';
  return `${safe}_${period.from}_${period.to}.${format}`;
}

/** Content-Disposition for a download: an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

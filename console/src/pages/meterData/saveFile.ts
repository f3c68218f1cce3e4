/**
 * Saves a fetched file under its name. The export is fetched with the token (a plain link could not carry
 * it), so the browser gets an object URL; it is revoked a moment later, once the download has begun.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

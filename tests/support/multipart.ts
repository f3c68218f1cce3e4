/** A multipart/form-data body holding one file, as a browser's FormData sends it (imports). */
export function multipartFile(content: Buffer | string, fileName: string, field = 'file'): { payload: Buffer; contentType: string } {
  const boundary = `----energy-test-${Math.random().toString(16).slice(2)}`;
  const type = fileName.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

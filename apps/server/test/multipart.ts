/**
 * multipart/form-data bodies: for app.inject in the API tests and for the benchmarks' uploads
 * (bench/lib/api.ts), so it imports nothing of the test runner.
 */
import { randomBytes } from 'node:crypto';

/** Text fields first, then one file (the order the server reads them in). */
export function multipartBody(
  fields: Record<string, string>,
  file: { field?: string; filename: string; content: Buffer },
) {
  const boundary = `----taxlens${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${encodeURIComponent(file.filename)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with several files under one field (batch uploads), for app.inject. */
export function multipartFilesBody(files: { filename: string; content: Buffer | Uint8Array }[], field = 'file') {
  const boundary = `----taxlens${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${encodeURIComponent(file.filename)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

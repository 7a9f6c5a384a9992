import mammoth from 'mammoth';
import { AppError } from '../../lib/app-error.js';

export type PolicyFileKind = 'docx' | 'html' | 'txt' | 'json';

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text of an HTML page: scripts and styles dropped, block ends as line breaks, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|section|article)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/[ \t\u3000]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The kind of an uploaded policy file, by its content first (a docx is a zip) and then its name. */
export function policyFileKind(fileName: string, bytes: Buffer): PolicyFileKind {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const zip = bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004';
  if (ext === 'docx') {
    if (!zip) throw new AppError('VALIDATION', '该文件不是有效的docx文档');
    return 'docx';
  }
  if (zip) throw new AppError('VALIDATION', '仅支持docx、html、txt或json格式的政策文件');
  if (ext === 'html' || ext === 'htm') return 'html';
  if (ext === 'txt') return 'txt';
  if (ext === 'json') return 'json';
  throw new AppError('VALIDATION', '仅支持docx、html、txt或json格式的政策文件');
}

function utf8(bytes: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  return text;
}

/**
 * The full text (docx, html, txt) or the JSON document of an uploaded file. Text must be UTF-8
 * (a GBK file is refused with a clear message rather than imported as garbage).
 */
export async function readPolicyFile(
  fileName: string,
  bytes: Buffer,
): Promise<{ kind: PolicyFileKind; text?: string; json?: unknown }> {
  const kind = policyFileKind(fileName, bytes);
  if (kind === 'docx') {
    let text: string;
    try {
      text = (await mammoth.extractRawText({ buffer: bytes })).value;
    } catch {
      throw new AppError('VALIDATION', '该文件不是有效的docx文档');
    }
    if (!text.trim()) throw new AppError('VALIDATION', '文件中没有可导入的正文');
    return { kind, text: text.replace(/\n{2,}/g, '\n').trim() };
  }
  let raw: string;
  try {
    raw = utf8(bytes);
  } catch {
    throw new AppError('VALIDATION', '文件须为UTF-8编码');
  }
  if (kind === 'json') {
    try {
      return { kind, json: JSON.parse(raw) };
    } catch {
      throw new AppError('VALIDATION', 'JSON格式不正确');
    }
  }
  const text = kind === 'html' ? htmlToText(raw) : raw.trim();
  if (!text) throw new AppError('VALIDATION', '文件中没有可导入的正文');
  return { kind, text };
}

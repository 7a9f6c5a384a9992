import { describe, expect, it } from 'vitest';
import { EMOJI, initialTab, shouldLoadOlder, showTimestamp, uploadFailure, uploadProblem } from './chat-rules';

describe('chat rules of spec §4/§5', () => {
  it('hides timestamps between messages under 5 minutes apart', () => {
    expect(showTimestamp(null, '2026-01-05T09:00:00Z')).toBe(true);
    expect(showTimestamp('2026-01-05T09:00:00Z', '2026-01-05T09:04:59Z')).toBe(false);
    expect(showTimestamp('2026-01-05T09:00:00Z', '2026-01-05T09:05:00Z')).toBe(true);
  });

  it('checks image and file uploads with the spec’s messages', () => {
    expect(uploadProblem(1, { name: 'a.PNG', size: 10 })).toBeNull();
    expect(uploadProblem(1, { name: 'a.gif', size: 10 })).toBe('只能上传png、jpg、jpeg格式的图片');
    expect(uploadProblem(1, { name: 'a.jpg', size: 5 * 1024 * 1024 + 1 })).toBe('图片大小不可超过5MB');
    expect(uploadProblem(2, { name: 'a.xls', size: 10 })).toBeNull();
    expect(uploadProblem(2, { name: 'a.zip', size: 10 })).toBe('只能上传pdf、xlsx、docx格式的文件');
    expect(uploadProblem(2, { name: 'a.pdf', size: 50 * 1024 * 1024 + 1 })).toBe('文件大小不可超过50MB');
    expect(uploadProblem(2, { name: 'README', size: 10 })).toBe('unknown exception');
    expect(uploadFailure('网络错误')).toBe('error: 网络错误');
  });

  it('opens on the AI tab unless unread or noAI; loads older pages only near the top', () => {
    expect(initialTab(0, false)).toBe('ai');
    expect(initialTab(2, false)).toBe('human');
    expect(initialTab(0, true)).toBe('human');
    expect(shouldLoadOlder(30, 6, 20, false)).toBe(true);
    expect(shouldLoadOlder(31, 6, 20, false)).toBe(false);
    expect(shouldLoadOlder(0, 20, 20, false)).toBe(false);
    expect(shouldLoadOlder(0, 6, 20, true)).toBe(false);
    expect(EMOJI.length).toBeGreaterThan(20);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { staffToken } from '../operator/test-support.js';
import { chatUpload, PDF_BYTES, PNG_BYTES, todayWeekday } from './chat-test-support.js';

let ctx: TestContext;
let main: string;
let staff: string;
let otherMain: string;
let agent: { id: number; token: string };
let agent2: { id: number; token: string };
let content: { token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  staff = await ctx.login('13800000003');
  otherMain = await ctx.login('13900000001');
  agent = await staffToken(ctx, ['support']);
  agent2 = await staffToken(ctx, ['support']);
  content = await staffToken(ctx, ['content']);
  // Service hours open all day, every day, unless a test says otherwise.
  await setHours(agent.token, [1, 2, 3, 4, 5, 6, 7], '00:00', '23:59');
});
afterAll(() => ctx.close());

async function setHours(token: string, workdays: number[], opensAt: string, closesAt: string) {
  const answer = await ctx.call('POST', '/api/operator/chat/hours', { token, body: { workdays, opensAt, closesAt } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}
const ask = (token: string, question: string) => ctx.call('POST', '/api/ChatRecord/ask', { token, body: { question } });
const history = (token: string, query: Record<string, string> = {}) =>
  ctx.call('GET', '/api/ChatRecord/findMessageChatRecord', { token, query });
const unread = async (token: string) =>
  (await ctx.call('GET', '/api/ChatRecord/findDelFlag', { token })).data.chatUnread;
const send = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/ChatRecord/sendMessage', { token, body });
const queue = (token: string, filter = 'open') =>
  ctx.call('GET', '/api/operator/chat/queue', { token, query: { filter } });

/** Ends whatever conversation the demo group has, so each test starts with the assistant. */
async function closeOpen(groupId = 1) {
  await ctx.db.updateTable('chat_conversations').set({ state: 'closed' }).where('group_id', '=', groupId).execute();
}

describe('the assistant (AI tab)', () => {
  it('answers from the product help with its sources, in retrieval mode when no model is set', async () => {
    await closeOpen();
    const info = await ctx.call('GET', '/api/ChatRecord/assistant', { token: main });
    expect(info.data).toMatchObject({ mode: 'retrieval', model: null });
    const answer = await ask(main, '请问怎么申请开发票？');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.outcome).toBe('answered');
    expect(answer.data.state).toBe('bot');
    expect(answer.data.reply.msgContent).toContain('我的订单');
    expect(answer.data.reply.sources[0]).toMatchObject({
      kind: 'help',
      title: '如何申请发票（开票）？',
      link: '/my/order',
    });
    expect(answer.data.question).toMatchObject({ msgContent: '请问怎么申请开发票？', isOneself: 1, sendIdentity: 1 });
    const again = await ctx.call('GET', '/api/ChatRecord/assistant', { token: main });
    expect(again.data.history.map((record: { id: number }) => record.id)).toEqual([
      answer.data.question.id,
      answer.data.reply.id,
    ]);
  });

  it('cites the policy library by its official number', async () => {
    const answer = await ask(main, '小规模纳税人免征增值税政策延续到什么时候');
    expect(answer.data.outcome).toBe('answered');
    const policy = answer.data.reply.sources.find((source: { kind: string }) => source.kind === 'policy');
    expect(policy.title).toContain('财政部 税务总局公告2023年第19号');
    expect(policy.link).toMatch(/^\/policy\/detail\?id=\d+$/);
  });

  it('answers from an FAQ entry the operator saves, and stops when it is disabled', async () => {
    const saved = await ctx.call('POST', '/api/operator/chatKnowledge/save', {
      token: content.token,
      body: {
        question: '报告里的红色预警是什么意思？',
        answer: '红色表示高风险指标，建议优先核查对应的发票和申报数据。',
        keywords: '高风险,红色标记',
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    const answer = await ask(staff, '报告红色预警什么意思');
    expect(answer.data.outcome).toBe('answered');
    expect(answer.data.reply.sources[0]).toMatchObject({ kind: 'faq', title: '报告里的红色预警是什么意思？' });
    expect(answer.data.reply.msgContent).toContain('高风险指标');

    const off = await ctx.call('POST', '/api/operator/chatKnowledge/save', {
      token: agent.token,
      body: {
        id: saved.data.id,
        question: '报告里的红色预警是什么意思？',
        answer: '红色表示高风险指标。',
        enabled: false,
      },
    });
    expect(off.code, off.msg).toBe(0);
    const after = await ask(staff, '报告红色预警什么意思');
    expect(after.data.reply.sources?.some((source: { kind: string }) => source.kind === 'faq') ?? false).toBe(false);
  });

  it('hands over on the keywords 投诉, 退款 and 人工, leaving the note in the human tab', async () => {
    for (const question of ['我要投诉你们的服务', '怎么退款', '人工']) {
      await closeOpen();
      const answer = await ask(main, question);
      expect(answer.data.outcome, question).toBe('handover');
      expect(answer.data.state).toBe('waiting');
      expect(answer.data.reply.msgContent).toContain('已为您转接人工客服');
    }
    const records = await history(main);
    expect(records.data.state).toBe('waiting');
    expect(records.data.chatRecords[0]).toMatchObject({ author: 'bot', sendIdentity: 0, isOneself: 0 });
    const row = await ctx.db
      .selectFrom('chat_conversations')
      .select('handover_reason')
      .where('group_id', '=', 1)
      .where('state', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect(row.handover_reason).toBe('keyword');
  });

  it('hands over on low confidence and on the 转人工 button', async () => {
    await closeOpen();
    const vague = await ask(main, '明天上海天气晴朗吗');
    expect([vague.data.outcome, vague.data.state]).toEqual(['handover', 'waiting']);
    expect(vague.data.reply.msgContent).toContain('暂时没有找到可靠的答案');

    await closeOpen();
    const button = await ctx.call('POST', '/api/ChatRecord/transferToHuman', { token: staff, body: {} });
    expect(button.data.state).toBe('waiting');
    expect(button.data.note).toContain('已为您转接人工客服');
    // Pressing it again while waiting changes nothing.
    const twice = await ctx.call('POST', '/api/ChatRecord/transferToHuman', { token: staff, body: {} });
    expect([twice.data.state, twice.data.note]).toEqual(['waiting', null]);
  });

  it('outside the service hours says when a human will reply, and the conversation waits', async () => {
    await closeOpen();
    const others = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== todayWeekday());
    const hours = await setHours(agent.token, others, '09:00', '18:00');
    expect(hours.openNow).toBe(false);
    expect(hours.nextOpening).toBe('明天 09:00');
    const shown = await ctx.call('GET', '/api/ChatRecord/serviceHours', { token: staff });
    expect(shown.data).toMatchObject({ openNow: false, opensAt: '09:00', closesAt: '18:00' });
    const button = await ctx.call('POST', '/api/ChatRecord/transferToHuman', { token: staff, body: {} });
    expect(button.data.state).toBe('waiting');
    expect(button.data.note).toContain('人工客服将于明天 09:00起回复您');
    await setHours(agent.token, [1, 2, 3, 4, 5, 6, 7], '00:00', '23:59');
  });

  it('refuses a blank question and one over 500 characters', async () => {
    expect((await ask(main, '   ')).msg).toBe('不能发送空白消息');
    expect((await ask(main, '税'.repeat(501))).msg).toBe('消息不能超过500个字');
  });
});

describe('agents and the human tab', () => {
  it('queue, claim, reply, unread, silence of the assistant, transfer, close', async () => {
    await closeOpen();
    await ctx.call('POST', '/api/ChatRecord/transferToHuman', { token: staff, body: {} });
    const waiting = await queue(agent.token, 'waiting');
    const row = waiting.data.list.find((item: { groupId: number }) => item.groupId === 1);
    expect(row).toMatchObject({
      state: 'waiting',
      groupName: '示例财税咨询有限公司',
      customerLevel: '员工',
      agentId: null,
    });
    expect(row.businessNumber).toMatch(/^KF\d{8}\d{6}$/);
    expect(Array.isArray(row.recentReports)).toBe(true);

    // Replying before claiming is refused; the claim makes it human.
    expect(
      (
        await ctx.call('POST', '/api/operator/chat/reply', {
          token: agent.token,
          body: { id: row.id, msgType: 0, msgContent: '您好' },
        })
      ).status,
    ).toBe(409);
    const claim = await ctx.call('POST', '/api/operator/chat/claim', { token: agent.token, body: { id: row.id } });
    expect(claim.data.state).toBe('human');
    const second = await ctx.call('POST', '/api/operator/chat/claim', { token: agent2.token, body: { id: row.id } });
    expect([second.status, second.msg]).toEqual([409, '该会话已由其他客服接待']);

    await history(main); // the main account has read everything so far
    const reply = await ctx.call('POST', '/api/operator/chat/reply', {
      token: agent.token,
      body: { id: row.id, msgType: 0, msgContent: '您好，我是客服小王😊' },
    });
    expect(reply.data).toMatchObject({ author: 'agent', sendIdentity: 0, isOneself: 1, userPhone: '' });
    expect(await unread(main)).toBe(1);
    const page0 = await history(main);
    expect(page0.data.chatRecords[0]).toMatchObject({
      msgContent: '您好，我是客服小王😊',
      isOneself: 0,
      sendIdentity: 0,
    });
    expect(await unread(main)).toBe(0);

    // With a human in charge the assistant stays silent: the question goes to the human tab.
    const silent = await ask(main, '怎么申请开发票');
    expect(silent.data).toMatchObject({ outcome: 'human', reply: null, state: 'human' });
    expect(silent.data.question.channel).toBe('human');
    const agentView = await queue(agent.token, 'mine');
    expect(agentView.data.list.find((item: { id: number }) => item.id === row.id).unread).toBe(1);
    const messages = await ctx.call('GET', '/api/operator/chat/messages', {
      token: agent.token,
      query: { id: String(row.id) },
    });
    expect(messages.data.records.map((record: { channel: string }) => record.channel)).toContain('human');
    expect((await queue(agent.token, 'mine')).data.list.find((item: { id: number }) => item.id === row.id).unread).toBe(
      0,
    );

    // Transfer: the new agent holds it, the old one can no longer reply.
    const transfer = await ctx.call('POST', '/api/operator/chat/transfer', {
      token: agent.token,
      body: { id: row.id, agentId: agent2.id },
    });
    expect(transfer.code, transfer.msg).toBe(0);
    expect(
      (
        await ctx.call('POST', '/api/operator/chat/reply', {
          token: agent.token,
          body: { id: row.id, msgType: 0, msgContent: '还在吗' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await ctx.call('POST', '/api/operator/chat/reply', {
          token: agent2.token,
          body: { id: row.id, msgType: 0, msgContent: '我来继续为您服务' },
        })
      ).code,
    ).toBe(0);

    const closed = await ctx.call('POST', '/api/operator/chat/close', { token: agent2.token, body: { id: row.id } });
    expect(closed.code, closed.msg).toBe(0);
    expect((await history(main)).data.chatRecords[0].msgContent).toContain('本次会话已结束');
    // The next question opens a new conversation with the assistant.
    const next = await ask(main, '如何绑定客户企业');
    expect([next.data.outcome, next.data.state]).toEqual(['answered', 'bot']);
  });

  it('sends text from the human tab: blank and over 500 refused, 500 accepted, the send queues the conversation', async () => {
    await closeOpen();
    expect((await send(main, { msgType: 0, msgContent: ' \n ' })).msg).toBe('不能发送空白消息');
    expect((await send(main, { msgType: 0, msgContent: '字'.repeat(501) })).msg).toBe('消息不能超过500个字');
    const ok = await send(main, { msgType: 0, msgContent: '字'.repeat(500) });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ sendIdentity: 1, msgType: 0, isOneself: 1, userPhone: '13800000001' });
    expect((await history(staff)).data.state).toBe('waiting');
    // Seen by the staff member as someone else's message (isOneself 0), and counted unread for them.
    const seen = await history(staff, { page: '0', size: '6' });
    expect(seen.data.chatRecords.find((record: { id: number }) => record.id === ok.data.id).isOneself).toBe(0);
  });

  it('pages the human tab by 6 from page 0, newest first, with totalElements', async () => {
    await closeOpen();
    for (let index = 1; index <= 8; index += 1) await send(main, { msgType: 0, msgContent: `第${index}条` });
    const first = await history(main, { page: '0', size: '6' });
    expect(first.data.chatRecords).toHaveLength(6);
    expect(first.data.chatRecords[0].msgContent).toBe('第8条');
    const second = await history(main, { page: '1', size: '6' });
    expect(second.data.chatRecords[0].id).toBeLessThan(first.data.chatRecords[5].id);
    expect(first.data.totalElements).toBeGreaterThanOrEqual(9);
  });

  it('lists the group members of the caller’s own group only', async () => {
    const members = await ctx.call('GET', '/api/ChatRecord/findGroupMembers', { token: staff });
    expect(members.data.map((member: { phone: string }) => member.phone)).toEqual([
      '13800000001',
      '13800000002',
      '13800000003',
    ]);
    expect(members.data[0]).toMatchObject({ level: 1, levelName: '主账号' });
    const other = await ctx.call('GET', '/api/ChatRecord/findGroupMembers', { token: otherMain });
    expect(other.data.map((member: { phone: string }) => member.phone)).toEqual(['13900000001']);
  });
});

describe('chat files', () => {
  it('stores a png and a pdf under chat/, sends them, serves them to the group and agents only', async () => {
    const image = await chatUpload(ctx, main, { kind: '1' }, 'screen.png', PNG_BYTES);
    expect(image.code, image.msg).toBe(0);
    expect(image.data.countentExtend).toEqual({ fileName: 'screen.png', fileSize: PNG_BYTES.length });
    const stored = await ctx.db
      .selectFrom('chat_files')
      .select('storage_key')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.storage_key).toMatch(/^chat\/1\/[0-9a-f-]+\.png$/);

    const sent = await send(main, {
      msgType: 1,
      msgContent: image.data.url,
      countentExtend: JSON.stringify({ fileName: 'x', fileSize: 1 }),
    });
    expect(sent.code, sent.msg).toBe(0);
    // Name and size come from the stored file, not from what the sender claimed.
    expect(sent.data.countentExtend).toEqual({ fileName: 'screen.png', fileSize: PNG_BYTES.length });

    const own = await ctx.app.inject({ method: 'GET', url: image.data.url, headers: { token: staff } });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/png']);
    expect(Buffer.compare(own.rawPayload, PNG_BYTES)).toBe(0);
    const foreign = await ctx.call('GET', image.data.url, { token: otherMain });
    expect([foreign.status, foreign.msg]).toEqual([404, '该文件不存在']);
    const id = image.data.url.split('/').pop();
    const agentFile = await ctx.app.inject({
      method: 'GET',
      url: `/api/operator/chat/file/${id}`,
      headers: { token: agent.token },
    });
    expect(agentFile.statusCode).toBe(200);
    // Another group cannot send a message pointing at this group's file.
    const stolen = await send(otherMain, { msgType: 1, msgContent: image.data.url });
    expect(stolen.status).toBe(404);

    const pdf = await chatUpload(ctx, main, { kind: '2' }, '对账单.pdf', PDF_BYTES);
    expect(pdf.code, pdf.msg).toBe(0);
    const download = await ctx.app.inject({ method: 'GET', url: pdf.data.url, headers: { token: main } });
    expect(download.headers['content-disposition']).toContain('attachment');
  });

  it('refuses by the spec’s messages: wrong type, renamed bytes, unknown kind, over 5 MB / 50 MB', async () => {
    const cases: [Record<string, string>, string, Buffer, string][] = [
      [{ kind: '1' }, 'a.gif', PNG_BYTES, '只能上传png、jpg、jpeg格式的图片'],
      [{ kind: '2' }, 'a.exe', PDF_BYTES, '只能上传pdf、xlsx、docx格式的文件'],
      [{ kind: '3' }, 'a.png', PNG_BYTES, 'unknown exception'],
      [{ kind: '1' }, 'fake.png', PDF_BYTES, '文件内容与文件类型不符，请上传真实的文件'],
      [{ kind: '2' }, 'fake.docx', PNG_BYTES, '文件内容与文件类型不符，请上传真实的文件'],
      [{ kind: '1' }, 'big.png', Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]), '图片大小不可超过5MB'],
      [{ kind: '2' }, 'big.pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(50 * 1024 * 1024)]), '文件大小不可超过50MB'],
    ];
    const before = await ctx.db
      .selectFrom('chat_files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const [fields, name, bytes, message] of cases) {
      const answer = await chatUpload(ctx, main, fields, name, bytes);
      expect([answer.code === 0, answer.msg], name).toEqual([false, message]);
    }
    const after = await ctx.db
      .selectFrom('chat_files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('lets the holding agent send an image into the conversation’s group', async () => {
    await closeOpen();
    await ctx.call('POST', '/api/ChatRecord/transferToHuman', { token: main, body: {} });
    const conversation = (await queue(agent.token, 'waiting')).data.list.find(
      (item: { groupId: number }) => item.groupId === 1,
    );
    const notHeld = await chatUpload(
      ctx,
      agent.token,
      { conversationId: String(conversation.id), kind: '1' },
      'a.png',
      PNG_BYTES,
      '/api/operator/chat/upload',
    );
    expect(notHeld.status).toBe(409);
    await ctx.call('POST', '/api/operator/chat/claim', { token: agent.token, body: { id: conversation.id } });
    const upload = await chatUpload(
      ctx,
      agent.token,
      { conversationId: String(conversation.id), kind: '1' },
      '示意图.png',
      PNG_BYTES,
      '/api/operator/chat/upload',
    );
    expect(upload.code, upload.msg).toBe(0);
    const reply = await ctx.call('POST', '/api/operator/chat/reply', {
      token: agent.token,
      body: { id: conversation.id, msgType: 1, msgContent: upload.data.url },
    });
    expect(reply.code, reply.msg).toBe(0);
    const seen = await ctx.app.inject({ method: 'GET', url: upload.data.url, headers: { token: staff } });
    expect(seen.statusCode).toBe(200);
  });
});

describe('permissions and separation', () => {
  it('keeps customers and other roles out of the agent console (403), and content editors on the knowledge base', async () => {
    for (const url of ['/api/operator/chat/queue', '/api/operator/chat/canned', '/api/operator/chatKnowledge/list']) {
      expect((await ctx.call('GET', url, { token: main })).status, url).toBe(403);
    }
    expect((await queue(content.token)).status).toBe(403);
    expect((await ctx.call('GET', '/api/operator/chatKnowledge/list', { token: content.token })).code).toBe(0);
    const finance = await staffToken(ctx, ['finance']);
    expect((await ctx.call('GET', '/api/operator/chatKnowledge/list', { token: finance.token })).status).toBe(403);
  });

  it('answers 404 for a conversation that does not exist and keeps each group’s history apart', async () => {
    expect(
      (await ctx.call('POST', '/api/operator/chat/claim', { token: agent.token, body: { id: 999999 } })).status,
    ).toBe(404);
    const mine = await history(main);
    const theirs = await history(otherMain);
    const ids = new Set(mine.data.chatRecords.map((record: { id: number }) => record.id));
    expect(theirs.data.chatRecords.some((record: { id: number }) => ids.has(record.id))).toBe(false);
  });

  it('saves canned replies and the agent’s answer to the knowledge base', async () => {
    await closeOpen();
    const canned = await ctx.call('POST', '/api/operator/chat/canned/save', {
      token: agent.token,
      body: { title: '问候', body: '您好，请问有什么可以帮您？' },
    });
    expect(canned.code, canned.msg).toBe(0);
    expect((await ctx.call('GET', '/api/operator/chat/canned', { token: agent.token })).data).toContainEqual({
      id: canned.data.id,
      title: '问候',
      body: '您好，请问有什么可以帮您？',
    });
    const kb = await ctx.call('POST', '/api/operator/chatKnowledge/save', {
      token: agent.token,
      body: { question: '监控企业数量上限是多少？', answer: '监控名额由平台按套餐分配，可在企业监控页查看剩余名额。' },
    });
    expect(kb.code, kb.msg).toBe(0);
    expect((await ask(staff, '监控企业数量上限')).data.reply.sources[0].title).toBe('监控企业数量上限是多少？');
  });
});

describe('pushed over the socket', () => {
  it('announces a customer message to the group and to the agents through NOTIFY', async () => {
    const listener = new pg.Client({ connectionString: ctx.url });
    await listener.connect();
    const events: { target: { groupId?: number; userIds?: number[] }; event: { msgType: string } }[] = [];
    listener.on('notification', (message) => events.push(JSON.parse(message.payload ?? '{}')));
    await listener.query('LISTEN taxlens_events');
    const sent = await send(main, { msgType: 0, msgContent: '有人在吗' });
    // NOTIFY arrives after the commit, on the listener's own connection: wait for it, not for a time.
    for (let tries = 0; tries < 50 && !events.some((item) => item.event.msgType === 'CHAT_AGENT'); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await listener.end();
    const chat = events.find((item) => item.event.msgType === 'CHAT');
    expect(chat?.target).toEqual({ groupId: 1 });
    expect(chat?.event).toMatchObject({ messageId: sent.data.id });
    const agents = events.find((item) => item.event.msgType === 'CHAT_AGENT');
    expect(agents?.target.userIds).toContain(agent.id);
  });
});

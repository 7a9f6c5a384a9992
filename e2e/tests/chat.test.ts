import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const AGENT = '13700000004';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND) built here, so no image file is copied in. */
function pngBytes(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 30, 120, 220]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function agentToken(): Promise<string> {
  return (await apiData<{ userToken: string }>('/userInfo/login', { body: { phone: AGENT, pwd: DEMO_PASSWORD } }))
    .userToken;
}

async function setHours(workdays: number[], opensAt: string, closesAt: string) {
  await apiData('/operator/chat/hours', { token: await agentToken(), body: { workdays, opensAt, closesAt } });
}

/** Ends the demo group's open conversation through the agent API, so each test starts with the assistant. */
async function closeOpenConversation() {
  const token = await agentToken();
  const queue = await apiData<{ list: { id: number; groupId: number; state: string }[] }>(
    '/operator/chat/queue?filter=open',
    { token },
  );
  for (const item of queue.list.filter((entry) => entry.groupId === 1)) {
    if (item.state === 'waiting') await apiData('/operator/chat/claim', { token, body: { id: item.id } });
    await apiData('/operator/chat/close', { token, body: { id: item.id } });
  }
}

async function openChat(page: Page) {
  await page.getByTestId('chat-entry').click();
  await page.getByTestId('chat-card').waitFor();
}

describe('customer-service chat', () => {
  before(() => setHours([1, 2, 3, 4, 5, 6, 7], '00:00', '23:59'));
  // The spec's hours are the default other tests read.
  after(() => setHours([1, 2, 3, 4, 5], '09:00', '18:00'));

  it('customer dialog: assistant with sources, 转人工, the human tab’s rules and timings', async () => {
    for (const width of [1440, 390]) {
      await closeOpenConversation();
      const { page, pageErrors, close } = await openPage(browser, { width, height: width > 500 ? 900 : 844 });
      try {
        await signIn(page, '13800000002');
        await openChat(page);
        if (width === 1440) {
          // No unread: the AI tab first.
          await page.getByTestId('assistant-pane').waitFor();
        } else {
          // The previous round's conversation was closed by the agent: that note is unread, so the human tab opens first.
          await page.getByTestId('human-pane').getByText('本次会话已结束').last().waitFor();
          await page.getByRole('tab', { name: '智能助手' }).click();
        }
        // The assistant tells that no language model is configured.
        const assistant = page.getByTestId('assistant-pane');
        await assistant.getByText('未接入大模型').waitFor();
        await page.getByTestId('assistant-input').locator('input').fill('怎么申请开发票');
        await page.getByTestId('assistant-input').locator('input').press('Enter');
        await assistant.getByTestId('chat-sources').last().getByText('如何申请发票（开票）？').waitFor();
        await screenshot(page, `chat-assistant-${width}`);

        await page.getByTestId('chat-to-human').click();
        const human = page.getByTestId('human-pane');
        await human.getByText('已为您转接人工客服').last().waitFor();
        await human.getByTestId('chat-members').getByText('张主账号').waitFor();
        await human.getByText('服务时间：每天 0:00-23:59').waitFor();

        // Blank text is not sent; the tooltip shows for 1 s on the page's (fake) clock.
        await page.clock.install();
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
        const lines = human.getByTestId('chat-line');
        const before = await lines.count();
        await page.getByTestId('chat-input').fill('   ');
        await page.getByTestId('chat-send').click();
        const tip = page.getByRole('tooltip').getByText('不能发送空白消息');
        await tip.waitFor();
        await page.clock.runFor(900);
        assert.equal(await tip.isVisible(), true);
        await page.clock.runFor(200);
        await tip.waitFor({ state: 'hidden' });
        await page.clock.resume();
        assert.equal(await lines.count(), before);

        // The text area stops at 500 characters.
        await page.getByTestId('chat-input').fill('税'.repeat(501));
        assert.equal((await page.getByTestId('chat-input').inputValue()).length, 500);

        await page.getByTestId('chat-input').fill('请问发票导入失败怎么办？');
        await page.getByTestId('chat-send').click();
        await human
          .locator('[data-testid="chat-line"]:not([data-pending])')
          .getByText('请问发票导入失败怎么办？')
          .last()
          .waitFor();
        // All lines within 5 minutes of each other: one timestamp on top only.
        assert.equal(await human.getByTestId('chat-time').count(), 1);

        // A failed send: appended at once, then removed.
        await page.route('**/api/ChatRecord/sendMessage', (route) => route.abort());
        const count = await lines.count();
        await page.getByTestId('chat-input').fill('这条发不出去');
        await page.getByTestId('chat-send').click();
        await page.getByText('网络错误').first().waitFor();
        await human.getByText('这条发不出去').waitFor({ state: 'detached' });
        assert.equal(await lines.count(), count);
        await page.unroute('**/api/ChatRecord/sendMessage');

        // Images: a real PNG is sent and shown; a GIF is refused by type; a renamed PDF by its bytes.
        const imageInput = human.locator('input[type=file][accept=".png,.jpg,.jpeg"]');
        await imageInput.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: pngBytes() });
        await page.getByText('只能上传png、jpg、jpeg格式的图片').waitFor();
        await imageInput.setInputFiles({
          name: 'fake.png',
          mimeType: 'image/png',
          buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
        });
        await page.getByText('error: 文件内容与文件类型不符，请上传真实的文件').waitFor();
        await imageInput.setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: pngBytes() });
        await human.getByTestId('chat-image').last().waitFor();
        const fileInput = human.locator('input[type=file][accept=".pdf,.xls,.xlsx,.doc,.docx"]');
        await fileInput.setInputFiles({ name: 'a.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
        await page.getByText('只能上传pdf、xlsx、docx格式的文件').waitFor();

        await page.getByTestId('chat-emoji').click();
        await page.getByTestId('chat-emoji-panel').getByText('👍').click();
        assert.equal(await page.getByTestId('chat-input').inputValue(), '👍');
        await screenshot(page, `chat-human-${width}`);
        assert.deepEqual(pageErrors, []);
      } catch (error) {
        await screenshot(page, `chat-failure-${width}`);
        throw error;
      } finally {
        await close();
      }
    }
  });

  it('an agent answers a waiting customer from the console, in a second browser', async () => {
    await closeOpenConversation();
    const customer = await openPage(browser, { width: 1440, height: 900 });
    const agent = await openPage(browser, { width: 1440, height: 900 });
    try {
      await signIn(customer.page, '13800000003');
      await openChat(customer.page);
      // Unread closing notes of earlier conversations: the dialog opens on the human tab.
      await customer.page.getByTestId('human-pane').waitFor();
      await customer.page.getByRole('tab', { name: '智能助手' }).click();
      await customer.page.getByTestId('chat-to-human').click();
      await customer.page.getByTestId('chat-input').fill('报告里的红色预警怎么处理？');
      await customer.page.getByTestId('chat-send').click();
      const human = customer.page.getByTestId('human-pane');
      await human
        .locator('[data-testid="chat-line"]:not([data-pending])')
        .getByText('报告里的红色预警怎么处理？')
        .waitFor();

      const console = agent.page;
      await console.goto(`${BASE_URL}/operator/login`);
      await console.getByLabel('手机号').fill(AGENT);
      await console.getByLabel('密码').fill(DEMO_PASSWORD);
      await console.getByRole('button', { name: /登\s*录/ }).click();
      await console.waitForURL(/\/operator\/(?!login)/);
      await console.goto(`${BASE_URL}/operator/chat`);
      const item = console.getByTestId('agent-queue-item').filter({ hasText: '示例财税咨询有限公司' }).first();
      await item.getByText('排队中').waitFor();
      await item.click();
      const panel = console.getByTestId('agent-conversation');
      await panel.getByText('报告里的红色预警怎么处理？').waitFor();
      await panel.getByText('员工').first().waitFor();
      await console.getByTestId('agent-claim').click();
      await console.getByTestId('chat-input').fill('您好，红色表示高风险指标，请先核对对应的发票。');
      await console.getByTestId('chat-send').click();
      await panel.getByText('您好，红色表示高风险指标，请先核对对应的发票。').waitFor();

      // The customer sees it in the human tab (the socket, or the 5 s unread poll).
      await human.getByText('您好，红色表示高风险指标，请先核对对应的发票。').waitFor();
      await screenshot(customer.page, 'chat-customer-answered-1440');
      await screenshot(console, 'chat-agent-console-1440');
      await console.setViewportSize({ width: 390, height: 844 });
      await screenshot(console, 'chat-agent-console-390');
      await console.setViewportSize({ width: 1440, height: 900 });

      await console.getByTestId('agent-close').click();
      await console.getByRole('button', { name: /确\s*定|OK/ }).click();
      await human.getByText('本次会话已结束').last().waitFor();
      assert.deepEqual(customer.pageErrors, []);
      assert.deepEqual(agent.pageErrors, []);
    } catch (error) {
      await screenshot(customer.page, 'chat-failure-customer');
      await screenshot(agent.page, 'chat-failure-agent');
      throw error;
    } finally {
      await customer.close();
      await agent.close();
    }
  });
  it('spec timings on a fake clock: unread polled every 60 s closed and 5 s open, the assistant’s 20 s load time-out', async () => {
    await closeOpenConversation();
    const { page, pageErrors, close } = await openPage(browser, { width: 1440, height: 900 });
    try {
      await page.clock.install();
      await signIn(page, '13800000001');
      const polls: number[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/ChatRecord/findDelFlag')) polls.push(Date.now());
      });
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
      const advance = async (ms: number) => {
        for (let done = 0; done < ms; done += 1000) {
          await page.clock.runFor(1000);
          await page.waitForTimeout(20);
        }
      };
      const closedStart = polls.length;
      await advance(30_000);
      assert.equal(polls.length, closedStart, 'no poll within 30 s while the dialog is closed');
      await advance(32_000);
      await page.waitForTimeout(300);
      assert.equal(polls.length, closedStart + 1, 'one poll per 60 s while the dialog is closed');

      // The assistant never answers: after 20 s the tab says it timed out and offers a retry.
      let hold = true;
      await page.route('**/api/ChatRecord/assistant', async (route) => {
        while (hold) await new Promise((resolve) => setTimeout(resolve, 100));
        // The page gave up on this request at 20 s; the retry is a new request.
        await route.continue().catch(() => {});
      });
      await page.getByTestId('chat-entry').click();
      // React reveals the lazily loaded dialog on a short timer: let the paused clock move a little.
      await page.clock.runFor(500);
      // With earlier conversations' closing notes unread, the human tab opens first.
      await page.getByRole('tab', { name: '智能助手' }).waitFor();
      if (await page.getByTestId('human-pane').isVisible()) await page.getByRole('tab', { name: '智能助手' }).click();
      await page.getByText('智能助手加载中').waitFor();
      const openBefore = polls.length;
      await advance(6_000);
      await page.waitForTimeout(300);
      assert.ok(polls.length >= openBefore + 1, 'polled within 5 s while the dialog is open');
      await advance(15_000);
      await page.getByTestId('assistant-failed').getByText('智能助手加载超时，请稍后重试').waitFor();
      hold = false;
      await page.unroute('**/api/ChatRecord/assistant');
      await page.clock.resume();
      await page.getByRole('button', { name: /重\s*试/ }).click();
      await page.getByTestId('assistant-pane').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('the knowledge base page: a content editor adds an FAQ entry and the assistant answers from it', async () => {
    const editor = await openPage(browser, { width: 1440, height: 900 });
    const customer = await openPage(browser, { width: 390, height: 844 });
    try {
      const page = editor.page;
      await page.goto(`${BASE_URL}/operator/login`);
      await page.getByLabel('手机号').fill('13700000003');
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/operator\/(?!login)/);
      await page.goto(`${BASE_URL}/operator/faq`);
      await page.getByTestId('kb-add').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('问题').fill('发票穿透报告能导出PDF吗？');
      await dialog.getByLabel('答案').fill('可以。打开报告后点击右上角“导出PDF”，生成后自动下载。');
      await dialog.getByLabel('同义说法（逗号分隔）').fill('报告下载,导出报告');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.getByRole('cell', { name: '发票穿透报告能导出PDF吗？' }).waitFor();
      await page.getByPlaceholder('输入客户可能的问法').fill('报告怎么导出PDF');
      await page.getByPlaceholder('输入客户可能的问法').press('Enter');
      await page.getByTestId('kb-try').getByText('发票穿透报告能导出PDF吗？').waitFor();
      await screenshot(page, 'chat-knowledge-1440');

      await closeOpenConversation();
      await signIn(customer.page, '13800000001');
      await openChat(customer.page);
      const human = customer.page.getByTestId('human-pane');
      await customer.page.getByRole('tab', { name: '智能助手' }).waitFor();
      if (await human.isVisible()) await customer.page.getByRole('tab', { name: '智能助手' }).click();
      await customer.page.getByTestId('assistant-input').locator('input').fill('报告怎么导出PDF');
      await customer.page.getByTestId('assistant-input').locator('input').press('Enter');
      await customer.page.getByText('可以。打开报告后点击右上角“导出PDF”').waitFor();
      await customer.page.getByTestId('chat-sources').last().getByText('发票穿透报告能导出PDF吗？').waitFor();
      assert.deepEqual(editor.pageErrors, []);
      assert.deepEqual(customer.pageErrors, []);
    } catch (error) {
      await screenshot(editor.page, 'chat-failure-kb');
      await screenshot(customer.page, 'chat-failure-kb-customer');
      throw error;
    } finally {
      await editor.close();
      await customer.close();
    }
  });
  it('human tab: page 0 shows the newest 6; scrolling to the top loads the previous 6', async () => {
    await closeOpenConversation();
    const token = (
      await apiData<{ userToken: string }>('/userInfo/login', { body: { phone: '13800000001', pwd: DEMO_PASSWORD } })
    ).userToken;
    for (let index = 1; index <= 14; index += 1) {
      await apiData('/ChatRecord/sendMessage', { token, body: { msgType: 0, msgContent: `翻页测试第${index}条` } });
    }
    const { page, pageErrors, close } = await openPage(browser, { width: 1440, height: 900 });
    try {
      await signIn(page, '13800000001');
      await openChat(page);
      await page.getByRole('tab', { name: '人工客服' }).click();
      const human = page.getByTestId('human-pane');
      await human.getByText('翻页测试第14条').waitFor();
      assert.equal(await human.getByTestId('chat-line').count(), 6);
      assert.equal(await human.getByText('翻页测试第8条').count(), 0);
      await human.getByTestId('chat-list').evaluate((list) => {
        list.scrollTop = 0;
      });
      await human.getByText('翻页测试第8条').waitFor();
      assert.equal(await human.getByTestId('chat-line').count(), 12);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});

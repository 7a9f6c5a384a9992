import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/**
 * A local stand-in for an OpenAI-compatible server, built from the published chat-completions
 * format: POST /v1/chat/completions with a Bearer key and { model, messages }, answering
 * { id, object: 'chat.completion', created, model, choices: [{ index, message: { role, content },
 * finish_reason }], usage }. It phrases from what the prompt carried, so the test sees the sources
 * reached the model.
 */
interface Seen {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}
let fake: Server;
let failing = false;
const seen: Seen[] = [];

async function readJson(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  fake = createServer(async (request, response) => {
    const body = await readJson(request);
    seen.push({ authorization: request.headers.authorization, body });
    response.setHeader('content-type', 'application/json');
    if (request.url !== '/v1/chat/completions' || failing) {
      response.statusCode = failing ? 500 : 404;
      response.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      return;
    }
    const prompt = body.messages.at(-1)?.content ?? '';
    const title = /\[资料1\] (.+)/.exec(prompt)?.[1] ?? '';
    response.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: `根据《${title}》：请到我的订单申请开票。` },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      }),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  ctx = await createTestContext({
    env: { CHAT_LLM_URL: `http://127.0.0.1:${port}/v1`, CHAT_LLM_API_KEY: 'sk-test-key', CHAT_LLM_MODEL: 'test-model' },
  });
  token = await ctx.login('13800000001');
  await ctx.db
    .updateTable('chat_settings')
    .set({ workdays: [1, 2, 3, 4, 5, 6, 7], opens_at: '00:00', closes_at: '23:59' })
    .execute();
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('the assistant with an OpenAI-compatible model', () => {
  it('says which model is active and phrases the answer from the retrieved sources', async () => {
    const info = await ctx.call('GET', '/api/ChatRecord/assistant', { token });
    expect(info.data).toMatchObject({ mode: 'llm', model: 'test-model' });
    const answer = await ctx.call('POST', '/api/ChatRecord/ask', { token, body: { question: '怎么申请开发票' } });
    expect(answer.data.outcome).toBe('answered');
    expect(answer.data.reply.msgContent).toBe('根据《如何申请发票（开票）？》：请到我的订单申请开票。');
    expect(answer.data.reply.sources[0].title).toBe('如何申请发票（开票）？');
    const request = seen.at(-1);
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(request?.body.messages[1]?.content).toContain('用户问题：怎么申请开发票');
  });

  it('falls back to the sources when the model fails', async () => {
    failing = true;
    const answer = await ctx.call('POST', '/api/ChatRecord/ask', { token, body: { question: '怎么申请开发票' } });
    failing = false;
    expect(answer.data.outcome).toBe('answered');
    expect(answer.data.reply.msgContent).toContain('我的订单');
    expect(answer.data.reply.msgContent).not.toContain('根据《');
  });

  it('never calls the model for a hand-over keyword', async () => {
    const before = seen.length;
    const answer = await ctx.call('POST', '/api/ChatRecord/ask', { token, body: { question: '我要退款' } });
    expect(answer.data.outcome).toBe('handover');
    expect(seen.length).toBe(before);
  });
});

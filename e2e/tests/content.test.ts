import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiLogin } from '../lib/companies.js';

const browser = useBrowser();
const MAIN = '13800000001';
const ADMIN = '13700000001';
const CONTENT = '13700000003';
const RUN = Date.now() % 100_000;

const setCourseware = async (value: 0 | 1) =>
  apiData('/operator/groups/setFlags', {
    token: await apiLogin(ADMIN),
    body: { groupId: 1, enablementServicePermission: value },
  });

async function operatorSignIn(page: import('playwright-core').Page, phone: string) {
  await page.goto(`${BASE_URL}/operator/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/operator\/(?!login)/);
}

/** Issue 15: /insurance and /courseware, with their operator console pages. */
describe('insurance and courseware', () => {
  it('insurance: bad input gets Chinese messages; a quote request reaches the operator and the answer comes back', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, MAIN);
        await page.goto(`${BASE_URL}/insurance`);
        await page.getByText('保障范围').waitFor();
        const form = page.getByTestId('insurance-form');
        await form.getByRole('button', { name: '提交询价' }).click();
        await form.getByText('请选择承保的业务范围').waitFor();
        await form.getByText('请填写此项').first().waitFor();
        const firm = `示例财税咨询有限公司${RUN}${width}`;
        await form.getByLabel('机构名称').fill(firm);
        await form.getByLabel('联系人').fill('王会计');
        await form.getByLabel('联系电话').fill('1380000000');
        await form.getByLabel('上年营业收入（元）').fill('3600000');
        await form.getByLabel('执业人员人数').fill('12');
        await form.getByLabel('每次事故赔偿限额（元）').fill('1000000');
        await form.getByLabel('累计赔偿限额（元）').fill('500000');
        await form.getByLabel('代理记账').check();
        await form.getByRole('button', { name: '提交询价' }).click();
        await form.getByText('请输入正确的11位手机号').waitFor();
        await form.getByText('累计赔偿限额不能低于每次事故赔偿限额').waitFor();
        await form.getByLabel('联系电话').fill('13800000001');
        await form.getByLabel('累计赔偿限额（元）').fill('3000000');
        await form.getByRole('button', { name: '提交询价' }).click();
        await page.getByText('询价已提交，工作人员将在1个工作日内与您联系').waitFor();
        const row = page.getByTestId('insurance-mine').locator('.ant-table-row').first();
        await row.getByText('待处理').waitFor();
        assert.match((await row.textContent()) ?? '', /1,000,000\.00 \/ 3,000,000\.00/);
        await screenshot(page, `content-insurance-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await operatorSignIn(page, CONTENT);
      await page.goto(`${BASE_URL}/operator/insurance-quotes`);
      const row = page.locator('.ant-table-row', { hasText: `示例财税咨询有限公司` }).first();
      await row.getByText('待处理').waitFor();
      await row.getByRole('button', { name: '处理' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: '已联系' }).click();
      await dialog.getByLabel('处理备注').fill('已电话联系，待补充执业人员名单');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-table-row', { hasText: '已联系' }).first().waitFor();
      await screenshot(page, 'content-operator-insurance-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('courseware: the demo course plays, progress is kept, and the switch enablementServicePermission hides it', async () => {
    await setCourseware(1);
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, MAIN);
        await page.goto(`${BASE_URL}/courseware`);
        const card = page.getByTestId('course-card').filter({ hasText: '增值税票表比对实务' });
        await card.waitFor();
        await screenshot(page, `content-courseware-${width}`);
        await card.getByRole('link').click();
        await page.waitForURL(/\/courseware\/desc\?id=/);
        await page.getByTestId('course-file').first().waitFor();
        if (width === 1440) {
          // The video streams: the player reads its metadata through a ranged request.
          const video = page.getByTestId('course-video');
          await video.waitFor();
          await page.waitForFunction(() => {
            const element = document.querySelector('video');
            return element !== null && element.readyState >= 1;
          });
          await screenshot(page, `content-course-video-${width}`);
        }
        await page.getByTestId('course-file').filter({ hasText: '讲义' }).click();
        const markDone = page.getByTestId('course-mark-done');
        if (await markDone.isVisible().catch(() => false)) await markDone.click();
        await page.getByTestId('course-file').filter({ hasText: '讲义' }).getByText('已学完').waitFor();
        await screenshot(page, `content-course-desc-${width}`);
        await page.goto(`${BASE_URL}/courseware/list`);
        await page.getByTestId('course-row').first().getByText('继续学习').waitFor();
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
    await setCourseware(0);
    const { page, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      await page.goto(`${BASE_URL}/courseware`);
      await page.waitForURL(/\/404/);
      const denied = await apiCall('/enablementService/findEnablementServiceList', { token: await apiLogin(MAIN) });
      assert.equal(denied.status, 403);
      assert.equal(denied.msg, '当前用户没有权限，请联系管理员');
    } finally {
      await setCourseware(1);
      await close();
    }
  });

  it('the content operator creates a course and uploads its handout', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await operatorSignIn(page, CONTENT);
      await page.goto(`${BASE_URL}/operator/courseware`);
      await page.getByTestId('admin-course-title').fill(`残保金申报要点${RUN}`);
      await page.getByTestId('admin-course-category').fill('社保与规费');
      await page.getByTestId('admin-course-summary').fill('讲解残疾人就业保障金的计算口径与申报时点。');
      await page.getByTestId('admin-course-save').click();
      const row = page.locator('.ant-table-row', { hasText: `残保金申报要点${RUN}` });
      await row.waitFor();
      const expanded = row.locator('xpath=following-sibling::tr[1]');
      await expanded.getByTestId('admin-file-title').fill('申报要点讲义');
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      );
      const chooser = page.waitForEvent('filechooser');
      await expanded.getByTestId('admin-upload').click();
      await (await chooser).setFiles({ name: '讲义.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expanded.getByTestId('admin-course-file').getByText('申报要点讲义').waitFor();
      await screenshot(page, 'content-operator-courseware-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});

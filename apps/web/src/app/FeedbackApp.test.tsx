import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { feedback } from '../lib/feedback';
import { FeedbackApp } from './FeedbackApp';

function SaveButton() {
  const { message, modal } = App.useApp();
  return (
    <>
      <button type="button" onClick={() => message.success('已保存')}>
        save
      </button>
      <button type="button" onClick={() => modal.confirm({ title: '确认退出登录？' })}>
        logout
      </button>
    </>
  );
}

afterEach(cleanup);

// The first call imports antd's App; transforming it takes about a second in the test runner.
const LOADED = { timeout: 8000 };

describe('FeedbackApp: App.useApp() with antd <App> loaded on first use', () => {
  it('shows a toast asked for before <App> is loaded', async () => {
    render(
      <FeedbackApp>
        <SaveButton />
      </FeedbackApp>,
    );
    // fireEvent.click dispatches no pointerdown: the toast itself asks for <App>.
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(document.body.textContent).toContain('已保存'), LOADED);
  });

  it('opens a confirm dialog and takes the HTTP client’s toasts (lib/feedback)', async () => {
    render(
      <FeedbackApp>
        <SaveButton />
      </FeedbackApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(document.body.textContent).toContain('确认退出登录？'), LOADED);
    feedback.error('网络异常，请稍后重试', 3);
    await waitFor(() => expect(document.body.textContent).toContain('网络异常，请稍后重试'), LOADED);
  });
});

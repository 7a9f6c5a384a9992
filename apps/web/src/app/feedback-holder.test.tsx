import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useToasts } from './feedback-holder';

function Toaster({ text }: { text: string }) {
  const toasts = useToasts();
  return (
    <button type="button" onClick={() => toasts.success(text)}>
      toast
    </button>
  );
}

afterEach(cleanup);

describe('toasts on screens with and without antd <App>', () => {
  it('inside <App> (a layout) uses its message, in its own container', async () => {
    render(
      <App>
        <div data-testid="inside">
          <Toaster text="保存成功" />
        </div>
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    await waitFor(() => expect(screen.getByText('保存成功')).toBeTruthy());
  });

  it('without <App> (the sign-in screen) creates the holder on first use and shows the toast', async () => {
    render(<Toaster text="验证码已发送" />);
    expect(screen.queryByText('验证码已发送')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    await waitFor(() => expect(document.body.textContent).toContain('验证码已发送'));
  });
});

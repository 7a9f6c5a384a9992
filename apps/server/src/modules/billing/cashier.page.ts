import { formatDateTime, formatFen, ORDER_STATE_LABELS, type OrderState } from '@taxlens/shared';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface CashierView {
  token: string;
  orderNo: string;
  title: string;
  amountFen: number;
  state: OrderState;
  expired: boolean;
  expireTime: Date;
  /** Shown above the order, e.g. why a payment did not go through. */
  message?: string;
}

/**
 * The sandbox cashier page: plain HTML with two forms, no script, so it works anywhere and
 * looks like the hand-over page of a real payment provider.
 */
export function renderCashier(view: CashierView): string {
  const payable = view.state === 'pending' && !view.expired;
  const base = `/sandbox-cashier/${encodeURIComponent(view.token)}`;
  const status = payable
    ? '待支付'
    : view.expired && view.state === 'pending'
      ? '已超时'
      : ORDER_STATE_LABELS[view.state];
  const actions = payable
    ? `<form method="post" action="${base}/pay"><button class="pay" type="submit">确认支付</button></form>
       <form method="post" action="${base}/cancel"><button class="cancel" type="submit">取消</button></form>`
    : `<p class="closed">该订单${escapeHtml(status)}，无需支付。</p>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>税镜 TaxLens 沙箱收银台</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f0f2f5; color: #1f1f1f; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); overflow: hidden; }
  header { background: #1677ff; color: #fff; padding: 16px 24px; font-size: 18px; font-weight: 600; }
  .notice { background: #fffbe6; border-bottom: 1px solid #ffe58f; color: #874d00; padding: 12px 24px; font-size: 14px; line-height: 1.6; }
  .message { background: #fff2f0; border-bottom: 1px solid #ffccc7; color: #a8071a; padding: 12px 24px; font-size: 14px; }
  dl { margin: 0; padding: 16px 24px; display: grid; grid-template-columns: 88px 1fr; row-gap: 10px; font-size: 14px; }
  dt { color: #8c8c8c; } dd { margin: 0; word-break: break-all; }
  .amount { font-size: 30px; font-weight: 600; text-align: center; padding: 8px 24px 0; }
  .actions { padding: 16px 24px 24px; display: grid; gap: 12px; }
  form { margin: 0; } button { width: 100%; height: 40px; border-radius: 6px; font-size: 16px; cursor: pointer; }
  .pay { background: #1677ff; color: #fff; border: 0; } .cancel { background: #fff; color: #1f1f1f; border: 1px solid #d9d9d9; }
  .closed { text-align: center; color: #8c8c8c; margin: 0; }
  a { color: #1677ff; }
</style>
</head>
<body>
<main>
  <header>税镜 TaxLens 沙箱收银台</header>
  <div class="notice">这是沙箱（演示）支付环境：点击“确认支付”只会模拟支付成功，不会发生任何真实扣款或资金往来。</div>
  ${view.message ? `<div class="message">${escapeHtml(view.message)}</div>` : ''}
  <div class="amount">¥ ${formatFen(view.amountFen)}</div>
  <dl>
    <dt>收款方</dt><dd>税镜 TaxLens 沙箱收银台</dd>
    <dt>商品</dt><dd>${escapeHtml(view.title)}</dd>
    <dt>订单号</dt><dd>${escapeHtml(view.orderNo)}</dd>
    <dt>订单状态</dt><dd>${escapeHtml(status)}</dd>
    <dt>支付截止</dt><dd>${formatDateTime(view.expireTime.toISOString())}</dd>
  </dl>
  <div class="actions">${actions}</div>
</main>
</body>
</html>`;
}

export function renderCashierNotFound(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>税镜 TaxLens 沙箱收银台</title></head>
<body style="font-family: system-ui, sans-serif; text-align: center; padding-top: 80px; color: #595959">
<h1 style="font-size: 20px">税镜 TaxLens 沙箱收银台</h1><p>支付链接无效或已失效。</p><p><a href="/pay">返回充值页</a></p></body></html>`;
}

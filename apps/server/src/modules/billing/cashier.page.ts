import {
  BRAND_COLORS,
  BRAND_FONT_STACK,
  brandLogoSvg,
  formatDateTime,
  formatFen,
  ORDER_STATE_LABELS,
  type OrderState,
} from '@taxlens/shared';

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

/** The page's head: the product's font (its self-hosted stylesheet when the client is built), colours and type. */
function head(fontCss: string | null): string {
  const c = BRAND_COLORS;
  return `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>税镜 TaxLens 沙箱收银台</title>
${fontCss ? `<link rel="stylesheet" href="${escapeHtml(fontCss)}">` : ''}
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font-family: ${BRAND_FONT_STACK}; font-size: 14px; background: ${c.contentBg}; color: ${c.text}; -webkit-font-smoothing: antialiased; }
  .bar { display: flex; align-items: center; gap: 10px; height: 56px; padding: 0 24px; background: ${c.navy}; color: #fff; }
  .bar b { font-size: 18px; font-weight: 500; letter-spacing: 2px; }
  .bar span { margin-left: 6px; padding: 2px 8px; border-radius: 4px; background: rgba(255,255,255,.12); color: rgba(255,255,255,.8); font-size: 12px; }
  main { max-width: 440px; margin: 40px auto; padding: 0 12px; }
  .card { background: #fff; border: 1px solid ${c.border}; border-radius: 12px; box-shadow: 0 1px 2px rgba(16,24,40,.04), 0 1px 3px rgba(16,24,40,.06); overflow: hidden; }
  .notice { margin: 20px 24px 0; padding: 10px 12px; border: 1px solid #fde7b0; border-radius: 8px; background: #fff8e6; color: #8a5a00; line-height: 1.6; }
  .message { margin: 12px 24px 0; padding: 10px 12px; border: 1px solid #fecdca; border-radius: 8px; background: #fef3f2; color: #b42318; }
  .amount { padding: 24px 24px 4px; text-align: center; }
  .amount small { display: block; color: ${c.textSecondary}; margin-bottom: 6px; }
  .amount strong { font-size: 34px; font-weight: 500; color: ${c.navy}; }
  dl { margin: 16px 24px 0; padding: 16px 0 0; border-top: 1px solid ${c.border}; display: grid; grid-template-columns: 80px 1fr; row-gap: 10px; }
  dt { color: ${c.textSecondary}; } dd { margin: 0; word-break: break-all; }
  .actions { padding: 20px 24px 24px; display: grid; gap: 12px; }
  form { margin: 0; }
  button { width: 100%; height: 44px; border-radius: 8px; font: inherit; font-size: 16px; cursor: pointer; }
  .pay { background: ${c.primary}; color: #fff; border: 0; box-shadow: 0 2px 0 rgba(31,94,255,.1); }
  .pay:hover { background: #4a7dff; }
  .cancel { background: #fff; color: ${c.text}; border: 1px solid #d0d5dd; }
  .cancel:hover { color: ${c.primary}; border-color: ${c.primary}; }
  .closed { text-align: center; color: ${c.textSecondary}; margin: 0; }
  a { color: ${c.primary}; text-decoration: none; }
  .foot { margin-top: 16px; text-align: center; color: ${c.textSecondary}; font-size: 12px; }
</style>`;
}

function bar(): string {
  return `<div class="bar">${brandLogoSvg(28)}<b>税镜</b><span>沙箱收银台</span></div>`;
}

/**
 * The sandbox cashier page: plain HTML with two forms, no script, so it works anywhere; in the
 * product's own font, colours and logo, with the sandbox said plainly.
 */
export function renderCashier(view: CashierView, fontCss: string | null = null): string {
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
${head(fontCss)}
</head>
<body>
${bar()}
<main>
  <div class="card">
    <div class="notice">这是沙箱（演示）支付环境：点击“确认支付”只会模拟支付成功，不会发生任何真实扣款或资金往来。</div>
    ${view.message ? `<div class="message">${escapeHtml(view.message)}</div>` : ''}
    <div class="amount"><small>应付金额</small><strong>¥ ${formatFen(view.amountFen)}</strong></div>
    <dl>
      <dt>收款方</dt><dd>税镜 TaxLens 沙箱收银台</dd>
      <dt>商品</dt><dd>${escapeHtml(view.title)}</dd>
      <dt>订单号</dt><dd>${escapeHtml(view.orderNo)}</dd>
      <dt>订单状态</dt><dd>${escapeHtml(status)}</dd>
      <dt>支付截止</dt><dd>${formatDateTime(view.expireTime.toISOString())}</dd>
    </dl>
    <div class="actions">${actions}</div>
  </div>
  <p class="foot">税镜 TaxLens · 沙箱支付不产生真实交易</p>
</main>
</body>
</html>`;
}

export function renderCashierNotFound(fontCss: string | null = null): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
${head(fontCss)}
</head>
<body>
${bar()}
<main>
  <div class="card"><div class="amount"><strong style="font-size:18px">支付链接无效或已失效</strong></div>
  <div class="actions"><p class="closed"><a href="/pay">返回充值页</a></p></div></div>
</main>
</body>
</html>`;
}

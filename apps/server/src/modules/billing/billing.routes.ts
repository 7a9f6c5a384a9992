import type { AppInstance } from '../../app.js';
import { cashierRoutes } from './cashier.routes.js';
import type { NotifyDelivery } from './cashier.service.js';
import { flowRoutes } from './flow.routes.js';
import { invoicesRoutes } from './invoices.routes.js';
import { operatorRoutes } from './operator.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { createBankTransferGateway, type PaymentGateways } from './payment.gateway.js';
import { createSandboxGateway, SANDBOX_NOTIFY_PATH, type SandboxGateway } from './sandbox.gateway.js';
import { bankPayee, configuredPayee, ensureSandboxSecret } from './settings.repo.js';
import { bankGatewayFromConfig, spdbRoutes } from './spdb.routes.js';
import { statsRoutes } from './stats.routes.js';
import { walletRoutes } from './wallet.routes.js';

export interface BillingDeps {
  gateways: PaymentGateways;
  sandbox: SandboxGateway;
  deliverSandbox: NotifyDelivery;
}

/** Billing: orders and payment, the sandbox cashier, wallets, flows, statistics, invoices, operator. */
export async function billingRoutes(app: AppInstance) {
  const secret = app.config.PAYMENT_SANDBOX_SECRET ?? (await ensureSandboxSecret(app.db));
  const sandbox = createSandboxGateway(secret);
  const payee = configuredPayee(app.config);
  const bankOnline = bankGatewayFromConfig(app.config);
  const deps: BillingDeps = {
    gateways: {
      ...(app.config.PAYMENT_SANDBOX ? { sandbox } : {}),
      ...(bankOnline ? { bank_online: bankOnline } : {}),
      bank_transfer: createBankTransferGateway(() => bankPayee(app.db, payee)),
    },
    sandbox,
    // The sandbox "bank" calls our notify URL through the full HTTP stack (routing, schema,
    // handler) like an outside gateway, without needing to know the address we listen on.
    deliverSandbox: async (notification) => {
      const answer = await app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: notification });
      const body = answer.json<{ msg?: string }>();
      return { status: answer.statusCode, msg: body.msg ?? '' };
    },
  };
  await ordersRoutes(app, deps);
  await spdbRoutes(app, deps);
  if (app.config.PAYMENT_SANDBOX) await cashierRoutes(app, deps);
  await walletRoutes(app);
  await flowRoutes(app);
  await statsRoutes(app);
  await invoicesRoutes(app);
  await operatorRoutes(app);
}

import type { BankForm } from '@taxlens/shared';

/**
 * Online banking: the browser itself posts the signed form to the bank's gateway (a top-level
 * navigation, as the bank requires; no request of ours could carry the payer there).
 */
export function buildBankForm(doc: Document, bankForm: BankForm): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = bankForm.action;
  form.acceptCharset = 'UTF-8';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(bankForm.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  return form;
}

export function submitBankForm(bankForm: BankForm): void {
  const form = buildBankForm(document, bankForm);
  document.body.appendChild(form);
  form.submit();
}

/** Whatever pays the instruction online: the cashier page, or the bank's form. False: nothing to open. */
export function openPayment(instruction: { cashierUrl: string | null; bankForm: BankForm | null }): boolean {
  if (instruction.cashierUrl) {
    window.location.assign(instruction.cashierUrl);
    return true;
  }
  if (instruction.bankForm) {
    submitBankForm(instruction.bankForm);
    return true;
  }
  return false;
}

import { describe, expect, it } from 'vitest';
import { buildBankForm } from './bank-form';

describe('buildBankForm', () => {
  it('posts every signed field, unchanged, to the bank’s form url', () => {
    const form = buildBankForm(document, {
      action: 'https://bank.example.com/payment/main',
      fields: { transName: 'IPER', Plain: 'TranAbbr=IPER|TranAmt=12.30', Signature: 'ab+/cd==' },
    });
    expect(form.method.toUpperCase()).toBe('POST');
    expect(form.action).toBe('https://bank.example.com/payment/main');
    const sent = Object.fromEntries(
      [...form.querySelectorAll('input')].map((input) => [input.name, [input.type, input.value]]),
    );
    expect(sent).toEqual({
      transName: ['hidden', 'IPER'],
      Plain: ['hidden', 'TranAbbr=IPER|TranAmt=12.30'],
      Signature: ['hidden', 'ab+/cd=='],
    });
  });
});

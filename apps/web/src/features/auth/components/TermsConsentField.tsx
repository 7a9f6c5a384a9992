import { TERMS_CONSENT_MESSAGE } from '@taxlens/shared';
import { Checkbox, Form } from 'antd';
import { PRIVACY_PATH, TERMS_PATH } from '../../../app/route-types';
import { t } from '../../../locales';

/**
 * The sign-up consent (PIPL: a clear act, unticked by default). The documents open in a new tab so
 * what was typed stays; the server refuses a sign-up without `agreeTerms: true` with the same words.
 */
export function TermsConsentField() {
  return (
    <Form.Item
      name="agreeTerms"
      valuePropName="checked"
      className="tl-terms-consent"
      rules={[
        {
          validator: (_rule, value) =>
            value === true ? Promise.resolve() : Promise.reject(new Error(TERMS_CONSENT_MESSAGE)),
        },
      ]}
    >
      <Checkbox data-testid="terms-consent">
        {t('auth.legal.consentPrefix')}
        <a href={TERMS_PATH} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
          {t('auth.legal.terms')}
        </a>
        {t('auth.legal.and')}
        <a href={PRIVACY_PATH} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
          {t('auth.legal.privacy')}
        </a>
      </Checkbox>
    </Form.Item>
  );
}

import { TERMS_CONSENT_MESSAGE } from '@taxlens/shared';
import { Checkbox, Form } from 'antd';
import { t } from '../../../locales';
import { PRIVACY_PATH, TERMS_PATH } from '../../legal/routes';

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
        {t('staff.legal.consentPrefix')}
        <a href={TERMS_PATH} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
          {t('staff.legal.terms')}
        </a>
        {t('staff.legal.and')}
        <a href={PRIVACY_PATH} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
          {t('staff.legal.privacy')}
        </a>
      </Checkbox>
    </Form.Item>
  );
}

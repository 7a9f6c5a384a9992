import type { Config } from '../../config.js';
import { RelayVerificationProvider } from './vendor.client.js';
import { LocalVerificationProvider, type VerificationProvider } from './verification.provider.js';

/** The provider the env chooses (VERIFICATION_PROVIDER); config validation ensures the relay's settings. */
export function createVerificationProvider(config: Config): VerificationProvider {
  if (config.VERIFICATION_PROVIDER === 'relay') {
    return new RelayVerificationProvider({
      url: config.VERIFICATION_RELAY_URL ?? '',
      appId: config.VERIFICATION_RELAY_APP_ID ?? '',
      appSecret: config.VERIFICATION_RELAY_APP_SECRET ?? '',
    });
  }
  return new LocalVerificationProvider();
}

import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact.js';

describe('request log URLs', () => {
  it('redacts token-like query values and path segments, keeps the rest', () => {
    const session = 'k3J9x_Qm2-7LpWz8RtYv0AbCdEfGhIjKlMnOpQrS';
    expect(redactUrl(`/share/upload?token=${session}&x=1`)).toBe('/share/upload?token=[redacted]&x=1');
    expect(redactUrl(`/print/report/12?printToken=${session}`)).toBe('/print/report/12?printToken=[redacted]');
    expect(redactUrl(`/pay/sandbox/${session}/pay`)).toBe('/pay/sandbox/[redacted]/pay');
    expect(redactUrl('/api/userInfo/login?code=123456')).toBe('/api/userInfo/login?code=[redacted]');
    expect(redactUrl('/api/CsbFirmCertification/fileUpload?wait=false')).toBe(
      '/api/CsbFirmCertification/fileUpload?wait=false',
    );
    expect(redactUrl('/assets/index-BxY1.js')).toBe('/assets/index-BxY1.js');
  });

  it('survives a malformed percent-encoding in a parameter name, still redacting by the raw name', () => {
    expect(redactUrl('/api/x?%E0%A4%A=1&token=abc')).toBe('/api/x?%E0%A4%A=1&token=[redacted]');
    expect(redactUrl('/api/x?token%ZZ=abc')).toBe('/api/x?token%ZZ=[redacted]');
  });
});

import { describe, it, expect } from 'vitest';
import { isAllowedHost } from '../../../../src/server/dev/hostCheck.js';

describe('isAllowedHost', () => {
  it('answers localhost, *.localhost and IP addresses, with any port', () => {
    for (const host of ['localhost', 'localhost:3000', 'LOCALHOST:3000', 'localhost.:3000', 'docs.localhost:3000', '127.0.0.1:3000', '127.1.2.3', '[::1]:3000', '[::1]', '192.168.1.20:3000']) {
      expect(isAllowedHost(host, '127.0.0.1'), host).toBe(true);
    }
  });

  it('refuses other names (DNS rebinding), names made to look local, and a missing Host', () => {
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.evil.example', 'localhostx:3000', '[::1].evil.example', '', undefined]) {
      expect(isAllowedHost(host, '127.0.0.1'), String(host)).toBe(false);
    }
  });

  it('answers the name it was told to listen on', () => {
    expect(isAllowedHost('devbox.lan:3000', 'devbox.lan')).toBe(true);
    expect(isAllowedHost('devbox.lan:3000', '0.0.0.0')).toBe(false);
  });
});

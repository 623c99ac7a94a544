import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FILE_MODE, markDataDir } from './appendLog.js';
import { SitegenError } from '../../builder/errors.js';

// Signed tokens of the subscription links: `<payload>.<HMAC-SHA256>` in base64url. The payload names
// the address, the action (c: confirm, u: unsubscribe), a nonce and, for confirmations, an expiry.
// Only this receiver's secret can make one, so a link acts on the one address it was mailed to.
// Single use is the subscription state's job (a confirmation's nonce is spent once confirmed).

export interface TokenPayload {
  /** The address (lower case). */
  e: string;
  a: 'c' | 'u';
  /** Random, per confirmation mail. */
  n: string;
  /** Expiry, seconds since the epoch (confirmations only). */
  x?: number;
}

export class Tokens {
  constructor(private readonly secret: Buffer) {}

  sign(payload: TokenPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload of a token this secret signed (expired or not), or undefined. */
  verify(token: string): TokenPayload | undefined {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length || body.length > 2000) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    try {
      const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
      return typeof p.e === 'string' && (p.a === 'c' || p.a === 'u') && typeof p.n === 'string' ? p : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return crypto.createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/**
 * The signing secret: the environment variable `envName` when set (at least 32 characters), else
 * `<dataDir>/secret`, made once with 32 random bytes (0600) so links keep working across restarts.
 */
export function loadSecret(params: { envName: string; dataDir: string }): Buffer {
  const fromEnv = process.env[params.envName];
  if (fromEnv) {
    if (fromEnv.length < 32)
      throw new SitegenError(`The forms secret ${params.envName} is too short`, [
        {
          message: `${params.envName} has ${fromEnv.length} characters; it must have at least 32 characters (it signs the confirmation and unsubscribe links)`,
          hint: `Set it to a long random value: export ${params.envName}=$(openssl rand -hex 32), or unset it to have one generated into the forms data folder.`,
        },
      ]);
    return Buffer.from(fromEnv);
  }
  const file = path.join(params.dataDir, 'secret');
  markDataDir(params.dataDir);
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked: a reader never sees a half-written secret, and
    // of two processes starting together the first link wins.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, crypto.randomBytes(32).toString('hex'), { mode: FILE_MODE, flush: true });
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim());
}

import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

// A real SMTP server on loopback for the mail tests (smtp-server), keeping every message it
// accepted, parsed (mailparser), with its envelope. `mode` switches it between accepting, refusing
// with a temporary (451) or permanent (550) error, while it runs; `stop`/`start` take it down and back
// on the same port.

export interface Delivered {
  envelopeTo: string[];
  raw: string;
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  delivered: Delivered[];
  /** Errors of client connections (a sender killed mid-session resets its socket): kept, not thrown. */
  connectionErrors: Error[];
  mode: 'accept' | 'temporary' | 'permanent';
  /** Resolves once at least `n` messages were delivered (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<Delivered[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const delivered: Delivered[] = [];
  let server: SMTPServer | undefined;
  const smtp: TestSmtp = {
    port,
    url: '',
    delivered,
    connectionErrors: [],
    mode: 'accept',
    async waitFor(n, ms = 30_000) {
      const until = Date.now() + ms;
      while (delivered.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} delivered messages within ${ms} ms, got ${delivered.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return delivered;
    },
    async stop() {
      const s = server;
      server = undefined;
      await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        closeTimeout: 200,
        size: 1024 * 1024,
        onRcptTo(address, _session, cb) {
          if (smtp.mode === 'temporary') return cb(Object.assign(new Error('try again later'), { responseCode: 451 }));
          if (smtp.mode === 'permanent') return cb(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
          cb();
        },
        onData(stream, session, cb) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            simpleParser(raw).then(
              (mail) => {
                delivered.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, mail });
                cb();
              },
              (e: Error) => cb(e),
            );
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(smtp.port, '127.0.0.1', () => resolve());
      });
      // smtp-server emits a client connection's socket error on the server: without a listener, the
      // ECONNRESET of a sender the crash test kills mid-session was an uncaught exception of the run.
      server.removeAllListeners('error');
      server.on('error', (e: Error) => smtp.connectionErrors.push(e));
      smtp.port = (server.server.address() as AddressInfo).port;
      smtp.url = `smtp://127.0.0.1:${smtp.port}`;
    },
  };
  await smtp.start();
  return smtp;
}

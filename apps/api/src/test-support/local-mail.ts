import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait-for.js';

/** An SMTP server on 127.0.0.1 that keeps every mail it is given, parsed. */
export interface LocalSmtp {
  port: number;
  received: ParsedMail[];
  /** The first mail that `match` takes (a subject, or a test of the mail), waited for up to 30 s. */
  mailTo(match: string | ((mail: ParsedMail) => boolean)): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** Starts a local SMTP server taking any sign-in, without TLS: what a tenant's e-mail setting can point at in a test. */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
    onAuth(auth, _session, done) { done(null, { user: auth.username }); },
    onData(stream, _session, done) { simpleParser(stream).then((mail) => { received.push(mail); done(); }, done); },
  });
  // A client that goes away mid-conversation (a process stopped by its test) is no error of the server's.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    mailTo: (match) => {
      const test = typeof match === 'string' ? (m: ParsedMail) => m.subject === match : match;
      return waitFor(`the e-mail ${typeof match === 'string' ? `"${match}"` : 'expected'}`, async () => received.find(test), (m) => m !== undefined, 30_000) as Promise<ParsedMail>;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The body of a tenant's e-mail setting that sends through a local SMTP server, the tenant's default. */
export const localMailSetting = (port: number) => ({
  settingName: '本机邮箱', smtpHost: '127.0.0.1', smtpPort: port, encryption: '0', username: 'mailer', password: 'secret',
  senderAddress: 'alumni@example.com', senderName: '校友总会', dailyLimit: 10000, isDefault: 1,
});

/** A stand-in for the built web app (`WEB_DIR`): the server answers the back office's and the portal's pages from these two files. */
export function standInWebDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-stand-in-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>back-office</title>');
  writeFileSync(path.join(dir, 'portal.html'), '<!doctype html><title>alumni portal</title>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

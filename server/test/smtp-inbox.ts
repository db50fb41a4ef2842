import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests: every message it accepts is parsed into `inbox`. `refuse` answers a
 * temporary failure (451) for a message instead, while it says so. Close it after the tests.
 */
export async function startSmtpInbox(refuse: () => boolean = () => false) {
  const inbox: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((m) => {
          if (refuse()) return done(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          inbox.push(m);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    inbox,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

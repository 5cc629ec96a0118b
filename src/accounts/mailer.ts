/**
 * Outgoing e-mail through SMTP (`SMTP_URL`, sender `SMTP_FROM`) with nodemailer. Without
 * SMTP_URL nothing is sent: `enabled` is false and invitation e-mails stay in the outbox only.
 * A failure is retried a few times with backoff; its message never carries the URL's password.
 * nodemailer is loaded only when SMTP_URL is set, so a start without mail does not pay for it.
 */
import { Data, Duration, Effect, Option, Redacted, Schedule } from "effect"
import { AppConfig } from "../config/app-config.ts"

export class MailError extends Data.TaggedError("MailError")<{ readonly message: string }> {}

export interface OutgoingMail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** Attempts after the first one, spaced 0.5 s, 1 s, 2 s. */
export const MAIL_RETRIES = 3

/** The SMTP URL's password (raw and decoded) and the URL itself, masked in a message. */
const scrubberFor = (smtpUrl: string) => {
  const secrets: Array<string> = [smtpUrl]
  try {
    const url = new URL(smtpUrl)
    if (url.password !== "") secrets.push(url.password, decodeURIComponent(url.password))
  } catch {
    // not a URL nodemailer could use either; mask the whole value only
  }
  return (message: string) =>
    secrets.filter((secret) => secret.length > 0).reduce((text, secret) => text.split(secret).join("***"), message)
}

export class Mailer extends Effect.Service<Mailer>()("Mailer", {
  scoped: Effect.gen(function*() {
    const config = yield* AppConfig
    const transport = yield* Option.match(config.smtpUrl, {
      onNone: () => Effect.succeed(Option.none<{ readonly send: (mail: OutgoingMail) => Promise<unknown>; readonly scrub: (m: string) => string }>()),
      onSome: (secret) =>
        Effect.acquireRelease(
          Effect.promise(() => import("nodemailer")).pipe(Effect.map(({ createTransport }) => {
            const url = Redacted.value(secret)
            const transporter = createTransport(url)
            return {
              transporter,
              scrub: scrubberFor(url),
              send: (mail: OutgoingMail) => transporter.sendMail({ from: config.smtpFrom, to: mail.to, subject: mail.subject, text: mail.text })
            }
          })),
          ({ transporter }) => Effect.sync(() => transporter.close())
        ).pipe(Effect.map(Option.some))
    })

    /** Sends one e-mail, retrying failures; fails with the last (scrubbed) error. */
    const send = (mail: OutgoingMail): Effect.Effect<void, MailError> =>
      Option.match(transport, {
        onNone: () => Effect.fail(new MailError({ message: "SMTP_URL is not set" })),
        onSome: ({ scrub, send }) =>
          Effect.tryPromise({
            try: () => send(mail),
            catch: (error) => new MailError({ message: scrub(error instanceof Error ? error.message : String(error)) })
          }).pipe(
            Effect.timeoutFail({ duration: Duration.seconds(30), onTimeout: () => new MailError({ message: "the SMTP server did not answer in 30 s" }) }),
            Effect.tapError((error) => Effect.logWarning("sending an e-mail failed", { to: mail.to, error: error.message })),
            Effect.retry(Schedule.exponential(Duration.millis(500)).pipe(Schedule.intersect(Schedule.recurs(MAIL_RETRIES)))),
            Effect.asVoid,
            Effect.withSpan("Mailer.send")
          )
      })

    return { enabled: Option.isSome(transport), send }
  })
}) {}

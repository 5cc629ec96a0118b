/**
 * Local identity mode with SMTP_URL: a new invitation's e-mail is queued in the outbox and then
 * sent through SMTP (a loopback smtp-server here); the outbox records when it went out, or why
 * it did not after its retries, and the SMTP password never shows.
 */
import { Effect } from "effect"
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { orgStreamOf } from "../../src/domain/identity-events.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const BASE = "https://sightline.example"
const PASSWORD = "smtp-secret-pw-42"

interface ReceivedMail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly user: string | undefined
  readonly raw: string
}

const eventually = async <A>(read: () => Promise<A>, done: (value: A) => boolean, timeoutMs = 15_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

for (const database of testDatabases) {
  describe(`identity, invitation e-mails through SMTP (${database.name})`, () => {
    let service: RunningService
    let smtp: SMTPServer
    let release = async () => {}
    let admin = ""
    const received: Array<ReceivedMail> = []

    const call = async (method: string, path: string, bearer: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      }))
    const outboxRow = async (invitationId: string) =>
      (await call("GET", "/api/organizations/org_mail/outbox", admin)).body.messages.find((message: any) => message.invitation_id === invitationId)

    beforeAll(async () => {
      smtp = new SMTPServer({
        disabledCommands: ["STARTTLS"],
        allowInsecureAuth: true,
        onAuth: (auth, _session, callback) =>
          auth.password === PASSWORD ? callback(null, { user: auth.username }) : callback(new Error("bad credentials")),
        onRcptTo: (address, _session, callback) =>
          address.address.startsWith("bounce@") ? callback(new Error("mailbox unavailable")) : callback(),
        onData: (stream, session, callback) => {
          const chunks: Array<Buffer> = []
          stream.on("data", (chunk: Buffer) => chunks.push(chunk))
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              user: session.user,
              raw: Buffer.concat(chunks).toString("utf8")
            })
            callback()
          })
        }
      })
      await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve))
      const { port } = smtp.server.address() as AddressInfo
      const created = await database.create()
      release = created.release
      service = await startService(created.target, {
        PUBLIC_BASE_URL: BASE,
        SMTP_URL: `smtp://mailer:${PASSWORD}@127.0.0.1:${port}`,
        SMTP_FROM: "Sightline Test <invites@sightline.example>"
      })
      admin = await service.sign({ sub: "user_mail_admin", org_id: "org_mail", org_slug: "mail", org_role: "org:admin" })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
      await new Promise<void>((resolve) => smtp ? smtp.close(() => resolve()) : resolve())
    })

    it("sends the invitation e-mail with the accept link and records it in the outbox", async () => {
      const { status, body } = await call("POST", "/api/organizations/invite", admin, {
        organization_id: "org_mail",
        email_address: "Friend@Example.com"
      })
      expect(status).toBe(200)
      const invitationId = body.invitation_id as string
      const mails = await eventually(async () => received.filter((mail) => mail.to.includes("friend@example.com")), (list) => list.length > 0)
      expect(mails).toHaveLength(1)
      const [mail] = mails
      expect(mail!.user).toBe("mailer")
      expect(mail!.from).toBe("invites@sightline.example")
      expect(mail!.raw).toContain("Sightline Test")
      const row = await eventually(() => outboxRow(invitationId), (value) => value?.sent_at !== null)
      expect(row).toMatchObject({ invitation_id: invitationId, to: "friend@example.com", last_error: null })
      expect(row.sent_at).toEqual(expect.any(Number))
      // the e-mail that went out carries the same accept link as the queued one
      const link = /\/api\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(row.body)![0]
      const decoded = mail!.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      expect(decoded).toContain(`${BASE}${link}`)
      // a repeated invitation answers the pending one and sends nothing more
      const again = await call("POST", "/api/organizations/invite", admin, { organization_id: "org_mail", email_address: "friend@example.com" })
      expect(again.body.invitation_id).toBe(invitationId)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(received.filter((m) => m.to.includes("friend@example.com"))).toHaveLength(1)
    })

    it("retries a refused e-mail, then records the error without the SMTP password", async () => {
      const before = received.length
      const { status, body } = await call("POST", "/api/organizations/invite", SERVICE_KEY, {
        organization_id: "org_mail",
        email_address: "bounce@example.com"
      })
      expect(status).toBe(200)
      const invitationId = body.invitation_id as string
      const row = await eventually(() => outboxRow(invitationId), (value) => value?.last_error !== null, 90_000)
      expect(row.sent_at).toBeNull()
      expect(row.last_error).toEqual(expect.any(String))
      expect(row.last_error).not.toContain(PASSWORD)
      expect(received.length).toBe(before)
      const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(orgStreamOf("org_mail"))))
      const failed = events.filter((event) => event.type === "InvitationEmailFailed")
      expect(failed).toHaveLength(1)
      expect(JSON.stringify(events.map((event) => event.data))).not.toContain(PASSWORD)
    }, 180_000)
  })
}

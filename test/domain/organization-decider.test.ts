import { describe, expect, it } from "vitest"
import {
  InvitationAccepted,
  InvitationCreated,
  InvitationEmailQueued,
  MemberAdded,
  OrganizationCreated
} from "../../src/domain/identity-events.ts"
import * as Organization from "../../src/domain/organization-decider.ts"
import {
  AcceptInvitation,
  InvitationRejected,
  InviteMember,
  JoinFromToken,
  pendingInvitation,
  redirectAfterAccepting
} from "../../src/domain/organization-decider.ts"
import { deciderSpec } from "../support/decider-spec.ts"

const given = deciderSpec(Organization)
const T1 = new Date("2026-11-20T10:00:00.000Z")
const T2 = new Date("2026-11-21T10:00:00.000Z")
/** Seven days after T1, when its invitations expire. */
const EXPIRY = new Date("2026-11-27T10:00:00.000Z")

const created = new OrganizationCreated({ orgId: "org_1", slug: "acme", name: "Acme", imageUrl: null, createdAt: T1.toISOString() })
const admin = new MemberAdded({ orgId: "org_1", userId: "user_1", role: "org:admin", at: T1.toISOString() })

const invite = (overrides: Partial<ConstructorParameters<typeof InviteMember>[0]> = {}) =>
  new InviteMember({
    orgId: "org_1",
    invitationId: "inv_1",
    tokenHash: "hash-1",
    emailAddress: "Ann@Example.com",
    role: "org:member",
    redirectUrl: "/welcome",
    mail: { subject: "Join Acme", body: "Follow the link" },
    at: T1,
    ...overrides
  })

const invitationCreated = new InvitationCreated({
  orgId: "org_1",
  invitationId: "inv_1",
  emailAddress: "ann@example.com",
  role: "org:member",
  redirectUrl: "/welcome",
  tokenHash: "hash-1",
  expiresAt: EXPIRY.toISOString(),
  at: T1.toISOString()
})
const emailQueued = new InvitationEmailQueued({
  orgId: "org_1",
  invitationId: "inv_1",
  to: "ann@example.com",
  subject: "Join Acme",
  body: "Follow the link",
  at: T1.toISOString()
})
const accepted = new InvitationAccepted({ orgId: "org_1", invitationId: "inv_1", userId: "user_2", at: T2.toISOString() })

describe("organization decider", () => {
  describe("joining from a token", () => {
    const join = new JoinFromToken({ orgId: "org_1", orgSlug: "acme", userId: "user_1", role: "org:admin", at: T1 })

    it("creates the organization, named for its slug, and adds the user", () => {
      given([]).when(join).then([
        new OrganizationCreated({ orgId: "org_1", slug: "acme", name: "acme", imageUrl: null, createdAt: T1.toISOString() }),
        admin
      ])
    })

    it("names the organization as the token says", () => {
      given([]).when(new JoinFromToken({ ...join, name: "Acme" })).then([created, admin])
    })

    it("records nothing for a member of an existing organization", () => {
      given([created, admin]).when(join).then([])
    })

    it("adds a new member to an existing organization", () => {
      given([created, admin]).when(new JoinFromToken({ ...join, userId: "user_3", role: "org:member", at: T2 }))
        .then([new MemberAdded({ orgId: "org_1", userId: "user_3", role: "org:member", at: T2.toISOString() })])
    })
  })

  describe("inviting", () => {
    it("creates the invitation, lower-cased and valid for seven days, and queues its e-mail", () => {
      given([created]).when(invite()).then([invitationCreated, emailQueued])
    })

    it("records nothing for an address with a pending invitation (compared lower-cased)", () => {
      given([created, invitationCreated, emailQueued])
        .when(invite({ invitationId: "inv_2", tokenHash: "hash-2", emailAddress: "ANN@example.com", at: T2 }))
        .then([])
    })

    it("invites again once the invitation has expired or been accepted", () => {
      const again = invite({ invitationId: "inv_2", tokenHash: "hash-2", at: EXPIRY })
      expect(again.invitationId).toBe("inv_2")
      given([created, invitationCreated]).when(again).then([
        new InvitationCreated({
          ...invitationCreated,
          invitationId: "inv_2",
          tokenHash: "hash-2",
          expiresAt: "2026-12-04T10:00:00.000Z",
          at: EXPIRY.toISOString()
        }),
        new InvitationEmailQueued({ ...emailQueued, invitationId: "inv_2", at: EXPIRY.toISOString() })
      ])
      given([created, invitationCreated, accepted]).when(invite({ invitationId: "inv_2", at: T2 })).then([
        new InvitationCreated({ ...invitationCreated, invitationId: "inv_2", expiresAt: "2026-11-28T10:00:00.000Z", at: T2.toISOString() }),
        new InvitationEmailQueued({ ...emailQueued, invitationId: "inv_2", at: T2.toISOString() })
      ])
    })

    it("finds the pending invitation of an address", () => {
      const state = [created, invitationCreated].reduce(Organization.evolve, Organization.initialState)
      expect(pendingInvitation(state, "ANN@EXAMPLE.COM", T2)?.invitationId).toBe("inv_1")
      expect(pendingInvitation(state, "ann@example.com", EXPIRY)).toBeUndefined()
      expect(pendingInvitation(state, "bob@example.com", T2)).toBeUndefined()
    })
  })

  describe("accepting", () => {
    const accept = new AcceptInvitation({ orgId: "org_1", invitationId: "inv_1", userId: "user_2", at: T2 })

    it("records the acceptance and adds the user with the invited role", () => {
      given([created, invitationCreated, emailQueued]).when(accept)
        .then([accepted, new MemberAdded({ orgId: "org_1", userId: "user_2", role: "org:member", at: T2.toISOString() })])
    })

    it("rejects an unknown invitation", () => {
      given([created]).when(accept)
        .thenRejects(new InvitationRejected({ reason: "unknown", message: "the invitation token is not valid" }))
    })

    it("rejects an invitation accepted before", () => {
      given([created, invitationCreated, accepted]).when(accept)
        .thenRejects(new InvitationRejected({ reason: "used", message: "the invitation has already been accepted" }))
    })

    it("rejects an expired invitation, from the moment it expires", () => {
      given([created, invitationCreated]).when(new AcceptInvitation({ ...accept, at: EXPIRY }))
        .thenRejects(new InvitationRejected({ reason: "expired", message: "the invitation has expired" }))
    })

    it("leads to the invitation's redirect, or the default when it is not a same-origin path", () => {
      const state = [created, invitationCreated].reduce(Organization.evolve, Organization.initialState)
      expect(redirectAfterAccepting(state.invitations.get("inv_1")!)).toBe("/welcome")
      expect(redirectAfterAccepting({ ...state.invitations.get("inv_1")!, redirectUrl: "https://evil.example/" })).toBe("/dashboard")
    })
  })
})

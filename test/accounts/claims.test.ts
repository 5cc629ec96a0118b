import { Either } from "effect"
import type { JWTPayload } from "jose"
import { describe, expect, it } from "vitest"
import { principalFromClaims } from "../../src/accounts/claims.ts"
import type { UserPrincipal } from "../../src/accounts/principal.ts"

const user = (fields: Omit<UserPrincipal, "_tag" | "email"> & { readonly email?: string }): UserPrincipal =>
  ({ _tag: "User", email: null, ...fields })

const cases: ReadonlyArray<readonly [string, JWTPayload, Either.Either<UserPrincipal, string>]> = [
  [
    "flat claims",
    { sub: "user_1", org_id: "org_1", org_slug: "acme", org_role: "org:admin" },
    Either.right(user({ userId: "user_1", orgId: "org_1", orgSlug: "acme", role: "org:admin" }))
  ],
  [
    "flat claims with org:member",
    { sub: "user_2", org_id: "org_2", org_slug: "beta", org_role: "org:member" },
    Either.right(user({ userId: "user_2", orgId: "org_2", orgSlug: "beta", role: "org:member" }))
  ],
  [
    "nested Clerk v2 claims, role without prefix",
    { sub: "user_3", v: 2, o: { id: "org_3", slg: "gamma", rol: "admin", per: "read,write" } },
    Either.right(user({ userId: "user_3", orgId: "org_3", orgSlug: "gamma", role: "org:admin" }))
  ],
  [
    "nested claims, role with prefix",
    { sub: "user_4", o: { id: "org_4", slg: "delta", rol: "org:member" } },
    Either.right(user({ userId: "user_4", orgId: "org_4", orgSlug: "delta", role: "org:member" }))
  ],
  [
    "unknown flat role",
    { sub: "user_5", org_id: "org_5", org_slug: "eps", org_role: "org:billing" },
    Either.right(user({ userId: "user_5", orgId: "org_5", orgSlug: "eps", role: null }))
  ],
  [
    "unknown nested role",
    { sub: "user_6", o: { id: "org_6", slg: "zeta", rol: "owner" } },
    Either.right(user({ userId: "user_6", orgId: "org_6", orgSlug: "zeta", role: null }))
  ],
  [
    "no organization",
    { sub: "user_7" },
    Either.right(user({ userId: "user_7", orgId: null, orgSlug: null, role: null }))
  ],
  [
    "flat claims win over nested ones: the forms are never mixed",
    { sub: "user_8", org_slug: "flat", o: { id: "org_nested", slg: "nested", rol: "admin" } },
    Either.right(user({ userId: "user_8", orgId: null, orgSlug: "flat", role: null }))
  ],
  [
    "non-string organization fields",
    { sub: "user_9", org_id: 42, org_slug: "", org_role: ["org:admin"] },
    Either.right(user({ userId: "user_9", orgId: null, orgSlug: null, role: null }))
  ],
  [
    "the e-mail claim, trimmed",
    { sub: "user_10", email: " Ada@Example.com " },
    Either.right(user({ userId: "user_10", orgId: null, orgSlug: null, role: null, email: "Ada@Example.com" }))
  ],
  [
    "an empty or non-string e-mail claim is none",
    { sub: "user_11", email: 7 },
    Either.right(user({ userId: "user_11", orgId: null, orgSlug: null, role: null }))
  ],
  ["missing sub", { org_id: "org_1", org_slug: "acme", org_role: "org:admin" }, Either.left("token has no sub claim")],
  ["empty sub", { sub: "" }, Either.left("token has no sub claim")]
]

describe("principalFromClaims", () => {
  it.each(cases)("%s", (_name, claims, expected) => {
    expect(principalFromClaims(claims)).toEqual(expected)
  })
})

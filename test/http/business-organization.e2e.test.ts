/**
 * In local identity mode, creating a business with `identity_org_id` and `identity_user_id`
 * records the organization and its creator (as admin) when they are missing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

for (const database of testDatabases) {
  describe(`business and its organization (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      service = await startService(created.target)
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("links the business to a new organization and its creator", async () => {
      const created = await json(await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: { authorization: `Bearer ${SERVICE_KEY}` },
        body: JSON.stringify({
          business_name: "Orchard Cider",
          business_url: "https://orchard-cider.example",
          org_slug: "orchard-cider",
          identity_org_id: "org_orchard",
          identity_user_id: "user_ana"
        })
      }))
      expect(created.status).toBe(201)
      // The creator, signing in with a token of another organization, finds this one as admin.
      const token = await service.sign({ sub: "user_ana", org_id: "org_elsewhere", org_slug: "elsewhere", org_role: "org:member" })
      const listed = await json(await fetch(`${service.baseUrl}/api/user/businesses`, { headers: { authorization: `Bearer ${token}` } }))
      expect(listed.status).toBe(200)
      const orchard = listed.body.businesses.find((b: { id: string }) => b.id === "org_orchard")
      expect(orchard).toMatchObject({
        id: "org_orchard",
        name: "Orchard Cider",
        slug: "orchard-cider",
        role: "org:admin",
        business_url: "https://orchard-cider.example/"
      })
    })
  })
}

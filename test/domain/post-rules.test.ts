import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { decide, evolve, initialState, PublishPost } from "../../src/domain/entity-decider.ts"
import { BusinessCreated, type EntityEvent, fromStored, toStored } from "../../src/domain/entity-events.ts"
import { BusinessId } from "../../src/domain/entity-ref.ts"
import { BlogPostPublished, SiteDeployed } from "../../src/domain/site-events.ts"
import { bakery } from "../site-generator/sample-site.ts"

const acme = BusinessId.make("acme")
const created = new BusinessCreated({
  businessId: acme,
  businessUuid: "6f1c2a5e-3b7d-4c9a-8e21-0d4f5a6b7c8d",
  businessName: "Acme Bakery",
  businessUrl: "https://acme.example/",
  trackingType: "business",
  identityOrgId: null,
  identityUserId: null,
  rankingScore: 0,
  createdAt: "2026-11-20T08:00:00.000Z"
})
const { businessId: _b, itemId: _i, siteUrl: _s, faq: _f, about: _a, posts: _p, trackingEndpoint: _t, generatedAt: _g, ...facts } = bakery
const deployed = new SiteDeployed({
  businessId: acme,
  itemId: null,
  version: 1,
  day: "2026-11-20",
  facts,
  faq: [],
  about: "",
  deployedAt: "2026-11-20T08:00:00.000Z"
})

const publish = (date: string, at: string, slug = "a-post") =>
  new PublishPost({
    businessId: acme,
    itemId: null,
    date,
    slug,
    title: "A post",
    summary: "S.",
    bodyParagraphs: ["P."],
    topic: "best croissant in Lyon",
    angle: "answer",
    writing: { writer: "builtin", similarity: 0.12 },
    at
  })

const outcome = (events: ReadonlyArray<EntityEvent>, command: PublishPost) => decide(command, events.reduce(evolve, initialState))

describe("entity decider: posts", () => {
  it("publishes a post dated the UTC day it is written, with its angle and writer", () => {
    const result = outcome([created, deployed], publish("2026-11-21", "2026-11-21T23:59:00.000Z"))
    expect(result).toStrictEqual(Either.right([new BlogPostPublished({
      businessId: acme,
      itemId: null,
      date: "2026-11-21",
      slug: "a-post",
      title: "A post",
      summary: "S.",
      bodyParagraphs: ["P."],
      topic: "best croissant in Lyon",
      publishedAt: "2026-11-21T23:59:00.000Z",
      angle: "answer",
      writing: { writer: "builtin", similarity: 0.12 }
    })]))
  })

  it("refuses a post dated before (or after) the day it is written", () => {
    for (const date of ["2026-11-20", "2026-11-22"]) {
      const result = outcome([created, deployed], publish(date, "2026-11-21T09:00:00.000Z"))
      expect(Either.isLeft(result) && { reason: result.left.reason, message: result.left.message }).toEqual({
        reason: "invalid",
        message: `a post written on 2026-11-21 cannot be dated ${date}`
      })
    }
  })

  it("reads a post stored before angles and writers were recorded", () => {
    const old = new BlogPostPublished({
      businessId: acme,
      itemId: null,
      date: "2026-03-01",
      slug: "old",
      title: "Old",
      summary: "S.",
      bodyParagraphs: [],
      topic: "t",
      publishedAt: "2026-03-01T10:00:00.000Z"
    })
    const stored = toStored(old)
    expect(stored.data).not.toHaveProperty("angle")
    expect(fromStored(stored)).toStrictEqual(old)
  })
})

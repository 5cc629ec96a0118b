import { Either } from "effect"
import { describe, expect, it } from "vitest"
import {
  CreateBusiness,
  decide,
  DeleteProduct,
  type EntityCommand,
  evolve,
  initialState,
  RecordPrompts,
  RegisterProduct,
  Rejected,
  StoreScore
} from "../../src/domain/entity-decider.ts"
import {
  BusinessCreated,
  type EntityEvent,
  fromStored,
  ProductDeleted,
  ProductRegistered,
  PromptsGenerated,
  ScoreStored,
  toStored
} from "../../src/domain/entity-events.ts"
import { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"

type Rejection = { readonly rejected: Rejected["reason"]; readonly message: string }

/** given(past events).when(command).then(new events, or the rejection): state is the fold of `evolve`. */
const given = (events: ReadonlyArray<EntityEvent>) => ({
  when: (command: EntityCommand) => ({
    then: (expected: ReadonlyArray<EntityEvent> | Rejection) => {
      const state = events.reduce(evolve, initialState)
      const outcome = decide(command, state)
      if ("rejected" in expected) {
        if (Either.isRight(outcome)) throw new Error(`expected a rejection, got events ${JSON.stringify(outcome.right)}`)
        expect(outcome.left).toBeInstanceOf(Rejected)
        expect({ reason: outcome.left.reason, message: outcome.left.message }).toEqual({
          reason: expected.rejected,
          message: expected.message
        })
      } else {
        if (Either.isLeft(outcome)) throw new Error(`expected events, got rejection ${outcome.left.reason}: ${outcome.left.message}`)
        expect(outcome.right).toStrictEqual(expected)
      }
    }
  })
})

const acme = BusinessId.make("acme")
const widget = ItemId.make("widget")
const UUID = "6f1c2a5e-3b7d-4c9a-8e21-0d4f5a6b7c8d"
const T1 = "2026-11-20T10:00:00.000Z"
const T2 = "2026-11-21T11:30:00.000Z"
const T3 = "2026-11-22T12:45:00.000Z"

const createAcme = new CreateBusiness({
  businessId: acme,
  businessUuid: UUID,
  businessName: "Acme Widgets",
  businessUrl: "https://acme.example/",
  trackingType: "product",
  identityOrgId: "org_123",
  identityUserId: "user_456",
  rankingScore: 42,
  at: T1
})

const acmeCreated = new BusinessCreated({
  businessId: acme,
  businessUuid: UUID,
  businessName: "Acme Widgets",
  businessUrl: "https://acme.example/",
  trackingType: "product",
  identityOrgId: "org_123",
  identityUserId: "user_456",
  rankingScore: 42,
  createdAt: T1
})

const registerWidget = (at: string, url = "https://acme.example/widget", name: string | null = "Widget") =>
  new RegisterProduct({ businessId: acme, itemId: widget, name, url, at })

const widgetRegistered = (at: string, url = "https://acme.example/widget", name: string | null = "Widget") =>
  new ProductRegistered({ businessId: acme, itemId: widget, name, url, registeredAt: at })

const deleteWidget = (at: string) => new DeleteProduct({ businessId: acme, itemId: widget, at })
const widgetDeleted = (at: string) => new ProductDeleted({ businessId: acme, itemId: widget, deletedAt: at })

describe("entity decider: businesses", () => {
  it("CreateBusiness on an unknown stream gives exactly one BusinessCreated, every field copied, createdAt = at", () => {
    given([]).when(createAcme).then([acmeCreated])
  })

  it("copies null optional fields as null", () => {
    const bare = new CreateBusiness({
      businessId: acme,
      businessUuid: UUID,
      businessName: "Acme",
      businessUrl: null,
      trackingType: "business",
      identityOrgId: null,
      identityUserId: null,
      rankingScore: null,
      at: T2
    })
    given([]).when(bare).then([
      new BusinessCreated({
        businessId: acme,
        businessUuid: UUID,
        businessName: "Acme",
        businessUrl: null,
        trackingType: "business",
        identityOrgId: null,
        identityUserId: null,
        rankingScore: null,
        createdAt: T2
      })
    ])
  })

  it("CreateBusiness on an existing business is rejected as already_exists", () => {
    given([acmeCreated]).when(createAcme).then({ rejected: "already_exists", message: "business acme already exists" })
  })
})

describe("entity decider: products", () => {
  it("RegisterProduct on an unknown stream gives ProductRegistered", () => {
    given([]).when(registerWidget(T1)).then([widgetRegistered(T1)])
  })

  it("RegisterProduct again with the same url and name gives no events", () => {
    given([widgetRegistered(T1)]).when(registerWidget(T2)).then([])
  })

  it("RegisterProduct with a changed url gives a new ProductRegistered", () => {
    given([widgetRegistered(T1)])
      .when(registerWidget(T2, "https://acme.example/widget-v2"))
      .then([widgetRegistered(T2, "https://acme.example/widget-v2")])
  })

  it("RegisterProduct with a changed name gives a new ProductRegistered", () => {
    given([widgetRegistered(T1)])
      .when(registerWidget(T2, "https://acme.example/widget", "Widget Pro"))
      .then([widgetRegistered(T2, "https://acme.example/widget", "Widget Pro")])
  })

  it("RegisterProduct on a business stream is rejected as wrong_kind", () => {
    given([acmeCreated]).when(registerWidget(T2)).then({ rejected: "wrong_kind", message: "a business stream cannot hold a product" })
  })

  it("DeleteProduct on a registered product gives ProductDeleted", () => {
    given([widgetRegistered(T1)]).when(deleteWidget(T2)).then([widgetDeleted(T2)])
  })

  it("DeleteProduct twice: the second is rejected as not_found", () => {
    given([widgetRegistered(T1), widgetDeleted(T2)]).when(deleteWidget(T3)).then({ rejected: "not_found", message: "product widget not found" })
  })

  it("DeleteProduct on an unknown stream is rejected as not_found", () => {
    given([]).when(deleteWidget(T1)).then({ rejected: "not_found", message: "product widget not found" })
  })

  it("RegisterProduct after deletion re-activates the product, even with the same url and name", () => {
    given([widgetRegistered(T1), widgetDeleted(T2)]).when(registerWidget(T3)).then([widgetRegistered(T3)])
    // and once re-activated, it can be deleted again
    given([widgetRegistered(T1), widgetDeleted(T2), widgetRegistered(T3)]).when(deleteWidget(T3)).then([widgetDeleted(T3)])
  })
})

describe("entity events: stored form", () => {
  const cases: ReadonlyArray<readonly [EntityEvent, Record<string, unknown>]> = [
    [acmeCreated, {
      businessId: "acme",
      businessUuid: UUID,
      businessName: "Acme Widgets",
      businessUrl: "https://acme.example/",
      trackingType: "product",
      identityOrgId: "org_123",
      identityUserId: "user_456",
      rankingScore: 42,
      createdAt: T1
    }],
    [widgetRegistered(T1), { businessId: "acme", itemId: "widget", name: "Widget", url: "https://acme.example/widget", registeredAt: T1 }],
    [widgetDeleted(T2), { businessId: "acme", itemId: "widget", deletedAt: T2 }]
  ]

  for (const [event, data] of cases) {
    it(`${event._tag}: type is the tag, schemaVersion 1, and it reads back equal`, () => {
      const stored = toStored(event)
      expect(stored).toEqual({ type: event._tag, schemaVersion: 1, data })
      expect(fromStored(stored)).toStrictEqual(event)
      // as it comes back from a jsonb column
      expect(fromStored({ ...stored, data: JSON.parse(JSON.stringify(stored.data)) })).toStrictEqual(event)
    })
  }
})

describe("entity decider: prompts and scores", () => {
  const prompts = ["Where can I buy widgets in Lyon?", "Which widget shop ships fastest?"]
  const recordPrompts = (at: string, itemId: ItemId | null = null) =>
    new RecordPrompts({ businessId: acme, itemId, prompts, generator: "builtin", at })
  const generated = (setVersion: number, at: string, itemId: ItemId | null = null) =>
    new PromptsGenerated({ businessId: acme, itemId, setVersion, prompts, generator: "builtin", generatedAt: at })
  const allFlags = (on: boolean) => ({
    ai_platform_1: on, ai_platform_2: on, ai_platform_3: on, ai_platform_4: on,
    ai_platform_5: on, ai_platform_6: on, ai_platform_7: on, ai_platform_8: false
  })
  const results = [
    { prompt: "a", flags: allFlags(true), failedPlatforms: ["ai_platform_8" as const] },
    { prompt: "b", flags: allFlags(false), failedPlatforms: [] }
  ]

  it("numbers prompt sets from 1; a regeneration is the next version", () => {
    given([acmeCreated]).when(recordPrompts(T2)).then([generated(1, T2)])
    given([acmeCreated, generated(1, T2)]).when(recordPrompts(T3)).then([generated(2, T3)])
  })

  it("keeps a product's prompt sets in its own numbering", () => {
    given([widgetRegistered(T1)]).when(recordPrompts(T2, widget)).then([generated(1, T2, widget)])
  })

  it("refuses prompts for an unknown business, a deleted product, or an empty set", () => {
    given([]).when(recordPrompts(T2)).then({ rejected: "not_found", message: "business acme not found" })
    given([widgetRegistered(T1), widgetDeleted(T2)]).when(recordPrompts(T3, widget))
      .then({ rejected: "not_found", message: "product widget not found" })
    given([acmeCreated]).when(new RecordPrompts({ businessId: acme, itemId: null, prompts: [], generator: "builtin", at: T2 }))
      .then({ rejected: "invalid", message: "a prompt set needs at least one prompt" })
  })

  it("stores a score with its totals and the unmeasured checks", () => {
    given([acmeCreated]).when(new StoreScore({ businessId: acme, itemId: null, results, at: T2 })).then([
      new ScoreStored({
        businessId: acme,
        itemId: null,
        results,
        promptsAnalyzed: 2,
        totalTrue: 7,
        overallScore: 44, // 7 / 16 = 43.75
        platformScores: {
          ai_platform_1_score: 50, ai_platform_2_score: 50, ai_platform_3_score: 50, ai_platform_4_score: 50,
          ai_platform_5_score: 50, ai_platform_6_score: 50, ai_platform_7_score: 50, ai_platform_8_score: 0
        },
        unmeasuredChecks: 1,
        storedAt: T2
      })
    ])
  })

  it("refuses a score for a deleted product and an empty result set", () => {
    given([widgetRegistered(T1), widgetDeleted(T2)]).when(new StoreScore({ businessId: acme, itemId: widget, results, at: T3 }))
      .then({ rejected: "not_found", message: "product widget not found" })
    given([acmeCreated]).when(new StoreScore({ businessId: acme, itemId: null, results: [], at: T3 }))
      .then({ rejected: "invalid", message: "results must hold at least one prompt" })
  })

  it("refuses a score naming a prompt twice (case and spacing aside), before looking for the entity", () => {
    const twice = [results[0]!, { ...results[1]!, prompt: "  A " }]
    given([acmeCreated]).when(new StoreScore({ businessId: acme, itemId: null, results: twice, at: T3 }))
      .then({ rejected: "invalid", message: 'results: duplicate prompt "  A "' })
    given([]).when(new StoreScore({ businessId: acme, itemId: null, results: twice, at: T3 }))
      .then({ rejected: "invalid", message: 'results: duplicate prompt "  A "' })
  })

  it("keeps the prompt set version of a product through deletion and re-registration", () => {
    given([widgetRegistered(T1), generated(1, T1, widget), widgetDeleted(T2), widgetRegistered(T2, "https://acme.example/widget-v2")])
      .when(recordPrompts(T3, widget)).then([generated(2, T3, widget)])
  })
})

/**
 * Declared names: how a list is cleaned or refused, the target the detector gets, and the entity
 * decider recording `NamesDeclared` (given/when/then on exact events).
 */
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { CreateBusiness, DeclareNames, decide, evolve, initialState, RegisterProduct, Rejected } from "../../src/domain/entity-decider.ts"
import { BusinessCreated, NamesDeclared, ProductDeleted, ProductRegistered } from "../../src/domain/entity-events.ts"
import { cleanDeclaredNames, declaredTargetOf } from "../../src/domain/entity-names.ts"
import { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"
import { detectMention, mentionTargetOf } from "../../src/domain/mention/index.ts"
import { deciderSpec } from "../support/decider-spec.ts"

const given = deciderSpec({ initialState, evolve, decide })

const acme = BusinessId.make("acme")
const shell = ItemId.make("shell")
const T1 = "2026-11-20T10:00:00.000Z"
const T2 = "2026-11-21T11:30:00.000Z"
const UUID = "6f1c2a5e-3b7d-4c9a-8e21-0d4f5a6b7c8d"

const business = {
  businessId: acme,
  businessUuid: UUID,
  businessName: "Acme Outfitters",
  businessUrl: "https://acme.example/",
  trackingType: "business" as const,
  identityOrgId: null,
  identityUserId: null,
  rankingScore: 40
}
const created = new BusinessCreated({ ...business, createdAt: T1 })
const declared = (aliases: Array<string>, notAliases: Array<string>, at: string, itemId: ItemId | null = null) =>
  new NamesDeclared({ businessId: acme, itemId, aliases, notAliases, declaredAt: at })
const declare = (aliases: Array<string>, notAliases: Array<string>, at: string, itemId: ItemId | null = null) =>
  new DeclareNames({ businessId: acme, itemId, aliases, notAliases, at })
const shellRegistered = new ProductRegistered({ businessId: acme, itemId: shell, name: "Trail Shell", url: "https://acme.example/shell", registeredAt: T1 })
const registerShell = (at: string, names?: { aliases: Array<string>; notAliases: Array<string> }) =>
  new RegisterProduct({ businessId: acme, itemId: shell, name: "Trail Shell", url: "https://acme.example/shell", at, ...(names === undefined ? {} : { names }) })

describe("cleanDeclaredNames", () => {
  it("trims, makes runs of white space one space, and keeps the first spelling of a name repeated in another case", () => {
    expect(cleanDeclaredNames(["  Acme\t Co ", "ACME CO", "Acme"], ["acme  outfitters supply"])).toEqual(
      Either.right({ aliases: ["Acme Co", "Acme"], notAliases: ["acme outfitters supply"] })
    )
  })

  it("refuses an empty name, a long one, a control character, a NUL, a lone surrogate, too many names, and a name in both lists", () => {
    const refusal = (aliases: Array<string>, notAliases: Array<string> = []) =>
      Either.match(cleanDeclaredNames(aliases, notAliases), { onLeft: (message) => message, onRight: () => "accepted" })
    expect(refusal([" \n "])).toBe("aliases[0]: must not be empty")
    expect(refusal(["ok"], ["fine", ""])).toBe("not_aliases[1]: must not be empty")
    expect(refusal(["x".repeat(101)])).toBe("aliases[0]: at most 100 characters")
    expect(refusal(["x".repeat(100)])).toBe("accepted")
    expect(refusal(["a\u0007b"])).toBe("aliases[0]: must not contain control characters")
    expect(refusal(["a\u0000b"])).toBe("aliases[0]: must not contain U+0000 or unpaired surrogates")
    expect(refusal(["a\ud800b"])).toBe("aliases[0]: must not contain U+0000 or unpaired surrogates")
    expect(refusal(["Café 😀"])).toBe("accepted")
    expect(refusal(Array.from({ length: 21 }, (_, i) => `n${i}`))).toBe("aliases: at most 20 names")
    expect(refusal(Array.from({ length: 20 }, (_, i) => `n${i}`))).toBe("accepted")
    expect(refusal(["Acme Co"], ["acme co"])).toBe("\"acme co\" is in both aliases and not_aliases")
  })
})

describe("declaredTargetOf", () => {
  const facts = { itemId: null, name: "Hollis Coffee", url: "https://hollis-coffee.example" }

  it("is the entity's own target when nothing is declared", () => {
    expect(declaredTargetOf(facts)).toEqual(mentionTargetOf(facts))
    expect(declaredTargetOf({ ...facts, declared: { aliases: [], notAliases: [] } })).toEqual(mentionTargetOf(facts))
  })

  it("adds the aliases as spellings and the names that never count as exclusions", () => {
    const target = declaredTargetOf({ ...facts, declared: { aliases: ["Hollis Roastery"], notAliases: ["Hollis Coffee Roasters"] } })
    const own = mentionTargetOf(facts)
    expect(target).toEqual({ ...own, aliases: [...own.aliases, "Hollis Roastery"], exclusions: [...(own.exclusions ?? []), "Hollis Coffee Roasters"] })
    const visible = (text: string) => detectMention({ text, citations: [] }, target).visible
    expect(visible("Try Hollis Roastery on Main Street for espresso.")).toBe(true)
    expect(visible("Hollis Coffee Roasters in Portland sells great beans.")).toBe(false)
    expect(visible("Hollis Coffee on Main Street pulls a great espresso.")).toBe(true)
  })
})

describe("entity decider: declared names", () => {
  it("records names given at creation after the business", () => {
    given([]).when(new CreateBusiness({ ...business, at: T1, names: { aliases: ["Acme"], notAliases: [] } })).then([
      created,
      declared(["Acme"], [], T1)
    ])
  })

  it("records no names event when a creation declares none", () => {
    given([]).when(new CreateBusiness({ ...business, at: T1, names: { aliases: [], notAliases: [] } })).then([created])
  })

  it("refuses names that are not clean, whoever they are for", () => {
    given([]).when(new CreateBusiness({ ...business, at: T1, names: { aliases: [" Acme"], notAliases: [] } })).thenRejects(
      new Rejected({ reason: "invalid", message: "names must be trimmed and distinct" })
    )
    given([created]).when(declare(["Acme", "acme"], [], T2)).thenRejects(new Rejected({ reason: "invalid", message: "names must be trimmed and distinct" }))
    given([created]).when(declare([""], [], T2)).thenRejects(new Rejected({ reason: "invalid", message: "aliases[0]: must not be empty" }))
  })

  it("replaces both lists, and records nothing when they are the ones the entity has", () => {
    given([created]).when(declare(["Acme"], ["Acme Outfitters Supply"], T2)).then([declared(["Acme"], ["Acme Outfitters Supply"], T2)])
    given([created, declared(["Acme"], ["Acme Outfitters Supply"], T1)]).when(declare(["Acme"], ["Acme Outfitters Supply"], T2)).then([])
    given([created, declared(["Acme"], [], T1)]).when(declare([], [], T2)).then([declared([], [], T2)])
  })

  it("refuses names for an entity that does not exist or a deleted product", () => {
    given([]).when(declare(["Acme"], [], T2)).thenRejects(new Rejected({ reason: "not_found", message: "business acme not found" }))
    given([shellRegistered, new ProductDeleted({ businessId: acme, itemId: shell, deletedAt: T1 })])
      .when(declare(["Shell"], [], T2, shell))
      .thenRejects(new Rejected({ reason: "not_found", message: "product shell not found" }))
  })

  it("records a product's names with its registration, and again only when they change", () => {
    given([]).when(registerShell(T1, { aliases: ["the Acme shell"], notAliases: [] })).then([
      shellRegistered,
      declared(["the Acme shell"], [], T1, shell)
    ])
    const named = [shellRegistered, declared(["the Acme shell"], [], T1, shell)]
    given(named).when(registerShell(T2, { aliases: ["the Acme shell"], notAliases: [] })).then([])
    // Registered again without names: the ones it has stay.
    given(named).when(registerShell(T2)).then([])
    given(named).when(registerShell(T2, { aliases: [], notAliases: ["Trail Shell Pro"] })).then([declared([], ["Trail Shell Pro"], T2, shell)])
  })
})

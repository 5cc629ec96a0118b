/**
 * Names an entity's owner declares (docs/decisions.md, "Visibility checks"): aliases the mention
 * detector counts as the entity, and names that must never count (a namesake). Cleaned and
 * bounded before they reach the log; the detector adds them to the entity's target.
 */
import { Either, Schema } from "effect"
import { type MentionFacts, type MentionTarget, mentionTargetOf } from "./mention/index.ts"
import { isStorableText } from "./text.ts"

/** At most this many names in each list. */
export const MAX_DECLARED_NAMES = 20
/** At most this many characters (UTF-16 units) in one name, once trimmed. */
export const MAX_DECLARED_NAME_LENGTH = 100

export const DeclaredNames = Schema.Struct({
  aliases: Schema.Array(Schema.String),
  notAliases: Schema.Array(Schema.String)
})
export type DeclaredNames = typeof DeclaredNames.Type

export const noDeclaredNames: DeclaredNames = { aliases: [], notAliases: [] }

/** Two names are the same name when they differ only in case (and compatibility forms). */
const keyOf = (name: string) => name.normalize("NFKC").toLowerCase()

const CONTROL = /[\p{Cc}]/u

/**
 * One list cleaned, or why it cannot be: each name trimmed with its runs of white space made one
 * space, and a name repeated in another case dropped (the first spelling kept). A name that is
 * empty, too long, or holds a control character, U+0000 or an unpaired surrogate is refused.
 */
export const cleanNameList = (field: string, names: ReadonlyArray<string>): Either.Either<ReadonlyArray<string>, string> => {
  if (names.length > MAX_DECLARED_NAMES) return Either.left(`${field}: at most ${MAX_DECLARED_NAMES} names`)
  const out: Array<string> = []
  const seen = new Set<string>()
  for (const [index, raw] of names.entries()) {
    const at = `${field}[${index}]`
    if (!isStorableText(raw)) return Either.left(`${at}: must not contain U+0000 or unpaired surrogates`)
    const name = raw.replace(/\s+/g, " ").trim()
    if (name === "") return Either.left(`${at}: must not be empty`)
    if (CONTROL.test(name)) return Either.left(`${at}: must not contain control characters`)
    if (name.length > MAX_DECLARED_NAME_LENGTH) return Either.left(`${at}: at most ${MAX_DECLARED_NAME_LENGTH} characters`)
    const key = keyOf(name)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(name)
  }
  return Either.right(out)
}

/**
 * Both lists cleaned (`cleanNameList`), or why they cannot be; a name in both lists is refused,
 * since it cannot both count and never count. `fields` names the lists in the message.
 */
export const cleanDeclaredNames = (
  aliases: ReadonlyArray<string>,
  notAliases: ReadonlyArray<string>,
  fields: { readonly aliases: string; readonly notAliases: string } = { aliases: "aliases", notAliases: "not_aliases" }
): Either.Either<DeclaredNames, string> =>
  Either.gen(function*() {
    const cleanAliases = yield* cleanNameList(fields.aliases, aliases)
    const cleanNot = yield* cleanNameList(fields.notAliases, notAliases)
    const aliasKeys = new Set(cleanAliases.map(keyOf))
    const both = cleanNot.find((name) => aliasKeys.has(keyOf(name)))
    if (both !== undefined) return yield* Either.left(`"${both}" is in both ${fields.aliases} and ${fields.notAliases}`)
    return { aliases: cleanAliases, notAliases: cleanNot }
  })

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((name, i) => name === b[i])

export const sameDeclaredNames = (a: DeclaredNames, b: DeclaredNames) => sameList(a.aliases, b.aliases) && sameList(a.notAliases, b.notAliases)

/** Why names cannot be recorded as they are (not clean, see `cleanDeclaredNames`), if they cannot. */
export const declaredNamesRefusal = (names: DeclaredNames): string | undefined => {
  const cleaned = cleanDeclaredNames(names.aliases, names.notAliases)
  if (Either.isLeft(cleaned)) return cleaned.left
  return sameDeclaredNames(cleaned.right, names) ? undefined : "names must be trimmed and distinct"
}

/** An entity's mention facts with the names its owner declared (none when absent). */
export interface DeclaredFacts extends MentionFacts {
  readonly declared?: DeclaredNames | undefined
}

/**
 * The detector's target for an entity: its own (`mentionTargetOf`), the declared aliases added
 * as spellings of it, and the declared names that must never count as exclusions.
 */
export const declaredTargetOf = (facts: DeclaredFacts): MentionTarget => {
  const target = mentionTargetOf(facts)
  const declared = facts.declared ?? noDeclaredNames
  if (declared.aliases.length === 0 && declared.notAliases.length === 0) return target
  return {
    ...target,
    aliases: [...target.aliases, ...declared.aliases],
    exclusions: [...(target.exclusions ?? []), ...declared.notAliases]
  }
}

/**
 * Records visits by AI crawlers: the single writer of the `visits-*` streams. Visits are many
 * and order-free, so they bypass the entity actors and append with expected version "any"
 * (ARCHITECTURE.md allows it for visits). Their event ids derive from the visit key
 * (`visit-events.ts`), so the server-side record and the tracking script's post of one visit
 * collapse into one event, and a retried post records nothing new.
 *
 * **Group commit.** A visit costs one event; appending each on its own would cost a statement
 * and a commit per request. Visits wait while the database is busy with earlier batches and
 * go together when it is free: a batch starts at the end of the event-loop turn its first
 * visit arrived in, when no batch is committing (or one is and 16 visits wait), and takes
 * every visit waiting then (up to 256), each stream's visits in one statement; every caller
 * is answered once its batch has committed. So a lone visit is committed at once, and under load batches grow to
 * what arrives while one commits (no fixed wait, which would cap a client's request rate).
 * The per-visit part is plain code and one Effect runs per batch: the webhook records
 * thousands of visits a second, and a fiber, a deferred and a queue offer per visit cost
 * more than the visit's own work.
 *
 * **Failures stay with their visit.** Each stream of a batch is appended on its own; when the
 * store refuses a stream's events (a visit holding what the database cannot store), that
 * stream's visits are appended one by one, so only the offending visit fails and every other
 * caller is answered with its own outcome.
 *
 * Duplicates are dropped by the append itself (`EventStore.appendNew`): a visit whose id the
 * log holds, or (a script post) whose server-side record of a minute earlier it holds, is not
 * written again, and the look and the write are one statement, so one round trip per batch.
 */
import { HttpServerRequest } from "@effect/platform"
import { Cause, Effect, Exit, Option, Runtime } from "effect"
import { WallClock } from "../config/wall-clock.ts"
import { detectCrawler, isSpoofedGoogleExtended } from "../domain/crawler-detection.ts"
import type { BusinessId, ItemId } from "../domain/entity-ref.ts"
import { canonicalAddress, isVerified } from "../domain/ip-ranges.ts"
import { cleanText } from "../domain/text.ts"
import { PLATFORM_NAMES, type PlatformKey } from "../domain/platforms.ts"
import {
  type BotVisitedFields,
  type PageType,
  previousMinuteKey,
  visitKeyOf,
  type VisitSource,
  visitsStreamOf,
  visitFieldsToStored
} from "../domain/visit-events.ts"
import { type AppendFailure, EventStore, type GlobalPosition } from "../eventstore/event-store.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

const MAX_BATCH = 256
const MAX_BATCHES_IN_FLIGHT = 2
/**
 * A second batch starts beside a committing one only once this many visits wait: otherwise
 * visits wait for the commit in flight and go together. At moderate rates a second batch at
 * once made batches of 1-3 visits, whose fixed cost kept the thread busy and queueing set the
 * tail (webhook p99 at half its maximum rate, three runs each: 32-135 ms at once, 15-23 ms with 16).
 */
const SECOND_BATCH_MIN = 16
/** Visits waiting beyond this are refused (the caller gets an error) rather than grow memory without bound. */
const MAX_WAITING = 16_384

export interface VisitInput {
  readonly businessId: string
  readonly itemId: string | null
  readonly pageUrl: string
  readonly pageType: PageType
  readonly pageTitle: string | null
  readonly userAgent: string
  /** The address recorded with the visit. */
  readonly ipAddress: string | null
  /** The address the request came from: the only one verification trusts. */
  readonly clientAddress: string | null
  readonly referrer: string | null
  readonly source: VisitSource
}

/** What the hosting of generated sites passes for each page it serves. */
export interface ServerSideVisit {
  readonly businessId: string
  readonly itemId: string | null
  /** The page's full URL as served (`https://acme-com.sites.example/blog/2026-10-01/x/`). */
  readonly pageUrl: string
  readonly pageTitle: string | null
  /** The request's `User-Agent` header ("" when absent). */
  readonly userAgent: string
  /** The connection's address. */
  readonly ipAddress: string | null
  /** The request's `Referer` header. */
  readonly referrer: string | null
  /** Default: `blog_post` under `/blog/<...>`, `ai_site` elsewhere. */
  readonly pageType?: PageType | undefined
}

export type VisitOutcome =
  | {
    readonly status: "success"
    readonly platform_id: PlatformKey
    readonly platform_name: string
    readonly message: string
    /** Where the visit's event sits in the log (read-your-writes waits for it). */
    readonly recordedAt: GlobalPosition
    /** The visit was already recorded (the other way, or a retried post): nothing new written. */
    readonly duplicate: boolean
    readonly verified: boolean
  }
  | {
    readonly status: "ignored"
    readonly platform_id: null
    readonly platform_name: null
    readonly message: string
  }

interface Committed {
  readonly position: GlobalPosition
  readonly duplicate: boolean
}

interface Pending {
  readonly event: BotVisitedFields
  readonly eventId: string
  readonly streamId: string
  /** Script posts: the id a server-side record of this visit has if made a minute earlier. */
  readonly lookBackId: string | null
  readonly answer: (exit: Exit.Exit<Committed, AppendFailure>) => void
}

/** Visits are refused while this many wait for a commit: the database is not keeping up. */
export class VisitBacklogFull extends Error {
  constructor() {
    super(`more than ${MAX_WAITING} visits are waiting to be recorded`)
  }
}

const IGNORED_MESSAGE = "the user agent matches no AI platform; nothing was recorded"
const SPOOFED_MESSAGE = "Google-Extended is a robots.txt token that Google never sends as a user agent; nothing was recorded"

/** `/blog/<date>/<slug>/` is a post; anything else on a generated site is the site itself. */
const pageTypeOf = (pageUrl: string): PageType => {
  try {
    return /^\/blog\/[^/]+/.test(new URL(pageUrl).pathname) ? "blog_post" : "ai_site"
  } catch {
    return "ai_site"
  }
}

export class VisitRecorder extends Effect.Service<VisitRecorder>()("VisitRecorder", {
  scoped: Effect.gen(function*() {
    const store = yield* EventStore
    const clock = yield* WallClock
    const runtime = yield* Effect.runtime<never>()
    const runFork = Runtime.runFork(runtime)

    /** Only a refusal can be one visit's doing; a database that is unavailable is so for each. */
    const isRefusal = (cause: Cause.Cause<AppendFailure>) =>
      Option.exists(Cause.failureOption(cause), (failure) => failure._tag === "EventsRefused")

    /** Appends one stream's visits, each unless the log holds it or its server-side record. */
    const appendStream = (streamId: string, items: ReadonlyArray<Pending>) =>
      store.appendNew(streamId, items.map((item) => ({
        eventId: item.eventId,
        ...visitFieldsToStored(item.event),
        metadata: { correlationId: null, causationId: `visit:${item.event.visitKey}` },
        sameAs: item.lookBackId === null ? undefined : { eventId: item.lookBackId, field: "source", value: "server" }
      })))

    /**
     * Appends one stream's visits and records each one's outcome. A stream's append fails
     * alone (the other streams of the batch go on); when the store refuses it, its visits are
     * appended one by one, so only a visit that cannot be stored fails. That fallback only runs
     * after a refusal: the usual cost stays one statement per stream.
     */
    const appendStreamIsolated = (
      streamId: string,
      items: ReadonlyArray<Pending>,
      outcomes: Map<string, Exit.Exit<Committed, AppendFailure>>
    ): Effect.Effect<void> =>
      appendStream(streamId, items).pipe(
        Effect.matchCauseEffect({
          onSuccess: (written) =>
            Effect.sync(() =>
              written.forEach((outcome, i) => {
                outcomes.set(items[i]!.eventId, Exit.succeed({ position: outcome.position, duplicate: !outcome.written }))
              })
            ),
          onFailure: (cause) => {
            if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
            // Only a refusal can be one visit's doing; a database that is unavailable is so for each.
            if (isRefusal(cause) && items.length > 1) {
              return Effect.forEach(items, (item) => appendStreamIsolated(streamId, [item], outcomes), { discard: true })
            }
            return Effect.sync(() => {
              for (const item of items) outcomes.set(item.eventId, Exit.failCause(cause))
            })
          }
        })
      )

    const groupByStream = (items: Iterable<Pending>) => {
      const byStream = new Map<string, Array<Pending>>()
      for (const item of items) {
        const stream = byStream.get(item.streamId)
        if (stream === undefined) byStream.set(item.streamId, [item])
        else stream.push(item)
      }
      return byStream
    }

    const commit = (batch: ReadonlyArray<Pending>) =>
      Effect.gen(function*() {
        const outcomes = new Map<string, Exit.Exit<Committed, AppendFailure>>()
        /** An id answered by another id's outcome (the same visit's server-side record in this batch). */
        const aliases = new Map<string, string>()
        // The same visit twice in one batch: the first is written, the others answered with it.
        const unique = new Map<string, Pending>()
        for (const item of batch) if (!unique.has(item.eventId)) unique.set(item.eventId, item)
        const own: Array<Pending> = []
        for (const item of unique.values()) {
          if (item.lookBackId !== null && unique.get(item.lookBackId)?.event.source === "server") {
            aliases.set(item.eventId, item.lookBackId)
          } else own.push(item)
        }
        yield* Effect.forEach(
          groupByStream(own),
          ([streamId, items]) => appendStreamIsolated(streamId, items, outcomes),
          { concurrency: 4, discard: true }
        )
        /** Whose outcome answers an item: its own, or its server-side record's. */
        const answeredBy = (item: Pending) => aliases.get(item.eventId) ?? item.eventId
        const isFirst = (item: Pending) => !aliases.has(item.eventId) && unique.get(item.eventId) === item
        // An item answered by another's outcome (the same visit again in this batch, a script
        // post by its server-side record) is not answered by that one's failure: it is appended
        // on its own, in batch order, so the first of them that can be stored is written.
        const retried = new Map<Pending, Exit.Exit<Committed, AppendFailure>>()
        for (const item of batch) {
          const first = outcomes.get(answeredBy(item))
          if (isFirst(item) || first === undefined || Exit.isSuccess(first) || !isRefusal(first.cause)) continue
          const written = yield* Effect.exit(appendStream(item.streamId, [item]))
          retried.set(
            item,
            Exit.map(written, ([outcome]) => ({ position: outcome!.position, duplicate: !outcome!.written }))
          )
        }
        // Only the first caller of a visit wrote it: the others are duplicates.
        return (item: Pending): Exit.Exit<Committed, AppendFailure> | undefined => {
          const outcome = retried.get(item) ?? outcomes.get(answeredBy(item))
          if (outcome === undefined || Exit.isFailure(outcome) || retried.has(item) || isFirst(item)) return outcome
          return Exit.succeed({ ...outcome.value, duplicate: true })
        }
      })

    /** Commits a batch and answers every caller in it, each with its own visit's outcome. */
    const commitAndAnswer = (batch: ReadonlyArray<Pending>) =>
      commit(batch).pipe(
        Effect.exit,
        Effect.map((exit) => {
          for (const item of batch) {
            if (Exit.isFailure(exit)) {
              item.answer(Exit.failCause(exit.cause))
              continue
            }
            const outcome = exit.value(item)
            item.answer(outcome ?? Exit.die(new Error("visits: a visit of the batch got no outcome")))
          }
        }),
        Effect.withSpan("VisitRecorder.commit", { attributes: { visits: batch.length }, captureStackTrace: false })
      )

    const waiting: Array<Pending> = []
    let gathering: ReturnType<typeof setImmediate> | undefined
    let inFlight = 0
    let closed = false

    /** Starts the next batch at the end of this turn, if the database has room for one. */
    const hasRoom = () => inFlight === 0 || (inFlight < MAX_BATCHES_IN_FLIGHT && waiting.length >= SECOND_BATCH_MIN)
    const schedule = () => {
      if (closed || waiting.length === 0 || !hasRoom()) return
      gathering ??= setImmediate(startBatch)
    }
    const startBatch = () => {
      if (gathering !== undefined) clearImmediate(gathering)
      gathering = undefined
      if (closed || waiting.length === 0 || !hasRoom()) return
      inFlight++
      runFork(commitAndAnswer(waiting.splice(0, MAX_BATCH))).addObserver(() => {
        inFlight--
        schedule()
      })
      schedule()
    }
    const enqueue = (item: Omit<Pending, "answer">) =>
      new Promise<Committed>((resolve, reject) => {
        if (closed) return reject(new Error("visits: the recorder has stopped"))
        if (waiting.length >= MAX_WAITING) return reject(new VisitBacklogFull())
        waiting.push({
          ...item,
          answer: (exit) => Exit.isSuccess(exit) ? resolve(exit.value) : reject(Cause.squash(exit.cause))
        })
        schedule()
      })
    // Visits still waiting at shutdown are refused; batches committing finish on their own.
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        closed = true
        if (gathering !== undefined) clearImmediate(gathering)
        for (const item of waiting.splice(0)) item.answer(Exit.die(new Error("visits: the recorder has stopped")))
      })
    )

    /**
     * Detects the crawler, verifies its address, and records the visit; ignores everything else.
     * A promise: the webhook's fast lane calls it per visit (see the top of this file).
     */
    const recordNow = async (input: VisitInput): Promise<VisitOutcome> => {
      const detection = detectCrawler(input.userAgent)
      if (detection === null) {
        return {
          status: "ignored",
          platform_id: null,
          platform_name: null,
          message: isSpoofedGoogleExtended(input.userAgent) ? SPOOFED_MESSAGE : IGNORED_MESSAGE
        }
      }
      const visitedAt = clock.unsafeNow()
      const keyInput = {
        businessId: input.businessId,
        itemId: input.itemId,
        pageUrl: input.pageUrl,
        platform: detection.platform,
        userAgent: input.userAgent
      }
      const visitKey = visitKeyOf(keyInput, visitedAt)
      const platformName = PLATFORM_NAMES[detection.platform]
      const verified = isVerified(input.clientAddress, detection.vendor)
      const event: BotVisitedFields = {
        businessId: input.businessId as BusinessId,
        itemId: input.itemId as ItemId | null,
        pageUrl: input.pageUrl,
        pageType: input.pageType,
        pageTitle: input.pageTitle,
        userAgent: input.userAgent,
        ipAddress: input.ipAddress === null ? null : canonicalAddress(input.ipAddress),
        referrer: input.referrer,
        platform: detection.platform,
        platformName,
        kind: detection.kind,
        token: detection.token,
        verified,
        source: input.source,
        visitKey,
        visitedAt: visitedAt.toISOString()
      }
      const committed = await enqueue({
        event,
        eventId: eventIdFor(`visit:${visitKey}`, 0),
        streamId: visitsStreamOf(input.businessId, visitedAt),
        // Only a script post looks back: it follows the page load, never precedes it.
        lookBackId: input.source === "script" ? eventIdFor(`visit:${previousMinuteKey(keyInput, visitedAt)}`, 0) : null
      })
      return {
        status: "success",
        platform_id: detection.platform,
        platform_name: platformName,
        message: `Visit from ${platformName} recorded`,
        recordedAt: committed.position,
        duplicate: committed.duplicate,
        verified
      }
    }

    const record = (input: VisitInput): Effect.Effect<VisitOutcome> => Effect.promise(() => recordNow(input))

    /**
     * For the hosting of generated sites: records the request of a served page when it comes
     * from an AI crawler. Never fails (a failure is logged: serving the page matters more);
     * costs one detection for an ordinary visitor and the batch window (~5 ms) plus the commit
     * for a crawler, so the hosting may fork it rather than wait.
     */
    const recordServerSide = (visit: ServerSideVisit): Effect.Effect<VisitOutcome | undefined> =>
      record({
        businessId: visit.businessId,
        itemId: visit.itemId,
        // Taken from the served request, not checked like a webhook body: made storable here,
        // so a stray byte in a header or path never costs the visit.
        pageUrl: cleanText(visit.pageUrl),
        pageType: visit.pageType ?? pageTypeOf(visit.pageUrl),
        pageTitle: visit.pageTitle === null ? null : cleanText(visit.pageTitle),
        userAgent: cleanText(visit.userAgent),
        ipAddress: visit.ipAddress,
        clientAddress: visit.ipAddress,
        referrer: visit.referrer === null ? null : cleanText(visit.referrer),
        source: "server"
      }).pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.interrupt
            // Never silent: the page was served, but a crawler's visit of it is missing.
            : Effect.as(
              Effect.logError("visits: a server-side visit was not recorded", cause).pipe(
                Effect.annotateLogs({ businessId: visit.businessId, itemId: visit.itemId ?? "" })
              ),
              undefined
            )
        )
      )

    return { record, recordNow, recordServerSide }
  })
}) {}

/** The connection's address of a request, canonical (`::ffff:192.0.2.1` → `192.0.2.1`). */
export const clientAddressOf = (request: HttpServerRequest.HttpServerRequest): string | null =>
  Option.match(request.remoteAddress, { onNone: () => null, onSome: canonicalAddress })

/**
 * The hosting's one call per served page: reads the user agent, referrer and address from the
 * request and records the visit if an AI crawler made it.
 */
export const recordServerSideVisit = (
  request: HttpServerRequest.HttpServerRequest,
  page: { readonly businessId: string; readonly itemId: string | null; readonly pageUrl: string; readonly pageTitle?: string | null }
) =>
  Effect.flatMap(VisitRecorder, (recorder) =>
    recorder.recordServerSide({
      businessId: page.businessId,
      itemId: page.itemId,
      pageUrl: page.pageUrl,
      pageTitle: page.pageTitle ?? null,
      userAgent: request.headers["user-agent"] ?? "",
      ipAddress: clientAddressOf(request),
      referrer: request.headers["referer"] ?? null
    }))

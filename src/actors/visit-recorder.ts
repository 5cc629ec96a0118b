/**
 * Records visits by AI crawlers: the single writer of the `visits-*` streams. Visits are many
 * and order-free, so they bypass the entity actors and append with expected version "any"
 * (ARCHITECTURE.md allows it for visits). Their event ids derive from the visit key
 * (`visit-events.ts`), so the server-side record and the tracking script's post of one visit
 * collapse into one event, and a retried post records nothing new.
 *
 * **Group commit.** A visit costs one event; appending each on its own would cost a statement
 * and a commit per request. Callers put their visit on a queue; a writer takes what arrived
 * within ~5 ms (at most 256 visits), appends each stream's visits in one statement, and answers
 * every caller once its batch has committed. While a batch commits the next one gathers, and
 * a few batches may commit at once.
 *
 * Duplicates never reach an append: the event store refuses an append where some ids are new
 * and some already in the log (EventIdReused), so a batch first drops the ids the log already
 * holds (one lookup per batch). Another process may write one of them in between; that append
 * is then refused whole, and the batch looks again and retries.
 */
import { HttpServerRequest } from "@effect/platform"
import { Cause, Deferred, Duration, Effect, Exit, Option, Queue } from "effect"
import { WallClock } from "../config/wall-clock.ts"
import { detectCrawler, isSpoofedGoogleExtended } from "../domain/crawler-detection.ts"
import type { BusinessId, ItemId } from "../domain/entity-ref.ts"
import { canonicalAddress, isVerified } from "../domain/ip-ranges.ts"
import { PLATFORM_NAMES, type PlatformKey } from "../domain/platforms.ts"
import {
  BotVisited,
  type PageType,
  previousMinuteKey,
  visitKeyOf,
  type VisitSource,
  visitsStreamOf,
  visitToStored
} from "../domain/visit-events.ts"
import { EventIdReused, EventStore, type GlobalPosition, type RecordedEvent } from "../eventstore/event-store.ts"
import { eventIdFor } from "./tracked-entity.ts"

/** How long a batch waits for company after its first visit. */
const GATHER_WINDOW = Duration.millis(5)
const MAX_BATCH = 256
const MAX_BATCHES_IN_FLIGHT = 4
/** Callers wait (back-pressure) rather than grow memory without bound. */
const QUEUE_CAPACITY = 16_384
const MAX_ATTEMPTS = 4

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
  readonly event: BotVisited
  readonly eventId: string
  readonly streamId: string
  /** Script posts: the id a server-side record of this visit has if made a minute earlier. */
  readonly lookBackId: string | null
  readonly done: Deferred.Deferred<Committed>
}

const IGNORED_MESSAGE = "the user agent matches no AI platform; nothing was recorded"
const SPOOFED_MESSAGE = "Google-Extended is a robots.txt token that Google never sends as a user agent; nothing was recorded"

const positionOf = (event: RecordedEvent): GlobalPosition => ({ transactionId: event.transactionId, position: event.position })

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
    const queue = yield* Effect.acquireRelease(Queue.bounded<Pending>(QUEUE_CAPACITY), Queue.shutdown)
    const inFlight = yield* Effect.makeSemaphore(MAX_BATCHES_IN_FLIGHT)

    /** The log's copies of these ids (and what they are), in one lookup. */
    const lookUp = (ids: ReadonlyArray<string>) =>
      Effect.map(store.readByIds([...new Set(ids)]), (events) => new Map(events.map((event) => [event.eventId, event])))

    /** Appends one stream's visits; "retry" when another writer recorded one of them meanwhile. */
    const appendStream = (streamId: string, items: ReadonlyArray<Pending>) =>
      store.append(streamId, "any", items.map((item) => ({
        eventId: item.eventId,
        ...visitToStored(item.event),
        metadata: { correlationId: null, causationId: `visit:${item.event.visitKey}` }
      }))).pipe(
        Effect.map((appended) => ({ _tag: "Done" as const, appended })),
        // With "any" a version conflict cannot happen; a repeated id raced in by another process
        // makes the store refuse the mixed append (a defect there): look again, then retry.
        Effect.catchTag("WrongExpectedVersion", () => Effect.succeed({ _tag: "Retry" as const })),
        Effect.catchSomeDefect((defect) =>
          defect instanceof EventIdReused ? Option.some(Effect.succeed({ _tag: "Retry" as const })) : Option.none()
        )
      )

    const commit = (batch: ReadonlyArray<Pending>) =>
      Effect.gen(function*() {
        const results = new Map<string, Committed>()
        /** An id answered by another id's outcome (same visit, in this batch or a minute earlier). */
        const aliases = new Map<string, string>()
        // The same visit twice in one batch: the first is written, the others answered with it.
        const seen = new Set<string>()
        const unique = new Set<Pending>()
        for (const item of batch) {
          if (seen.has(item.eventId)) continue
          seen.add(item.eventId)
          unique.add(item)
        }
        const serverIdsInBatch = new Set([...unique].filter((item) => item.event.source === "server").map((item) => item.eventId))
        let remaining: ReadonlyArray<Pending> = [...unique]
        for (let attempt = 1; remaining.length > 0; attempt++) {
          if (attempt > MAX_ATTEMPTS) return yield* Effect.dieMessage(`visits: batch still conflicting after ${MAX_ATTEMPTS} attempts`)
          const known = yield* lookUp(remaining.flatMap((item) => item.lookBackId === null ? [item.eventId] : [item.eventId, item.lookBackId]))
          const byStream = new Map<string, Array<Pending>>()
          for (const item of remaining) {
            const recorded = known.get(item.eventId)
            if (recorded !== undefined) {
              results.set(item.eventId, { position: positionOf(recorded), duplicate: true })
              continue
            }
            if (item.lookBackId !== null) {
              const earlier = known.get(item.lookBackId)
              if (earlier !== undefined && (earlier.data as { source?: unknown }).source === "server") {
                results.set(item.eventId, { position: positionOf(earlier), duplicate: true })
                continue
              }
              if (serverIdsInBatch.has(item.lookBackId)) {
                aliases.set(item.eventId, item.lookBackId)
                continue
              }
            }
            const stream = byStream.get(item.streamId)
            if (stream === undefined) byStream.set(item.streamId, [item])
            else stream.push(item)
          }
          const outcomes = yield* Effect.forEach([...byStream], ([streamId, items]) =>
            Effect.map(appendStream(streamId, items), (outcome) => ({ items, outcome })), { concurrency: 4 })
          const retry: Array<Pending> = []
          for (const { items, outcome } of outcomes) {
            if (outcome._tag === "Retry") {
              retry.push(...items)
              continue
            }
            for (const item of items) {
              results.set(item.eventId, { position: outcome.appended.lastPosition, duplicate: !outcome.appended.written })
            }
          }
          remaining = retry
        }
        // Only the first caller of a visit wrote it: the others (the same visit again in this
        // batch, a script post answered by the server-side record) are duplicates.
        return (item: Pending): Committed | undefined => {
          const own = results.get(item.eventId)
          if (own !== undefined) return unique.has(item) ? own : { ...own, duplicate: true }
          const alias = results.get(aliases.get(item.eventId) ?? "")
          return alias === undefined ? undefined : { ...alias, duplicate: true }
        }
      })

    /** Commits a batch and answers every caller in it, also when it fails. */
    const commitAndAnswer = (batch: ReadonlyArray<Pending>) =>
      commit(batch).pipe(
        Effect.exit,
        Effect.flatMap((exit) =>
          Effect.forEach(batch, (item) => {
            if (Exit.isFailure(exit)) return Deferred.failCause(item.done, exit.cause)
            const committed = exit.value(item)
            return committed === undefined
              ? Deferred.die(item.done, new Error("visits: a visit of the batch got no outcome"))
              : Deferred.succeed(item.done, committed)
          }, { discard: true })
        ),
        Effect.withSpan("VisitRecorder.commit", { attributes: { visits: batch.length } })
      )

    const writer = Effect.gen(function*() {
      while (true) {
        const first = yield* Queue.take(queue)
        yield* inFlight.take(1)
        // Wait for company unless a full batch is already waiting.
        if ((yield* Queue.size(queue)) < MAX_BATCH - 1) yield* Effect.sleep(GATHER_WINDOW)
        const rest = yield* Queue.takeUpTo(queue, MAX_BATCH - 1)
        yield* Effect.fork(commitAndAnswer([first, ...rest]).pipe(Effect.ensuring(inFlight.release(1))))
      }
    })
    yield* Effect.forkScoped(writer)

    /**
     * Detects the crawler, verifies its address, and records the visit; ignores everything else.
     * No span: it runs for every visit, and a span's stack capture costs more than the rest.
     */
    const record = (input: VisitInput) => Effect.gen(function*() {
      const detection = detectCrawler(input.userAgent)
      if (detection === null) {
        return {
          status: "ignored",
          platform_id: null,
          platform_name: null,
          message: isSpoofedGoogleExtended(input.userAgent) ? SPOOFED_MESSAGE : IGNORED_MESSAGE
        } satisfies VisitOutcome as VisitOutcome
      }
      const visitedAt = yield* clock.now
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
      const event = new BotVisited({
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
        // Built from checked input; the codec validates it again when the batch encodes it.
      }, true)
      const done = yield* Deferred.make<Committed>()
      yield* Queue.offer(queue, {
        event,
        eventId: eventIdFor(`visit:${visitKey}`, 0),
        streamId: visitsStreamOf(input.businessId, visitedAt),
        // Only a script post looks back: it follows the page load, never precedes it.
        lookBackId: input.source === "script" ? eventIdFor(`visit:${previousMinuteKey(keyInput, visitedAt)}`, 0) : null,
        done
      })
      const committed = yield* Deferred.await(done)
      return {
        status: "success",
        platform_id: detection.platform,
        platform_name: platformName,
        message: `Visit from ${platformName} recorded`,
        recordedAt: committed.position,
        duplicate: committed.duplicate,
        verified
      } satisfies VisitOutcome as VisitOutcome
    })

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
        pageUrl: visit.pageUrl,
        pageType: visit.pageType ?? pageTypeOf(visit.pageUrl),
        pageTitle: visit.pageTitle,
        userAgent: visit.userAgent,
        ipAddress: visit.ipAddress,
        clientAddress: visit.ipAddress,
        referrer: visit.referrer,
        source: "server"
      }).pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.interrupt
            : Effect.as(Effect.logWarning("visits: a server-side visit was not recorded", cause), undefined)
        )
      )

    return { record, recordServerSide }
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

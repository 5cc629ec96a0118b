/**
 * The group commit of visits. A visit costs one event; appending each on its own would cost a
 * statement and a commit per request. Visits wait while the database is busy with earlier
 * batches and go together when it is free: a batch starts at the end of the event-loop turn
 * its first visit arrived in when no batch is committing (or fewer than four are, and 16
 * visits wait, or one has waited 4 ms, or one was held back by its business's batch that has
 * just committed), and takes the visits waiting then (up to 256; see below for those it
 * leaves), all in one statement whatever their streams
 * (visits are kept in one stream per business and UTC day: with visits spread over many
 * businesses, a statement per stream was about a statement per visit); every
 * caller is answered once its batch has committed. So a lone visit is committed at once, a
 * visit of another business behind a commit goes beside it within 4 ms, a visit behind its own
 * business's commit goes once that commit ends (unless four batches are in flight), and under
 * load batches grow to what arrives while
 * commits are in flight (no fixed wait, which would cap a client's request rate). The
 * per-visit part is plain code and one Effect runs per batch: the webhook records thousands of
 * visits a second, and a fiber, a deferred and a queue offer per visit cost more than the
 * visit's own work.
 *
 * **One batch per business at a time.** A batch takes no visit of a business that a batch
 * still committing holds: those wait, in arrival order, for the next batch. So batches in flight
 * never share a business, hence never a stream (a stream is one business's day) nor a visit
 * (its key names the business):
 * - per-business order: a business's visits are appended in arrival order, batch after batch,
 *   and within a batch each stream's visits get its next versions in arrival order;
 * - the dedupe of a visit seen by the hosting and by the script: both records name the same
 *   business, so they are in one batch (answered as one there, see `commit`) or in two that
 *   commit one after the other, the later statement starting after the earlier's commit and
 *   so finding its event (the look-back of a post made just after midnight UTC included, whose
 *   server-side record is in the previous day's stream);
 * - concurrent batches touch disjoint `streams` rows, so none waits on another's row lock
 *   until its commit: the database can flush their commits together (group commit), where a
 *   hot business in every batch (a few tenants get most visits) made each batch wait for the
 *   one before to commit.
 * These hold however many batches are in flight and whichever rule started one (none
 * committing, 16 waiting, one overdue, or one freed by its business's commit), since every
 * batch is taken by `takeBatch`. The stats' read-your-writes is
 * not the batcher's: a visit is answered once committed, and the stats read waits for the
 * roll-up to pass the log's last commit, so more batches in flight change nothing there.
 *
 * **Failures stay with their visit.** When the store refuses a batch (a visit holding what the
 * database cannot store), the batch is split in halves, each appended on its own, until the
 * refusal is one visit's: only the offending visit fails and every other caller is answered
 * with its own outcome.
 *
 * Duplicates are dropped by the append itself (`EventStore.appendNewAcross`): a visit whose id the
 * log holds, or (a script post) whose server-side record of a minute earlier it holds, is not
 * written again, and the look and the write are one statement, so one round trip per batch.
 *
 * On a PostgreSQL server the append runs as the store's promise form (`appendNewAcrossNow`):
 * the same statement, retries, outcomes and announcement as the Effect form (a twin test pins
 * them), so everything above holds whichever form runs; a batch is committed before it is
 * answered either way (nothing answered is lost on a crash).
 */
import { Cause, Data, Effect, Exit, Option, Runtime } from "effect"
import { type BotVisitedFields, visitFieldsToStored } from "../domain/visit-events.ts"
import { type AppendFailure, EventStore, type GlobalPosition } from "../eventstore/event-store.ts"

const MAX_BATCH = 256
/**
 * Batches of distinct businesses commit side by side (see the top of this file), so the
 * database flushes their commits together. A batch beside others starts only under the rules
 * below, so under a steady stream batches stay large (each has a fixed cost).
 */
const MAX_BATCHES_IN_FLIGHT = 4
/**
 * Up to this many batches start at the end of the turn their first visit arrived in, with no
 * other rule. Beyond it the rules below hold visits back to make batches larger: at moderate
 * rates a second batch at once made batches of 1-3 visits, whose fixed cost kept the thread
 * busy and queueing set the webhook's latency tail; measured again with the visits spread over
 * 1,000 businesses (webhook3, a loaded machine), two at once cost CPU per visit and N = 32
 * throughput (behind the one-at-once policy in 12 of 14 rounds).
 */
const EAGER_BATCHES_IN_FLIGHT = 1
/**
 * Another batch starts beside committing ones once this many visits wait: otherwise visits
 * wait for a commit in flight and go together.
 */
const SECOND_BATCH_MIN = 16
/**
 * ...or once the first visit waiting has waited this long: a commit that stalls (a slow WAL
 * flush, a busy machine) holds the visits behind it for no more than this, where waiting for
 * it made the webhook's latency tail twice the slowest commit.
 */
const SECOND_BATCH_WAIT_MS = 4
/** Visits waiting beyond this are refused (the caller gets an error) rather than grow memory without bound. */
const MAX_WAITING = 16_384

/** Where a visit's event sits in the log, and whether it was there already. */
export interface Committed {
  readonly position: GlobalPosition
  readonly duplicate: boolean
}

/** One visit to append. */
export interface VisitToAppend {
  readonly event: BotVisitedFields
  readonly eventId: string
  readonly streamId: string
  /** Script posts: the id a server-side record of this visit has if made a minute earlier. */
  readonly lookBackId: string | null
}

interface Pending extends VisitToAppend {
  readonly answer: (exit: Exit.Exit<Committed, AppendFailure>) => void
  /** `performance.now()` when it was enqueued. */
  readonly since: number
}

/** Visits are refused while this many wait for a commit: the database is not keeping up. */
export class VisitBacklogFull extends Data.TaggedError("VisitBacklogFull")<{ readonly message: string }> {}

/** A batch's failure that answers every visit of it (an interruption): carried out of the plain code. */
class BatchFailed {
  constructor(readonly cause: Cause.Cause<AppendFailure>) {}
}

export class VisitBatcher extends Effect.Service<VisitBatcher>()("VisitBatcher", {
  scoped: Effect.gen(function*() {
    const store = yield* EventStore
    // The store's append is the one Effect a batch runs (more than one only when a refusal is
    // isolated), and none where the store has a promise path (`appendNewAcrossNow`, the same
    // statement, retries and outcomes); splitting, deduplicating and answering are plain
    // code: each Effect step and span of a batch cost the interpreter's work over the
    // service's whole context.
    const runExit = Runtime.runPromiseExit(yield* Effect.runtime<never>())

    /** Only a refusal can be one visit's doing; a database that is unavailable is so for each. */
    const isRefusal = (cause: Cause.Cause<AppendFailure>) =>
      Option.exists(Cause.failureOption(cause), (failure) => failure._tag === "EventsRefused")

    /**
     * Appends visits of any streams in one statement, each unless the log holds it or its
     * server-side record: a batch over many businesses is one statement, not one per stream.
     */
    const appendNow = store.appendNewAcrossNow
    const appendAll = (items: ReadonlyArray<Pending>) => {
      const events = items.map((item) => ({
        streamId: item.streamId,
        eventId: item.eventId,
        ...visitFieldsToStored(item.event),
        metadata: { correlationId: null, causationId: `visit:${item.event.visitKey}` },
        sameAs: item.lookBackId === null ? undefined : { eventId: item.lookBackId, field: "source", value: "server" }
      }))
      // The store's promise path when it has one (PostgreSQL server): no Effect run per batch.
      return appendNow === undefined ? runExit(store.appendNewAcross(events)) : appendNow(events)
    }

    /**
     * Appends visits and records each one's outcome. When the store refuses them (a visit
     * holding what the database cannot store), they are split in halves and each half is
     * appended on its own, the first half first (so each stream's visits keep their order),
     * until the refusal is one visit's: only that visit fails and every other caller is
     * answered with its own outcome. A refusal costs about two statements per halving; the
     * usual cost stays one statement per batch.
     */
    const appendIsolated = async (
      items: ReadonlyArray<Pending>,
      outcomes: Map<string, Exit.Exit<Committed, AppendFailure>>
    ): Promise<void> => {
      const written = await appendAll(items)
      if (Exit.isSuccess(written)) {
        written.value.forEach((outcome, i) => {
          outcomes.set(items[i]!.eventId, Exit.succeed({ position: outcome.position, duplicate: !outcome.written }))
        })
        return
      }
      const cause = written.cause
      if (Cause.isInterruptedOnly(cause)) throw new BatchFailed(cause)
      if (isRefusal(cause) && items.length > 1) {
        const half = Math.ceil(items.length / 2)
        await appendIsolated(items.slice(0, half), outcomes)
        return appendIsolated(items.slice(half), outcomes)
      }
      for (const item of items) outcomes.set(item.eventId, Exit.failCause(cause))
    }

    const commit = async (batch: ReadonlyArray<Pending>) => {
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
      await appendIsolated(own, outcomes)
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
        const written = await appendAll([item])
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
    }

    /**
     * Commits a batch and answers every caller in it, each with its own visit's outcome; a
     * failure of the batch as a whole (an interruption, a defect) answers each with it. Never
     * rejects.
     */
    const commitAndAnswer = async (batch: ReadonlyArray<Pending>): Promise<void> => {
      let outcomeOf: (item: Pending) => Exit.Exit<Committed, AppendFailure> | undefined
      try {
        outcomeOf = await commit(batch)
      } catch (error) {
        const cause = error instanceof BatchFailed ? error.cause : Cause.die(error)
        for (const item of batch) item.answer(Exit.failCause(cause))
        return
      }
      for (const item of batch) item.answer(outcomeOf(item) ?? Exit.die(new Error("visits: a visit of the batch got no outcome")))
    }

    let waiting: Array<Pending> = []
    let gathering: ReturnType<typeof setImmediate> | undefined
    let inFlight = 0
    let closed = false
    /** The businesses of the batches committing: their later visits wait for the next batch. */
    const committing = new Set<string>()
    /**
     * Set when a batch's commit freed a visit waiting behind it (one of its businesses'): that
     * visit has waited a whole commit already, so the next batch starts at once for it, beside
     * batches still committing, rather than after SECOND_BATCH_WAIT_MS.
     */
    let freed = false

    /**
     * The visits of the next batch, in arrival order: up to MAX_BATCH of businesses no batch in
     * flight holds. The others stay waiting in their order.
     */
    const takeBatch = (): Array<Pending> => {
      if (committing.size === 0 && waiting.length <= MAX_BATCH) {
        const all = waiting
        waiting = []
        return all
      }
      const batch: Array<Pending> = []
      const rest: Array<Pending> = []
      for (const item of waiting) {
        if (batch.length < MAX_BATCH && !committing.has(item.event.businessId)) batch.push(item)
        else rest.push(item)
      }
      waiting = rest
      return batch
    }

    /** Set while visits wait behind commits: starts a batch beside them once one is overdue. */
    let overdue: ReturnType<typeof setTimeout> | undefined
    const onOverdue = () => {
      overdue = undefined
      schedule()
    }
    /**
     * How long until the database has room for another batch: 0 now, Infinity not before a
     * batch in flight commits (whose end schedules again). Only visits a batch could take
     * count as waiting: a hot business's visits behind its own commit would otherwise start
     * batches of one or two others' visits over and over.
     */
    const roomIn = (): number => {
      if (inFlight < EAGER_BATCHES_IN_FLIGHT) return 0
      if (inFlight >= MAX_BATCHES_IN_FLIGHT) return Infinity
      if (waiting.length >= SECOND_BATCH_MIN || freed) return 0
      for (const item of waiting) {
        if (!committing.has(item.event.businessId)) return Math.max(0, SECOND_BATCH_WAIT_MS - (performance.now() - item.since))
      }
      return Infinity
    }
    /** Starts the next batch at the end of this turn if the database has room for one, or once it will. */
    const schedule = () => {
      if (closed || waiting.length === 0) return
      const wait = roomIn()
      if (wait === 0) gathering ??= setImmediate(startBatch)
      else if (wait !== Infinity) overdue ??= setTimeout(onOverdue, Math.ceil(wait))
    }
    const startBatch = () => {
      if (gathering !== undefined) clearImmediate(gathering)
      gathering = undefined
      if (closed || waiting.length === 0 || roomIn() !== 0) return
      const batch = takeBatch()
      freed = false
      // Every visit waiting is of a business being committed: the next commit schedules again.
      if (batch.length === 0) return
      const businesses = new Set(batch.map((item) => item.event.businessId))
      for (const business of businesses) committing.add(business)
      inFlight++
      void commitAndAnswer(batch).finally(() => {
        for (const business of businesses) committing.delete(business)
        inFlight--
        if (!freed) freed = waiting.some((item) => businesses.has(item.event.businessId))
        schedule()
      })
      schedule()
    }
    /**
     * Appends a visit with the next batch; resolves once that batch has committed. A promise:
     * the webhook's fast lane calls it per visit (see the top of this file).
     */
    const enqueue = (item: VisitToAppend) =>
      new Promise<Committed>((resolve, reject) => {
        if (closed) return reject(new Error("visits: the recorder has stopped"))
        if (waiting.length >= MAX_WAITING) return reject(new VisitBacklogFull({ message: `more than ${MAX_WAITING} visits are waiting to be recorded` }))
        waiting.push({
          ...item,
          since: performance.now(),
          answer: (exit) => Exit.isSuccess(exit) ? resolve(exit.value) : reject(Cause.squash(exit.cause))
        })
        schedule()
      })
    // Visits still waiting at shutdown are refused; batches committing finish on their own.
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        closed = true
        if (gathering !== undefined) clearImmediate(gathering)
        if (overdue !== undefined) clearTimeout(overdue)
        const refused = waiting
        waiting = []
        for (const item of refused) item.answer(Exit.die(new Error("visits: the recorder has stopped")))
      })
    )

    return { enqueue }
  })
}) {}

/**
 * The one command loop of a stream with a single decider: read the stream and fold it, decide,
 * append at the version read, and on a version conflict (another writer appended meanwhile)
 * read what was added and decide again.
 */
import { Effect } from "effect"
import {
  type AppendFailure,
  type AppendResult,
  EventStore,
  type NewEvent,
  type RecordedEvent,
  type WrongExpectedVersion
} from "./event-store.ts"

/**
 * How many times a command is decided again after a version conflict before its writer gives
 * up with the conflict. A conflict means another writer appended between the read and the
 * append, and each retry first reads what it added; a stream still moving after this many
 * rereads is contended beyond what waiting would fix. Five, the most any writer allowed
 * before this loop was shared, so no command that got through then gives up sooner now.
 */
export const MAX_CONFLICT_RETRIES = 5

/** How a stream's recorded events fold into the state its commands are decided on. */
export interface StreamFold<State> {
  readonly initialState: State
  readonly evolve: (state: State, recorded: RecordedEvent) => State
}

/** A stream's state, and the version it was folded up to (0: the stream is empty). */
export interface Folded<State> {
  readonly state: State
  readonly version: number
}

export const emptyFold = <State>(fold: StreamFold<State>): Folded<State> => ({ state: fold.initialState, version: 0 })

/** Folds the events of the stream after `from` into it. */
export const catchUp = <State>(streamId: string, fold: StreamFold<State>, from: Folded<State> = emptyFold(fold)) =>
  Effect.flatMap(EventStore, (store) => store.readStream(streamId, from.version)).pipe(
    Effect.map((events) =>
      events.reduce<Folded<State>>(
        (folded, recorded) => ({ state: fold.evolve(folded.state, recorded), version: recorded.streamVersion }),
        from
      )
    )
  )

export interface Handled<State> {
  /** The state the command was decided on, and its version. */
  readonly decidedOn: Folded<State>
  /** The append, or undefined when the decision was to record nothing. */
  readonly appended: AppendResult | undefined
}

export interface HandleOptions<State> {
  /**
   * The state the caller holds and knows to be current (a single writer that keeps its
   * stream's fold): the first decision is made on it without reading the stream.
   */
  readonly current?: Folded<State> | undefined
  /** Told each state read from the stream, so such a caller keeps the newest one whatever the outcome. */
  readonly onRead?: ((folded: Folded<State>) => void) | undefined
}

/**
 * Decides a command on the stream's state and appends its events at the version decided on.
 * `decide` answers the events to append (none: nothing to record), or fails with the command's
 * rejection. Fails with the store's failure, or with the last conflict once
 * MAX_CONFLICT_RETRIES rereads have not settled it.
 */
export const handleCommand = <State, E, R>(
  streamId: string,
  fold: StreamFold<State>,
  decide: (state: State) => Effect.Effect<ReadonlyArray<NewEvent>, E, R>,
  options: HandleOptions<State> = {}
): Effect.Effect<Handled<State>, E | AppendFailure | WrongExpectedVersion, R | EventStore> =>
  Effect.gen(function*() {
    const store = yield* EventStore
    const read = (from?: Folded<State>) =>
      Effect.tap(catchUp(streamId, fold, from), (folded) => Effect.sync(() => options.onRead?.(folded)))
    let folded = options.current ?? (yield* read())
    for (let attempt = 0;; attempt++) {
      const events = yield* decide(folded.state)
      if (events.length === 0) return { decidedOn: folded, appended: undefined }
      const appended = yield* Effect.either(store.append(streamId, folded.version, events))
      if (appended._tag === "Right") return { decidedOn: folded, appended: appended.right }
      if (appended.left._tag !== "WrongExpectedVersion" || attempt >= MAX_CONFLICT_RETRIES) return yield* appended.left
      folded = yield* read(folded)
    }
  })

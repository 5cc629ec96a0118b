/**
 * Given/when/then for a pure decider: the state is the fold of `evolve` over the given events
 * from `initialState`, and a case states the exact events the command records, or its exact
 * rejection.
 */
import { Either } from "effect"
import { expect } from "vitest"

export interface Decider<State, Command, Event, Rejection> {
  readonly initialState: State
  readonly evolve: (state: State, event: Event) => State
  readonly decide: (command: Command, state: State) => Either.Either<ReadonlyArray<Event>, Rejection> | ReadonlyArray<Event>
}

export const deciderSpec = <State, Command, Event, Rejection>(decider: Decider<State, Command, Event, Rejection>) =>
  (events: ReadonlyArray<Event>) => ({
    when: (command: Command) => {
      const decided = decider.decide(command, events.reduce(decider.evolve, decider.initialState))
      const outcome: Either.Either<ReadonlyArray<Event>, Rejection> = Either.isEither(decided) ? decided : Either.right(decided)
      return {
        /** The command records exactly these events (none: nothing). */
        then: (expected: ReadonlyArray<Event>) => {
          if (Either.isLeft(outcome)) throw new Error(`expected events, got the rejection ${JSON.stringify(outcome.left)}`)
          expect(outcome.right).toStrictEqual(expected)
        },
        /** The command is rejected with exactly this. */
        thenRejects: (expected: Rejection) => {
          if (Either.isRight(outcome)) throw new Error(`expected a rejection, got events ${JSON.stringify(outcome.right)}`)
          expect(outcome.left).toStrictEqual(expected)
        }
      }
    }
  })

import { it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Option } from "effect"
import { describe, expect } from "vitest"
import { type FifoSemaphore, makeFifoSemaphore } from "../../src/concurrency/fifo-semaphore.ts"

/** Whether a take gets its permit without waiting for anyone. */
const takenAtOnce = (semaphore: FifoSemaphore) =>
  Effect.gen(function*() {
    const taking = yield* Effect.fork(semaphore.take)
    yield* Effect.yieldNow()
    const done = Option.isSome(yield* Fiber.poll(taking))
    yield* Fiber.interrupt(taking)
    return done
  })

describe("makeFifoSemaphore", () => {
  it.effect("never lets more than its permits in at once", () =>
    Effect.gen(function*() {
      const semaphore = yield* makeFifoSemaphore(3)
      let inside = 0
      let most = 0
      const work = semaphore.withPermit(Effect.gen(function*() {
        inside++
        most = Math.max(most, inside)
        yield* Effect.yieldNow()
        yield* Effect.yieldNow()
        inside--
      }))
      yield* Effect.all(Array.from({ length: 40 }, () => work), { concurrency: "unbounded" })
      expect(most).toBe(3)
      expect(inside).toBe(0)
    }))

  it.effect("hands permits to waiters in the order they came", () =>
    Effect.gen(function*() {
      const semaphore = yield* makeFifoSemaphore(1)
      yield* semaphore.take
      const order: Array<number> = []
      const waiters: Array<Fiber.RuntimeFiber<void>> = []
      for (let i = 1; i <= 6; i++) {
        waiters.push(yield* Effect.fork(semaphore.withPermit(Effect.sync(() => void order.push(i)))))
        yield* Effect.yieldNow()
      }
      yield* semaphore.release
      yield* Fiber.joinAll(waiters)
      expect(order).toEqual([1, 2, 3, 4, 5, 6])
    }))

  it.effect("forgets a waiter interrupted while it waits, and loses no permit", () =>
    Effect.gen(function*() {
      const semaphore = yield* makeFifoSemaphore(1)
      yield* semaphore.take
      const leaving = yield* Effect.fork(semaphore.take)
      const staying = yield* Effect.fork(semaphore.withPermit(Effect.succeed("second")))
      yield* Effect.yieldNow()
      yield* Fiber.interrupt(leaving)
      yield* semaphore.release
      expect(yield* Fiber.join(staying)).toBe("second")
      // The one permit is free again: a take answers at once.
      expect(yield* takenAtOnce(semaphore)).toBe(true)
    }))

  it.effect("passes the permit on when a waiter is interrupted just as it is granted", () =>
    Effect.gen(function*() {
      const semaphore = yield* makeFifoSemaphore(1)
      yield* semaphore.take
      const started = yield* Deferred.make<void>()
      const granted = yield* Effect.fork(semaphore.withPermit(Effect.zipRight(Deferred.succeed(started, undefined), Effect.never)))
      yield* Effect.yieldNow()
      // The release wakes the waiter; the interruption lands before it runs on.
      yield* Effect.zipRight(semaphore.release, Fiber.interrupt(granted))
      expect(yield* Deferred.isDone(started)).toBe(false)
      expect(yield* takenAtOnce(semaphore)).toBe(true)
    }))

  it.effect("callbacks: a release starts the longest waiter before it returns; a withdrawn waiter is skipped", () =>
    Effect.gen(function*() {
      const semaphore = yield* makeFifoSemaphore(1)
      const order: Array<string> = []
      semaphore.acquire(() => order.push("first"))
      expect(semaphore.acquire(() => order.push("second"))).toBeTypeOf("function")
      const withdrawThird = semaphore.acquire(() => order.push("third"))
      semaphore.acquire(() => order.push("fourth"))
      expect(order).toEqual(["first"])
      expect(withdrawThird()).toBe(true)
      semaphore.releaseUnsafe()
      expect(order).toEqual(["first", "second"])
      semaphore.releaseUnsafe()
      expect(order).toEqual(["first", "second", "fourth"])
      semaphore.releaseUnsafe()
      // Free again, for callbacks and effects alike; a granted waiter cannot be withdrawn.
      const withdrawGranted = semaphore.acquire(() => order.push("fifth"))
      expect(order).toEqual(["first", "second", "fourth", "fifth"])
      expect(withdrawGranted()).toBe(false)
      semaphore.releaseUnsafe()
      expect(yield* takenAtOnce(semaphore)).toBe(true)
    }))

  it.effect("callbacks and effects share one queue, in arrival order", () =>
    Effect.gen(function*() {
      const semaphore = yield* makeFifoSemaphore(1)
      yield* semaphore.take
      const order: Array<string> = []
      const effectWaiter = yield* Effect.fork(semaphore.withPermit(Effect.sync(() => void order.push("effect"))))
      yield* Effect.yieldNow()
      semaphore.acquire(() => {
        order.push("callback")
        semaphore.releaseUnsafe()
      })
      yield* semaphore.release
      yield* Fiber.join(effectWaiter)
      expect(order).toEqual(["effect", "callback"])
      expect(yield* takenAtOnce(semaphore)).toBe(true)
    }))
})

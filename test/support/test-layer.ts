/**
 * A partial fake of a service, for a test that uses only some of its methods: the given members
 * are the service, and any other member dies, naming the service and the member, the moment it
 * is used (called, or run when it is itself an effect). A test so says exactly what it relies on,
 * and a collaborator it did not expect fails it loudly instead of answering `undefined`.
 *
 *     makeTestLayer(Entities)({ findBusiness: () => Effect.succeed(Option.none()) })
 */
import { type Context, Effect, Layer } from "effect"

const unimplemented = (service: string, member: string) => {
  const dead = Effect.die(new Error(`${service}: the test layer does not implement "${member}"`))
  // Callable (a method) and an effect (a member such as `head`), dying either way.
  const die = () => dead
  Object.assign(die, dead)
  Object.setPrototypeOf(die, Object.getPrototypeOf(dead))
  return die
}

export const makeTestLayer = <I, S extends object>(tag: Context.Tag<I, S>) => (service: Partial<S>): Layer.Layer<I> =>
  Layer.succeed(
    tag,
    new Proxy({ ...service } as S, {
      get(target, member, receiver) {
        if (member in target || typeof member === "symbol" || member === "then" || member === "toJSON") {
          return Reflect.get(target, member, receiver)
        }
        const dead = unimplemented(tag.key, member)
        Reflect.set(target, member, dead)
        return dead
      }
    })
  )

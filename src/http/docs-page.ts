/**
 * `/docs`: Swagger UI over the API's OpenAPI document, HttpApi's own page, loaded on its first
 * request. The Swagger module holds the UI's script and style as strings of about 1.9 million
 * characters; imported with the server, every service would read and keep them from start-up,
 * whether anyone reads the documentation or not. Once loaded, the page is kept.
 */
import { HttpApi, HttpApiBuilder, HttpLayerRouter } from "@effect/platform"
import { Effect, Scope } from "effect"

export const docsPageLayer = (path: `/${string}`) =>
  HttpApiBuilder.Router.use((router) =>
    Effect.gen(function*() {
      const { api } = yield* HttpApi.Api
      // The page's router lives as long as the server's.
      const scope = yield* Effect.scope
      const page = yield* Effect.cached(
        Effect.promise(() => import("@effect/platform/HttpApiSwagger")).pipe(
          Effect.flatMap((swagger) => HttpLayerRouter.toHttpEffect(swagger.layerHttpLayerRouter({ api, path }))),
          Scope.extend(scope)
        )
      )
      yield* router.get(path, Effect.scoped(Effect.flatten(page)))
    })
  )

/**
 * Serves the generated sites from this same server, routed by `Host`:
 * `<label>.{SITES_DOMAIN}` for a business, and for a product both `<label>-<item>.{SITES_DOMAIN}`
 * and `<item>.<label>.{SITES_DOMAIN}`. A host resolves to the one entity that claimed it in the
 * site host registry (see site-address.ts), never by guessing where a label ends. Files are rendered from the current deployment and its
 * posts (pure), cached per site revision, and served with ETag and Cache-Control.
 */
import { HttpMiddleware, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"
import { createHash } from "node:crypto"
import { AppConfig } from "../config/app-config.ts"
import { type EntityRef, isItemId } from "../domain/entity-ref.ts"

import { SiteHosts } from "../projections/site-hosts.ts"
import { Entities } from "../projections/entities.ts"
import { SiteHostRegistry } from "../writers/site-host-registry.ts"
import { Sites } from "../projections/sites.ts"
import { renderSite } from "../site-generator/render-site.ts"
import type { SiteFile } from "../site-generator/site-input.ts"
import { SiteBuilder } from "../pipeline/site-builder.ts"
import { VisitRecorder } from "../writers/visit-recorder.ts"
import { recordServerSideVisit } from "./served-page-visit.ts"

const MAX_CACHED_SITES = 200

interface CachedSite {
  readonly revision: string
  readonly files: ReadonlyMap<string, SiteFile & { readonly etag: string }>
}

/** `/` → `/index.html`, `/faq/` → `/faq/index.html`; `..` and odd characters never reach a lookup. */
const filePathOf = (pathname: string) => {
  const decoded = (() => {
    try {
      return decodeURIComponent(pathname)
    } catch {
      return "/"
    }
  })()
  if (decoded.includes("..") || decoded.includes("\\")) return "/404.html"
  return decoded.endsWith("/") ? `${decoded}index.html` : decoded
}

/**
 * The host of a request as site hosting matches it, lower-cased; a sites domain without a port
 * matches site hosts on any port (the listener's, a proxy's).
 */
const siteHostNameOf = (sitesDomain: string) => {
  const domainHasPort = /:\d+$/.test(sitesDomain)
  return (host: string) => {
    const name = host.trim().toLowerCase()
    return domainHasPort ? name : name.replace(/:\d+$/, "")
  }
}

/** Whether a `Host` names a site under the sites domain (hosting answers it, never the API). */
export const isSiteHost = (sitesDomain: string) => {
  const nameOf = siteHostNameOf(sitesDomain)
  const suffix = `.${sitesDomain}`
  return (host: string) => nameOf(host).endsWith(suffix)
}

export class SiteHosting extends Effect.Service<SiteHosting>()("SiteHosting", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const hosts = yield* SiteHosts
    const entities = yield* Entities
    const registry = yield* SiteHostRegistry
    const sites = yield* Sites
    const builder = yield* SiteBuilder
    const recorder = yield* VisitRecorder
    const suffix = `.${config.sitesDomain}`
    const siteHostOf = siteHostNameOf(config.sitesDomain)
    const onSitesDomain = isSiteHost(config.sitesDomain)
    const cache = new Map<string, CachedSite>()

    /** The entity a site host names, if any. */
    const resolve = (host: string) =>
      Effect.gen(function*() {
        const name = siteHostOf(host)
        if (!name.endsWith(suffix)) return Option.none<EntityRef>()
        const prefix = name.slice(0, -suffix.length)
        const parts = prefix.split(".")
        if (parts.length === 2) {
          // <item>.<business host>
          const [item, label] = parts as [string, string]
          const holder = yield* hosts.holderOf(label)
          return holder !== undefined && holder.itemId === null && isItemId(item)
            ? Option.some<EntityRef>({ businessId: holder.businessId, itemId: item })
            : Option.none<EntityRef>()
        }
        if (parts.length !== 1) return Option.none<EntityRef>()
        // A business's host, or a product's dashed host: exactly the entity that claimed it.
        const holder = yield* hosts.holderOf(prefix)
        if (holder !== undefined) return Option.some(holder)
        // An entity recorded before hosts were registered keeps its address: it claims it now,
        // and is served only if the claim gives it exactly this host.
        const legacy = yield* entities.unregisteredWanting(prefix)
        if (legacy === undefined) return Option.none<EntityRef>()
        return (yield* registry.hostFor(legacy)) === prefix ? Option.some(legacy) : Option.none<EntityRef>()
      })

    const filesOf = (ref: EntityRef) =>
      Effect.gen(function*() {
        const key = `${ref.businessId}/${ref.itemId ?? ""}`
        const revision = yield* sites.revision(ref.businessId, ref.itemId)
        if (revision === undefined) return undefined
        const cached = cache.get(key)
        if (cached?.revision === revision) return cached.files
        const deployment = yield* sites.deployment(ref.businessId, ref.itemId)
        if (deployment === undefined) return undefined
        const posts = yield* sites.posts(ref.businessId, ref.itemId)
        const rendered = renderSite({
          ...deployment.facts,
          businessId: ref.businessId,
          itemId: ref.itemId,
          siteUrl: yield* builder.siteUrlOf(ref),
          faq: deployment.faq,
          about: deployment.about,
          posts,
          trackingEndpoint: `${config.publicBaseUrl}/api/ai-recommendation-store`,
          generatedAt: deployment.deployedAt.toISOString()
        })
        const files = new Map([...rendered].map(([path, file]) => [
          path,
          { ...file, etag: `"${createHash("sha1").update(file.body).digest("base64url")}"` }
        ]))
        if (cache.size >= MAX_CACHED_SITES) cache.delete(cache.keys().next().value!)
        cache.set(key, { revision, files })
        return files as ReadonlyMap<string, SiteFile & { readonly etag: string }>
      })

    const notFoundPage = (files: ReadonlyMap<string, SiteFile> | undefined) =>
      HttpServerResponse.text(files?.get("/404.html")?.body ?? "<!doctype html><title>Not found</title><h1>Not found</h1>", {
        status: 404,
        contentType: "text/html; charset=utf-8",
        headers: { "cache-control": "no-cache" }
      })

    /** The response for a request to a hosted site, or None when the host is not a site's. */
    const serve = (request: HttpServerRequest.HttpServerRequest) =>
      Effect.gen(function*() {
        const host = request.headers["host"] ?? ""
        if (!onSitesDomain(host)) return Option.none<HttpServerResponse.HttpServerResponse>()
        const ref = yield* resolve(host)
        if (Option.isNone(ref)) return Option.some(notFoundPage(undefined))
        const files = yield* filesOf(ref.value)
        if (files === undefined) return Option.some(notFoundPage(undefined))
        if (request.method !== "GET" && request.method !== "HEAD") {
          return Option.some(HttpServerResponse.text("method not allowed", { status: 405, headers: { allow: "GET, HEAD" } }))
        }
        const path = filePathOf(new URL(request.url, "http://site").pathname)
        const file = files.get(path) ?? (path.endsWith(".html") ? undefined : files.get(`${path}/index.html`))
        if (file === undefined) return Option.some(notFoundPage(files))
        const headers = {
          etag: file.etag,
          "cache-control": file.contentType.startsWith("text/html") ? "public, max-age=60, must-revalidate" : "public, max-age=300"
        }
        // Most crawlers run no script: every page a crawler fetches is recorded from the request
        // itself (a visit also posted by the script is counted once). Not awaited by the page.
        if (file.contentType.startsWith("text/html")) {
          yield* Effect.forkDaemon(recordServerSideVisit(request, {
            businessId: ref.value.businessId,
            itemId: ref.value.itemId,
            pageUrl: `${config.sitesScheme}://${host}${new URL(request.url, "http://site").pathname}`
          }).pipe(Effect.provideService(VisitRecorder, recorder)))
        }
        if (request.headers["if-none-match"] === file.etag) {
          return Option.some(HttpServerResponse.empty({ status: 304, headers }))
        }
        return Option.some(HttpServerResponse.text(request.method === "HEAD" ? "" : file.body, { contentType: file.contentType, headers }))
      }).pipe(Effect.withSpan("SiteHosting.serve"))

    return { serve, resolve }
  }),
  dependencies: [SiteHosts.Default, Entities.Default, Sites.Default, SiteHostRegistry.Default, SiteBuilder.Default, VisitRecorder.Default]
}) {}

/** Answers requests to hosted sites before the API sees them. */
export const siteHosting = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const hosting = yield* SiteHosting
    const response = yield* hosting.serve(request)
    return Option.isSome(response) ? response.value : yield* app
  })
)


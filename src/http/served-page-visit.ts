/**
 * The visit of a page served by the hosting of generated sites, read from its request.
 */
import type { HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import type { EntityRef } from "../domain/entity-ref.ts"
import { VisitRecorder } from "../writers/visit-recorder.ts"
import { clientAddressOf } from "./client-address.ts"

/**
 * The hosting's one call per served page: reads the user agent, referrer and address from the
 * request and records the visit if an AI crawler made it.
 */
export const recordServerSideVisit = (
  request: HttpServerRequest.HttpServerRequest,
  page: EntityRef & { readonly pageUrl: string; readonly pageTitle?: string | null }
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

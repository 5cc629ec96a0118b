/**
 * The address a request came from, as the service records and limits it.
 */
import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import { canonicalAddress } from "../domain/ip-ranges.ts"

/** The connection's address of a request, canonical (`::ffff:192.0.2.1` → `192.0.2.1`). */
export const clientAddressOf = (request: HttpServerRequest.HttpServerRequest): string | null =>
  Option.match(request.remoteAddress, { onNone: () => null, onSome: canonicalAddress })

/**
 * The cluster runtime, with its message and runner storage in the service's database; the
 * entities run on it are registered by their own layers (`TrackedEntityLive`). One runner in this process by default; with a runner
 * address, a socket runner that shares the entities' shards with the other runners on the same
 * PostgreSQL server (shard locks are advisory locks, which the embedded database cannot share).
 */
import {
  MessageStorage,
  RunnerAddress,
  RunnerHealth,
  Runners,
  Sharding,
  ShardingConfig,
  SocketRunner,
  SqlMessageStorage,
  SqlRunnerStorage
} from "@effect/cluster"
import * as NodeClusterSocket from "@effect/platform-node/NodeClusterSocket"
import { RpcSerialization } from "@effect/rpc"
import type { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"

export interface RunnerOptions {
  /** Where the other runners reach this one; none: a single runner in this process. */
  readonly address: Option.Option<{ readonly host: string; readonly port: number }>
}

type RunnerLayer = Layer.Layer<Sharding.Sharding | Runners.Runners | MessageStorage.MessageStorage, never, SqlClient.SqlClient>

// The settings are given in code: the cluster's own environment names (HOST, PORT) are the
// HTTP listener's variables here.
// The shard lock timings stay at the library's defaults (refresh 10 s, expiry 35 s): a runner
// whose event loop stalls under load for longer than a short expiry loses its own shards.
// Persisted messages are delivered at once in process (and to another runner through its socket);
// the storage poll only picks up redeliveries, so it runs at the library's default 10 s: each poll
// is a query, and at one a second the polls were most of an idle service's CPU.
// On a stop, a running workflow is given 3 s, not the library's 15 s, to end its step: its run is
// a persisted message and every finished step is stored, so the next start resumes it from there
// (a stop mid-onboarding took 17 s, with no word of why).
const settings = {
  entityMessagePollInterval: "10 seconds",
  entityTerminationTimeout: "3 seconds"
} as const

// A single runner has no other runner to discover: reading the runners' table every 3 s (the
// library's default, for runners joining and leaving) only costs an idle service its CPU.
const singleRunner: RunnerLayer = Sharding.layer.pipe(
  Layer.provideMerge(Runners.layerNoop),
  Layer.provideMerge(SqlMessageStorage.layer),
  Layer.provide([Layer.orDie(SqlRunnerStorage.layer), RunnerHealth.layerNoop]),
  Layer.provide(ShardingConfig.layer({ ...settings, refreshAssignmentsInterval: "1 minute" }))
)

const socketRunner = (address: { readonly host: string; readonly port: number }): RunnerLayer =>
  SocketRunner.layer.pipe(
    Layer.provide([NodeClusterSocket.layerSocketServer, NodeClusterSocket.layerClientProtocol]),
    Layer.provide(RunnerHealth.layerPing.pipe(Layer.provide(Runners.layerRpc), Layer.provide(NodeClusterSocket.layerClientProtocol))),
    Layer.provideMerge(Layer.orDie(SqlMessageStorage.layer)),
    Layer.provide(Layer.orDie(SqlRunnerStorage.layer)),
    Layer.provide(ShardingConfig.layer({
      ...settings,
      runnerAddress: Option.some(RunnerAddress.make(address.host, address.port)),
      runnerListenAddress: Option.some(RunnerAddress.make("0.0.0.0", address.port))
    })),
    Layer.provide(RpcSerialization.layerMsgPack),
    Layer.orDie
  )

export const runnerLayer = (options: RunnerOptions): RunnerLayer =>
  Option.match(options.address, {
    onNone: () => Layer.tap(singleRunner, () => Effect.logInfo("started the cluster runner (a single runner in this process)")),
    onSome: (address) =>
      Layer.tap(socketRunner(address), () => Effect.logInfo(`started the cluster runner at ${address.host}:${address.port}`))
  })

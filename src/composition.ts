/**
 * How the service's parts fit together, as layers: the database, the event store, the cluster
 * runner with the entity actors, the projections, accounts and HTTP. `main.ts` launches
 * `serviceLayer`; tests and tools build the same layers on a database of their choosing.
 */
import { Duration, Layer, Option } from "effect"
import { controlSocketPath, mintToken, serveControlSocket } from "./accounts/control-socket.ts"
import { SigningKeys } from "./accounts/signing-keys.ts"
import * as TokenVerifierLayers from "./accounts/token-verifier.ts"
import { type RunnerOptions, runnerLayer } from "./actors/cluster.ts"
import { TrackedEntityLive } from "./actors/tracked-entity.ts"
import { EntityCommands } from "./actors/entity-commands.ts"
import { clientFor, type DatabaseTarget } from "./db/database.ts"
import { acquireEmbeddedLock } from "./db/embedded-lock.ts"
import * as PgEventStore from "./eventstore/pg-event-store.ts"
import { serverLayer } from "./http/server.ts"
import { TracingLive } from "./observability/tracing.ts"
import { Entities } from "./projections/entities.ts"
import { SiteHosts } from "./projections/site-hosts.ts"
import { SiteHostRegistry } from "./writers/site-host-registry.ts"
import { ProjectionPollInterval, ProjectionProgressLive, ProjectionRunner } from "./projections/runner.ts"
import { ClusterWorkflowEngine } from "@effect/cluster"
import { CheckRecorder } from "./writers/check-recorder.ts"
import { JobJournal } from "./writers/job-journal.ts"
import { JobResumerLive } from "./pipeline/job-resumer.ts"
import { OnboardingLive } from "./pipeline/onboarding-workflow.ts"
import { Jobs } from "./projections/jobs.ts"
import { Sites } from "./projections/sites.ts"
import { SiteHosting } from "./http/site-hosting.ts"
import { SiteBuilder } from "./pipeline/site-builder.ts"
import { RankingKeeper } from "./writers/ranking-keeper.ts"
import { WallClock } from "./config/wall-clock.ts"
import { VisibilityAnalysis } from "./pipeline/visibility-analysis.ts"
import { PlatformGateway } from "./platforms/platform-gateway.ts"
import { DocumentSourceLive } from "./projections/documents.ts"
import { Prompts } from "./projections/prompts.ts"
import { RankingScores } from "./projections/ranking-scores.ts"
import { Scores } from "./projections/scores.ts"
import { VisitRecorder } from "./writers/visit-recorder.ts"
import { BotVisits } from "./projections/bot-visits.ts"
import { IdentityJournal } from "./writers/identity-journal.ts"
import { IdentityProviderLive } from "./accounts/identity-provider.ts"
import { Mailer } from "./accounts/mailer.ts"
import { Organizations } from "./projections/organizations.ts"
import { StripeBillingLive } from "./accounts/billing.ts"
import { BillingJournal } from "./writers/billing-journal.ts"
import { BillingAccounts } from "./projections/billing.ts"
import { DailyJournal } from "./writers/daily-journal.ts"
import { SchedulerRuns } from "./projections/scheduler-runs.ts"
import { DailyEntityLive } from "./scheduler/daily-entity-workflow.ts"
import { DailyRunLive } from "./scheduler/daily-run-workflow.ts"
import { DailyCronLive, DailyRunResumerLive, DailyRuns } from "./scheduler/daily-runs.ts"

/** Event store, actors and projections over an already-provided SQL client. */
export const coreLayer = (runner: RunnerOptions = { address: Option.none() }) =>
  Layer.mergeAll(EntityCommands.Default, ProjectionProgressLive).pipe(
    Layer.provideMerge(ProjectionRunner.Default),
    Layer.provideMerge(TrackedEntityLive),
    Layer.provideMerge(runnerLayer(runner)),
    Layer.provideMerge(PgEventStore.layer)
  )

export const CoreLive = coreLayer()

export const coreFor = (target: DatabaseTarget) => CoreLive.pipe(Layer.provideMerge(clientFor(target)))

/** Read models, the platform gateway, pipelines and accounts, over the core. */
export const ServicesLive = Layer.mergeAll(OnboardingLive, JobResumerLive, DailyEntityLive, DailyRunLive, DailyCronLive, DailyRunResumerLive).pipe(
  Layer.provideMerge(DailyRuns.Default),
  Layer.provideMerge(Layer.mergeAll(
    TokenVerifierLayers.layerFromConfig,
    VisibilityAnalysis.Default,
    RankingKeeper.Default,
    JobJournal.Default,
    Jobs.Default,
    ClusterWorkflowEngine.layer,
    SiteHosting.Default,
    BillingJournal.Default,
    BillingAccounts.Default,
    StripeBillingLive,
    DailyJournal.Default,
    SchedulerRuns.Default
  )),
  Layer.provideMerge(SiteBuilder.Default),
  Layer.provideMerge(SiteHostRegistry.Default),
  Layer.provideMerge(Layer.mergeAll(
    SigningKeys.Default,
    Entities.Default,
    SiteHosts.Default,
    Scores.Default,
    Prompts.Default,
    RankingScores.Default,
    CheckRecorder.Default,
    VisitRecorder.Default,
    BotVisits.Default,
    IdentityJournal.Default,
    Organizations.Default,
    Mailer.Default,
    IdentityProviderLive,
    PlatformGateway.Default,
    Sites.Default
  )),
  Layer.provideMerge(DocumentSourceLive)
)

/**
 * One process per embedded data directory: the lock is taken before the database opens. The
 * control socket lets `npm run token` mint a token while this process holds the database.
 */
const embeddedGuard = (target: DatabaseTarget) =>
  target._tag === "Embedded" && target.dataDir !== undefined
    ? Layer.scopedDiscard(acquireEmbeddedLock(target.dataDir, { controlSocket: controlSocketPath(target.dataDir) }))
    : Layer.empty

const controlSocket = (target: DatabaseTarget) =>
  target._tag === "Embedded" && target.dataDir !== undefined
    ? Layer.scopedDiscard(serveControlSocket(controlSocketPath(target.dataDir), mintToken))
    : Layer.empty

/** The embedded database's NOTIFY never drops (one process): its projections poll rarely. */
const projectionPolling = (target: DatabaseTarget) =>
  target._tag === "Embedded" ? Layer.succeed(ProjectionPollInterval, EMBEDDED_POLL_INTERVAL) : Layer.empty

const EMBEDDED_POLL_INTERVAL = Duration.seconds(30)

export interface ServiceOptions {
  /** The time recorded facts are stamped with (tests move it). */
  readonly wallClock?: Layer.Layer<WallClock> | undefined
  /** This process's cluster runner (default: a single runner). */
  readonly runner?: RunnerOptions | undefined
}

/** The whole service, listening on `address`; it needs only AppConfig. */
export const serviceLayer = (
  target: DatabaseTarget,
  address: { readonly port: number; readonly host: string; readonly logRequests?: boolean },
  options: ServiceOptions = {}
) =>
  Layer.mergeAll(serverLayer(address), controlSocket(target)).pipe(
    Layer.provideMerge(ServicesLive),
    Layer.provideMerge(coreLayer(options.runner).pipe(Layer.provide(projectionPolling(target)))),
    Layer.provideMerge(clientFor(target)),
    Layer.provideMerge(options.wallClock ?? WallClock.Default),
    Layer.provide(embeddedGuard(target)),
    // Spans are exported with OTEL_EXPORTER_OTLP_ENDPOINT, and not built at all without it.
    Layer.provide(TracingLive)
  )


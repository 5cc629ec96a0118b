/**
 * What the service is made of, room by room, each room built on the ones below it: the cluster
 * entity and the projection runner (the core), the read models, the stream writers, the
 * services (accounts, platform calls, pipelines, site hosting) and the durable workflows. Each
 * service lists what it needs itself (`dependencies`); a room here only names its members. The
 * infrastructure under them all (database, cluster runner, clock) is chosen in `composition.ts`.
 */
import { ClusterWorkflowEngine } from "@effect/cluster"
import { Layer } from "effect"
import { StripeBillingLive } from "./accounts/billing.ts"
import { IdentityProviderLive } from "./accounts/identity-provider.ts"
import { Mailer } from "./accounts/mailer.ts"
import { SigningKeys } from "./accounts/signing-keys.ts"
import * as TokenVerifierLayers from "./accounts/token-verifier.ts"
import { EntityCommands } from "./actors/entity-commands.ts"
import { TrackedEntityLive } from "./actors/tracked-entity.ts"
import { SiteHosting } from "./http/site-hosting.ts"
import { JobResumerLive } from "./pipeline/job-resumer.ts"
import { OnboardingLive } from "./pipeline/onboarding-workflow.ts"
import { SiteBuilder } from "./pipeline/site-builder.ts"
import { VisibilityAnalysis } from "./pipeline/visibility-analysis.ts"
import { ScoreRevision, ScoreRevisionAtStartLive } from "./pipeline/score-revision.ts"
import { PlatformGateway } from "./platforms/platform-gateway.ts"
import { BillingAccounts } from "./projections/billing.ts"
import { BotVisits } from "./projections/bot-visits.ts"
import { DocumentSourceLive } from "./projections/documents.ts"
import { Entities } from "./projections/entities.ts"
import { Jobs } from "./projections/jobs.ts"
import { Organizations } from "./projections/organizations.ts"
import { Prompts } from "./projections/prompts.ts"
import { RankingScores } from "./projections/ranking-scores.ts"
import { ProjectionRunner } from "./projections/runner.ts"
import { SchedulerRuns } from "./projections/scheduler-runs.ts"
import { Scores } from "./projections/scores.ts"
import { SiteHosts } from "./projections/site-hosts.ts"
import { Sites } from "./projections/sites.ts"
import { DailyEntityLive } from "./scheduler/daily-entity-workflow.ts"
import { DailyRunLive } from "./scheduler/daily-run-workflow.ts"
import { DailyCronLive, DailyRunResumerLive, DailyRuns } from "./scheduler/daily-runs.ts"
import { BillingJournal } from "./writers/billing-journal.ts"
import { CheckRecorder } from "./writers/check-recorder.ts"
import { DailyJournal } from "./writers/daily-journal.ts"
import { IdentityJournal } from "./writers/identity-journal.ts"
import { JobJournal } from "./writers/job-journal.ts"
import { RankingKeeper } from "./writers/ranking-keeper.ts"
import { SiteHostRegistry } from "./writers/site-host-registry.ts"
import { VisitRecorder } from "./writers/visit-recorder.ts"

/** The tracked-entity actor and the client that sends it commands, and the projection runner. */
export const CoreLive = Layer.mergeAll(EntityCommands.Default, ProjectionRunner.Default).pipe(
  Layer.provideMerge(TrackedEntityLive)
)

/** The read models: queries over the tables the projection runner fills. */
export const ReadModelsLive = Layer.mergeAll(
  Entities.Default,
  SiteHosts.Default,
  Scores.Default,
  Prompts.Default,
  RankingScores.Default,
  BotVisits.Default,
  Organizations.Default,
  Sites.Default,
  Jobs.Default,
  BillingAccounts.Default,
  SchedulerRuns.Default,
  SigningKeys.Default,
  DocumentSourceLive
)

/** The stream writers: each the single writer of its order-free streams. */
export const WritersLive = Layer.mergeAll(
  CheckRecorder.Default,
  VisitRecorder.Default,
  IdentityJournal.Default,
  JobJournal.Default,
  BillingJournal.Default,
  DailyJournal.Default,
  RankingKeeper.Default,
  SiteHostRegistry.Default
)

/** Accounts, platform calls, the pipelines' services, site hosting and the workflow engine. */
export const ServicesLive = Layer.mergeAll(
  TokenVerifierLayers.layerFromConfig,
  Mailer.Default,
  IdentityProviderLive,
  StripeBillingLive,
  PlatformGateway.Default,
  VisibilityAnalysis.Default,
  SiteBuilder.Default,
  SiteHosting.Default,
  DailyRuns.Default,
  ScoreRevision.Default,
  ClusterWorkflowEngine.layer
)

/** The durable workflows, the daily cron, and the resumers that start open ones again. */
export const WorkflowsLive = Layer.mergeAll(
  OnboardingLive,
  JobResumerLive,
  DailyEntityLive,
  DailyRunLive,
  DailyCronLive,
  DailyRunResumerLive,
  ScoreRevisionAtStartLive
)

/** Everything above the core, over it. */
export const ApplicationLive = WorkflowsLive.pipe(
  Layer.provideMerge(ServicesLive),
  Layer.provideMerge(WritersLive),
  Layer.provideMerge(ReadModelsLive)
)

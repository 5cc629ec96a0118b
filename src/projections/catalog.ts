/**
 * Every projection of the service, by name; the runner and `replay` work from this list.
 * `ProjectionName`, what `waitFor` takes, is its keys: a misspelt name does not compile. Each
 * key is its projection's `name` (test/projections/catalog.test.ts holds them together).
 */
import { billingProjection } from "./billing.ts"
import { botVisitsProjection } from "./bot-visits.ts"
import { documentsProjection } from "./documents.ts"
import { entitiesProjection } from "./entities.ts"
import { jobsProjection } from "./jobs.ts"
import { organizationsProjection } from "./organizations.ts"
import type { Projection } from "./projection.ts"
import { promptsProjection } from "./prompts.ts"
import { rankingScoresProjection } from "./ranking-scores.ts"
import { schedulerRunsProjection } from "./scheduler-runs.ts"
import { scoresProjection } from "./scores.ts"
import { siteHostsProjection } from "./site-hosts.ts"
import { sitesProjection } from "./sites.ts"

export const projectionsByName = {
  entities: entitiesProjection,
  scores: scoresProjection,
  prompts: promptsProjection,
  ranking_scores: rankingScoresProjection,
  documents: documentsProjection,
  jobs: jobsProjection,
  sites: sitesProjection,
  site_hosts: siteHostsProjection,
  bot_visits: botVisitsProjection,
  billing: billingProjection,
  organizations: organizationsProjection,
  scheduler_runs: schedulerRunsProjection
} as const satisfies Record<string, Projection>

/** The name of one of the service's projections. */
export type ProjectionName = keyof typeof projectionsByName

/** In the order the runner starts them. */
export const projections: ReadonlyArray<Projection> = Object.values(projectionsByName)

/** Every projection of the service; the runner and `replay` work from this list. */
import { billingProjection } from "./billing.ts"
import { documentsProjection } from "./documents.ts"
import { entitiesProjection } from "./entities.ts"
import { jobsProjection } from "./jobs.ts"
import type { Projection } from "./projection.ts"
import { organizationsProjection } from "./organizations.ts"
import { promptsProjection } from "./prompts.ts"
import { rankingScoresProjection } from "./ranking-scores.ts"
import { scoresProjection } from "./scores.ts"
import { botVisitsProjection } from "./bot-visits.ts"
import { schedulerRunsProjection } from "./scheduler-runs.ts"
import { siteHostsProjection } from "./site-hosts.ts"
import { sitesProjection } from "./sites.ts"

export const projections: ReadonlyArray<Projection> = [
  entitiesProjection,
  scoresProjection,
  promptsProjection,
  rankingScoresProjection,
  documentsProjection,
  jobsProjection,
  sitesProjection,
  siteHostsProjection,
  botVisitsProjection,
  billingProjection,
  organizationsProjection,
  schedulerRunsProjection
]

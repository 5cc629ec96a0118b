/**
 * What `npm run daily` shows of a run: the progress bars redrawn on a terminal, a plain line for
 * logs, and the closing summary (pure: a run view in, text out); and the two displays that draw
 * the progress on stderr as the run goes.
 */
import type { RunResponse } from "../http/scheduler-api.ts"

export const STEPS = ["site", "blog", "analyze", "score"] as const

/** A run as `GET /api/scheduler/runs/{run_id}` answers it. */
export type RunView = typeof RunResponse.Type

export type Counts = RunView["entities"]

/**
 * A bar of `width` cells: done `█`, failed `▓`, still to do `░`. Cells round down, so a bar is
 * full only when every unit is finished; a step with nothing to do (total 0) is an empty bar.
 */
export const renderBar = (counts: Counts, width = 24): string => {
  if (counts.total <= 0) return `[${"░".repeat(width)}]`
  const cells = (n: number) => Math.floor((Math.min(Math.max(n, 0), counts.total) * width) / counts.total)
  const finished = cells(counts.done + counts.failed)
  const done = Math.min(cells(counts.done), finished)
  return `[${"█".repeat(done)}${"▓".repeat(finished - done)}${"░".repeat(width - finished)}]`
}

/** `done+failed of total`, right-aligned to `digits`, with the failures named when there are any. */
const fraction = (counts: Counts, digits: number) => {
  const text = `${`${counts.done + counts.failed}`.padStart(digits)}/${counts.total}`
  return counts.failed > 0 ? `${text.padEnd(2 * digits + 1)}  ${counts.failed} failed` : text
}

const whose = (run: Pick<RunView, "business_id">) => (run.business_id === null ? "all businesses" : `business ${run.business_id}`)

/** The lines redrawn in place on a terminal: a header, one line per step, then the entities. */
export const renderProgress = (run: RunView, width = 24): Array<string> => {
  const digits = Math.max(...[run.entities, ...STEPS.map((step) => run.steps[step])].map((counts) => `${counts.total}`.length))
  const entities = run.entities
  return [
    `${run.run_id} (${whose(run)}): ${run.state}`,
    ...STEPS.map((step) => `  ${step.padEnd(8)} ${renderBar(run.steps[step], width)} ${fraction(run.steps[step], digits)}`),
    `  entities ${renderBar(entities, width)} ${entities.done + entities.failed}/${entities.total} (${entities.done} done, ${entities.failed} failed, ${entities.remaining} remaining)`
  ]
}

/** One line of plain progress, for logs. */
export const renderPlainProgress = (run: RunView): string => {
  const step = (name: (typeof STEPS)[number]) => {
    const counts = run.steps[name]
    return `${name} ${counts.done + counts.failed}/${counts.total}${counts.failed > 0 ? ` (${counts.failed} failed)` : ""}`
  }
  const entities = run.entities
  return `${run.run_id} ${run.state}: ${STEPS.map(step).join(", ")}; entities ${entities.done} done, ${entities.failed} failed, ${entities.remaining} remaining of ${entities.total}`
}

const duration = (run: RunView) => {
  if (run.started_at === null || run.finished_at === null) return undefined
  const ms = Date.parse(run.finished_at) - Date.parse(run.started_at)
  if (!Number.isFinite(ms) || ms < 0) return undefined
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
}

/** The closing summary, for stdout. */
export const renderSummary = (run: RunView): Array<string> => {
  const rows: Array<[string, Counts]> = [["entities", run.entities], ...STEPS.map((step): [string, Counts] => [step, run.steps[step]])]
  const digits = Math.max(...rows.map(([, counts]) => `${counts.total}`.length))
  const took = duration(run)
  const lines = [
    `run ${run.run_id}: ${run.state}`,
    `  date ${run.date}, ${whose(run)}, trigger ${run.trigger}${took === undefined ? "" : `, took ${took}`}`,
    ...rows.map(([name, counts]) =>
      `  ${name.padEnd(8)} ${`${counts.done}`.padStart(digits)} done, ${`${counts.failed}`.padStart(digits)} failed, ` +
      `${`${counts.remaining}`.padStart(digits)} remaining of ${counts.total}`
    )
  ]
  if (run.failed_entities.length === 0) {
    lines.push("  failed entities: none")
  } else {
    lines.push(`  failed entities: ${run.failed_entities.length}`)
    for (const entity of run.failed_entities) {
      lines.push(`    ${entity.business_id}${entity.item_id === null ? "" : `/${entity.item_id}`}`)
      for (const error of entity.errors) lines.push(`      ${error}`)
    }
  }
  return lines
}

/** Plain (non-terminal) progress: one line at most this often, and only when something moved. */
const PLAIN_EVERY_MS = 5_000

export interface Progress {
  readonly show: (run: RunView) => void
  readonly note: (line: string) => void
  /** Leaves the last drawing in place (or prints the last state) and restores the terminal. */
  readonly end: () => void
}

/** Redrawn in place: the cursor goes back up over the previous drawing, each line is cleared. */
export const terminalProgress = (out: NodeJS.WriteStream): Progress => {
  let drawn = 0
  let hidden = false
  // A pseudo-terminal may not know its size (0 columns): assume 80 then.
  const width = () => Math.max(20, (out.columns > 0 ? out.columns : 80) - 1)
  const draw = (lines: ReadonlyArray<string>) => {
    // A line wider than the terminal wraps and breaks the redraw: cut each to its width.
    const cut = lines.map((line) => [...line].slice(0, width()).join(""))
    const up = drawn > 0 ? `\r\x1b[${drawn}A` : ""
    out.write(`${hidden ? "" : "\x1b[?25l"}${up}${cut.map((line) => `\x1b[2K${line}\n`).join("")}\x1b[J`)
    hidden = true
    drawn = cut.length
  }
  return {
    show: (run) => draw(renderProgress(run, Math.min(24, Math.max(10, width() - 40)))),
    note: (line) => {
      drawn = 0
      out.write(`${line}\n`)
    },
    end: () => {
      if (hidden) out.write("\x1b[?25h")
      hidden = false
    }
  }
}

/** A line when the run moved, at most every PLAIN_EVERY_MS; the last state is printed at the end. */
export const plainProgress = (out: NodeJS.WritableStream): Progress => {
  let lastAt = 0
  let last = ""
  let pending: string | undefined
  return {
    show: (run) => {
      const line = renderPlainProgress(run)
      if (line === last) return
      const now = Date.now()
      if (now - lastAt >= PLAIN_EVERY_MS) {
        out.write(`${line}\n`)
        lastAt = now
        last = line
        pending = undefined
      } else {
        pending = line
      }
    },
    note: (line) => out.write(`${line}\n`),
    end: () => {
      if (pending !== undefined) out.write(`${pending}\n`)
      pending = undefined
    }
  }
}

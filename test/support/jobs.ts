/** Following a background job through `GET /api/jobs/{job_id}` until it ends. */

/** How a suite calls the service: the answer's body as parsed JSON. */
export type JsonCall = (method: string, path: string) => Promise<{ readonly body: any }>

/**
 * Polls the job until it is `succeeded`, `succeeded_with_errors` or `failed` and answers its last body; throws with the
 * job's steps once `timeoutMs` passes (a bound for a loaded machine, not an expected duration).
 */
export const followJob = async (
  call: JsonCall,
  jobId: string,
  options: { readonly timeoutMs?: number; readonly pollMs?: number; readonly onPoll?: (job: any) => void } = {}
): Promise<any> => {
  const deadline = Date.now() + (options.timeoutMs ?? 180_000)
  for (;;) {
    const { body } = await call("GET", `/api/jobs/${jobId}`)
    options.onPoll?.(body)
    if (body.state === "succeeded" || body.state === "succeeded_with_errors" || body.state === "failed") return body
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${body.state}: ${JSON.stringify(body.steps)}`)
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250))
  }
}

/** True for a `YYYY-MM-DD` that names a real day of the calendar (`2026-02-30` does not). */
export const isCalendarDate = (date: string): boolean => {
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date
}

/** The UTC day of an instant: `2026-11-05`. */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10)

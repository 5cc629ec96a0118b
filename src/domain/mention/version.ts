/**
 * The version of the mention detector's rules. Every check records the version that judged it,
 * and a check judged by another version is judged again from its stored answers (docs/api.md,
 * "Re-judged checks").
 *
 * Bump it (by one) in the same commit as any change to `src/domain/mention/` that alters a
 * verdict (visible, position or sentiment) on any answer; a change that alters none (a speed-up
 * with identical verdicts) keeps it. Version 0 stands for checks stored before versions were
 * recorded.
 */
export const DETECTOR_VERSION = 18

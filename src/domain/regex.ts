/**
 * Escapes text for use as a literal inside a regular expression, also under the `u` flag,
 * which refuses escapes of characters that are not syntax (such as `\-`).
 */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

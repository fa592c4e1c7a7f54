/**
 * The path a log line shows: without the query, and without the secret of a loyalty declaration's
 * personal link (issue 26), which is in the path itself: whoever reads the logs must not be able to
 * open someone's declaration.
 */
export function loggedPath(url: string): string {
  return url.split('?')[0].replace(/^\/declaration\/[^/]+/, '/declaration/:token')
}

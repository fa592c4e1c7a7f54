/**
 * Where a measure dialog goes back to: its list with the list's query, or a
 * page of the app named in ?returnTo= (a risk's steering block, say). Only
 * same-site /app paths are followed.
 */
export function measuresReturnTo(search: string) {
  const params = new URLSearchParams(search)
  const returnTo = params.get('returnTo')
  if (returnTo?.startsWith('/app/') && !returnTo.startsWith('//')) return returnTo
  return `/app/measures${search}`
}

// What pages and services share about the fund's logo (decision 0053); the checks and storage are in
// customer-logo.server.ts.

export const LOGO_MAX_BYTES = 200 * 1024
/** What the file picker offers: the types the server accepts (it reads them from the bytes). */
export const LOGO_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg'

/** The address of the signed-in fund's logo; the version makes it cacheable for good. */
export const logoSrc = (version: string | null | undefined) => (version ? `/app/logo?v=${version}` : null)

/** The most declarations a sample may hold (and a download may name). Shared by the page and the service. */
export const SAMPLE_MAX = 500

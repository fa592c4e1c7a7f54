/**
 * The most declarations a sample may hold (and a download may name): their ids in the download's address
 * stay well below the 16 KiB a request's head may have. Shared by the page and the service.
 */
export const SAMPLE_MAX = 200

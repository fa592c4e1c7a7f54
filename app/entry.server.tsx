import { Writable } from 'node:stream'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router'
import { NonceContext, nonceContext } from './utils/nonce.ts'
import { isLocale, fallbackLanguage } from './i18n/config.ts'
import { getLocale } from './i18n/locale.server.ts'
import { i18nForRequest } from './i18n/resources.server.ts'
import { I18nContext } from './i18n/use-translation.ts'
import { loggedPath } from './utils/logged-path.ts'

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  const nonce = loadContext?.get(nonceContext) ?? ''
  // The root loader decided the language; when no route matched (404) it did not run, so detect again.
  const rootData = routerContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined
  const locale = isLocale(rootData?.locale) ? rootData.locale : await getLocale(request).catch(() => fallbackLanguage)
  const i18n = i18nForRequest(locale)
  const userAgent = request.headers.get('user-agent')
  const bot = userAgent ? isbot(userAgent) : false

  // The app's pages render without deferred data, so the document is complete when the shell is:
  // it is sent as one buffer, not streamed chunk by chunk through a web stream (cheaper per request,
  // docs/decisions/0019). The status is the one decided when the shell was ready, as when streaming.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let shellStatus = 0
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timer)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        noStore(responseHeaders)
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: shellStatus || responseStatusCode }))
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nContext.Provider value={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // No boundary is sent apart from the page to be swapped in by a script (React outlines large ones
        // after 12.8 kB): the document goes out whole, and a browser without JavaScript shows all of it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true
          // A bot or SPA mode waited for everything when streaming too: its status is decided then.
          if (!(bot || routerContext.isSpaMode)) shellStatus = responseStatusCode
        },
        onAllReady() {
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    const timer = setTimeout(abort, streamTimeout + 1000)
  })
}

/**
 * Pages are rendered per user and may hold personal data: no browser or proxy keeps a copy
 * (a shared office computer's back button must not show the last user's pages).
 */
function noStore(headers: Headers) {
  try {
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
  } catch {
    // immutable headers (a platform redirect): nothing to cache there anyway
  }
}

/** Client-side navigation's data requests carry the same data as the pages. */
export function handleDataRequest(response: Response) {
  noStore(response.headers)
  return response
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // React Router's own refusal of a cross-site form post (answered 400): a refused request, not a fault.
  if (error instanceof Error && error.message.includes('origin does not match')) {
    console.warn('[refused]', request.method, loggedPath(new URL(request.url).pathname), 'cross-site form post')
    return
  }
  console.error('[error]', request.method, loggedPath(new URL(request.url).pathname), error instanceof Error ? error.stack : error)
}

// Upload and download of a 25 MB file through the running app (issue 25: time and the server's memory
// growth, at most 64 MB): a plain multipart form posted to an open execution's page as a browser sends
// it, streamed from here piece by piece, then the file downloaded and its SHA-256 checked, then removed
// again through the page. RSS summed over the app's Node processes, sampled every 20 ms.
import { createHash } from 'node:crypto'
import { rssMb, signIn } from './lib.ts'

export const FILE_TARGETS = { growthMb: 64 }
export const FILE_MB = 25

/**
 * A PDF of `mb` MB, piece by piece: its signature, then bytes that do not compress (a 64 KiB block of
 * SHA-512 output repeated: further apart than deflate looks back), as scans do. Never the whole file in memory.
 */
export async function* pdfOf(mb: number, seed = 0): AsyncGenerator<Buffer> {
  const size = mb * 1024 * 1024
  const head = Buffer.from(`%PDF-1.7\n% bench evidence ${seed}\n`)
  yield head
  const piece = Buffer.concat(Array.from({ length: 1024 }, (_, i) => createHash('sha512').update(`${seed}:${i}`).digest()))
  for (let sent = head.length; sent < size; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, size - sent))
}

export type FileRun = { uploadMs: number; uploadGrowthMb: number; downloadMs: number; downloadGrowthMb: number }

/** Runs `work` while sampling the processes' memory: the time and the growth of the peak over the start, MB. */
async function sampled<T>(pids: () => number[], work: () => Promise<T>) {
  const start = rssMb(pids())
  let peak = start
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pids()))
  }, 20)
  const at = performance.now()
  try {
    const value = await work()
    peak = Math.max(peak, rssMb(pids()))
    return { value, ms: Math.round(performance.now() - at), growthMb: Math.round((peak - start) * 10) / 10 }
  } finally {
    clearInterval(timer)
  }
}

function multipart(seed: number) {
  const boundary = `----bench-${seed}-${Date.now()}`
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Bench-Nachweis-${seed}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    )
    yield* pdfOf(FILE_MB, 100 + seed)
    yield Buffer.from(`\r\n--${boundary}--\r\n`)
  }
  const it = parts()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await it.next()
      if (done) controller.close()
      else controller.enqueue(value)
    },
  })
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

/** `runs` uploads and downloads of a 25 MB PDF to execution `id`, as `email`; each file removed again. */
export async function measureFiles(base: string, email: string, password: string, id: string, runs: number, pids: () => number[], log: (line: string) => void) {
  const cookie = await signIn(base, email, password)
  const page = `${base}/app/iks/executions/${id}`
  const out: FileRun[] = []
  for (let i = 0; i < runs; i++) {
    const form = multipart(i)
    const up = await sampled(pids, async () => {
      const res = await fetch(page, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: base, 'Content-Type': form.type },
        body: form.body,
        redirect: 'manual',
        duplex: 'half',
      } as RequestInit)
      await res.arrayBuffer()
      if (res.status !== 302 && res.status !== 303) throw new Error(`upload answered ${res.status}`)
    })
    // The file's address, from the execution's page.
    const html = await (await fetch(page, { headers: { Cookie: cookie } })).text()
    const fileId = html.match(new RegExp(`/app/files/([0-9a-f-]{36})"[^>]*>Bench-Nachweis-${i}\\.pdf<`))?.[1]
    if (!fileId) throw new Error('the uploaded file is not on the execution’s page')
    const down = await sampled(pids, async () => {
      const res = await fetch(`${base}/app/files/${fileId}`, { headers: { Cookie: cookie } })
      if (res.status !== 200 || !res.body) throw new Error(`download answered ${res.status}`)
      const hash = createHash('sha256')
      let bytes = 0
      for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(piece)
        bytes += piece.byteLength
      }
      return { bytes, sha256: hash.digest('hex') }
    })
    const want = createHash('sha256')
    for await (const piece of pdfOf(FILE_MB, 100 + i)) want.update(piece)
    if (down.value.bytes !== FILE_MB * 2 ** 20 || down.value.sha256 !== want.digest('hex')) throw new Error('the downloaded file differs from the uploaded one')
    // Removed through the page, as a performer does: the bench data keeps no uploads.
    const removed = await fetch(page, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'removeFile', fileId }),
      redirect: 'manual',
    })
    if (removed.status !== 302 && removed.status !== 303) throw new Error(`removal answered ${removed.status}`)
    const run = { uploadMs: up.ms, uploadGrowthMb: up.growthMb, downloadMs: down.ms, downloadGrowthMb: down.growthMb }
    out.push(run)
    log(
      `[bench] ${FILE_MB} MB file ${i + 1}/${runs}: upload ${run.uploadMs} ms (+${run.uploadGrowthMb} MB), download ${run.downloadMs} ms (+${run.downloadGrowthMb} MB)`,
    )
  }
  const worst = Math.max(...out.flatMap((r) => [r.uploadGrowthMb, r.downloadGrowthMb]))
  const flags = worst >= FILE_TARGETS.growthMb ? [`memory growth ${worst} MB >= ${FILE_TARGETS.growthMb} MB`] : []
  log(flags.length ? `FLAG: ${flags.join(', ')}` : `file targets met (memory growth < ${FILE_TARGETS.growthMb} MB up and down)`)
  return { targets: FILE_TARGETS, runs: out, flags }
}

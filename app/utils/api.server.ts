import { z } from 'zod'

/** JSON body of an API call; anything else is a 415 or 400, never a crash. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? ''
  // Requiring JSON also means a cross-site form cannot post here without a CORS preflight.
  if (!type.toLowerCase().startsWith('application/json')) {
    throw Response.json({ error: 'unsupported media type: send application/json' }, { status: 415 })
  }
  try {
    const body: unknown = await request.json()
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>
  } catch {}
  throw Response.json({ error: 'invalid JSON body' }, { status: 400 })
}

export function methodNotAllowed(allow: string) {
  return Response.json({ error: 'method not allowed' }, { status: 405, headers: { Allow: allow } })
}

/** The JSON body checked against `schema`; a body that does not fit is a 400 naming its fields. */
export async function parseJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJson(request))
  if (!parsed.success) throw Response.json({ error: 'validation', fields: z.flattenError(parsed.error).fieldErrors }, { status: 400 })
  return parsed.data
}

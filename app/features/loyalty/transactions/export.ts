/** A placeholder, replaced by the resource route itself. */
export function loader() {
  return new Response(null, { status: 404 })
}

// Placeholder while the export is built (issue 27).
export async function loader() {
  return new Response(null, { status: 404 })
}

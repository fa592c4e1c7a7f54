// Placeholder: replaced by the area's page.
export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function Placeholder() {
  return null
}

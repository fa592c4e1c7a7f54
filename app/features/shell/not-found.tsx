import { data } from 'react-router'

// Any URL no route claims: the root error boundary renders the 404 page in the user's language.
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

export function action() {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
  return null
}
